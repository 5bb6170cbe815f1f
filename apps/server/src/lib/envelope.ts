import type { z } from 'zod';

/** Which envelope a call answers in, read off its reply schema. */
export type EnvelopeKind = 'errcode' | 'state' | 'stat' | 'plain' | 'webstate';

export function envelopeOf(reply: z.ZodType): EnvelopeKind {
  const shape = (reply as unknown as { shape?: Record<string, unknown> }).shape;
  if (!shape) return 'plain';
  if ('errcode' in shape) return 'errcode';
  if ('state' in shape) return 'state';
  if ('stat' in shape) return 'stat';
  if ('webstate' in shape) return 'webstate';
  return 'plain';
}

/**
 * A failure in the envelope the caller expects, always with a readable Chinese message. An errcode
 * other than the generic '01' (a profile gate's 1–4, an apply refusal's 02/03) is kept in every
 * envelope, so a screen can act on it whatever the call's envelope.
 */
export function failureBody(kind: EnvelopeKind, message: string, errcode = '01'): Record<string, unknown> {
  const code = errcode === '01' ? {} : { errcode };
  switch (kind) {
    case 'errcode':
      return { errcode, errmsg: message };
    case 'state':
      return { state: 0, msg: message, errmsg: message, ...code };
    case 'stat':
      return { stat: 0, msg: message, ...code };
    case 'plain':
      return { errcode, errmsg: message, msg: message };
    case 'webstate':
      return { webstate: -1, errmsg: message, msg: message, ...code };
  }
}
