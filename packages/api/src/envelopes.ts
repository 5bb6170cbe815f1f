import { z } from 'zod';
export * from './session-lost';
export * from './reply-helpers';

/**
 * The reply envelopes of the hall (docs/architecture.md §3). Which one a call uses is the specification's:
 * `errcode: '00'` for the apilist calls, `state: 1` (or `true`) for appointment, search and save
 * calls, `stat: 1` for queue calls, `webstate: -1` for a failed feedback submit.
 * Every failure carries a readable Chinese errmsg or msg.
 */

/** What any reply may carry when the session is gone: the status and where to go. */
export const sessionLostReply = z.object({
  status: z.union([z.literal(-1), z.literal(-1005), z.literal(-1001), z.literal(-400)]),
  url: z.string(),
  msg: z.string(),
});

/** An envelope: the status fields of its kind, and the answer itself, present on success. */
function envelope<S extends z.ZodRawShape, T extends z.ZodType>(status: S, data: T) {
  return z.object({ ...status, data: data.optional() });
}

const errcodeStatus = { errcode: z.string(), errmsg: z.string().optional() };

/** errcode/errmsg/data — the apilist envelope. errcode '00' is success. */
export function errcodeReply<T extends z.ZodType>(data: T) {
  return envelope(errcodeStatus, data);
}
export const errcodeOnlyReply = z.object(errcodeStatus);

/** state/msg/data — appointment, search and save calls. state 1 or true is success. */
export function stateReply<T extends z.ZodType>(data: T) {
  return envelope({ state: z.union([z.number(), z.boolean()]), msg: z.string().optional(), errmsg: z.string().optional() }, data);
}

/** stat/msg/data — queue and SMS calls. stat 1 is success. */
export function statReply<T extends z.ZodType>(data: T) {
  return envelope({ stat: z.number(), msg: z.string().optional() }, data);
}

/** webstate/errmsg/data — the feedback calls (spec part 1 §7: webstate -1 means failure). */
export function webstateReply<T extends z.ZodType>(data: T) {
  return envelope({ webstate: z.number(), errmsg: z.string().optional(), msg: z.string().optional() }, data);
}
