/**
 * What any reply may carry when the session is gone (spec part 1 §4): a status that clears the
 * cookies and the address to go to. Plain code, no schema library, so the browser entry stays small.
 */
export const SESSION_LOST_STATUSES = [-1, -1005, -1001, -400] as const;
export type SessionLostStatus = (typeof SESSION_LOST_STATUSES)[number];

export interface SessionLostReply {
  status: SessionLostStatus;
  url: string;
  msg: string;
}

export function isSessionLost(body: unknown): body is SessionLostReply {
  if (!body || typeof body !== 'object') return false;
  const reply = body as Record<string, unknown>;
  return (SESSION_LOST_STATUSES as readonly unknown[]).includes(reply.status) && typeof reply.url === 'string' && typeof reply.msg === 'string';
}

export class SessionLostError extends Error {
  constructor(readonly reply: SessionLostReply) {
    super(reply.msg);
    this.name = 'SessionLostError';
  }
}

/**
 * The hall refused a sign-in with a message for the citizen (too many attempts, a return from
 * WeChat this browser did not start): shown as it is, never answered by another trip to WeChat.
 */
export class SignInRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignInRefusedError';
  }
}
