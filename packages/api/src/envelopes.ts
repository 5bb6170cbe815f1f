import { z } from 'zod';

/**
 * The reply envelopes of the hall (DESIGN.md §2). Which one a call uses is the specification's:
 * `errcode: '00'` for the apilist calls, `state: 1` (or `true`) for appointment, search and save
 * calls, `stat: 1` for queue calls, `webstate: -1` for a failed feedback submit.
 * Every failure carries a readable Chinese errmsg or msg.
 */

/** Session statuses that clear cookies and send the browser to the reply's address (spec part 1 §4). */
export const SESSION_LOST_STATUSES = [-1, -1005, -1001, -400] as const;
export type SessionLostStatus = (typeof SESSION_LOST_STATUSES)[number];

/** What any reply may carry when the session is gone: the status and where to go. */
export const sessionLostReply = z.object({
  status: z.union([z.literal(-1), z.literal(-1005), z.literal(-1001), z.literal(-400)]),
  url: z.string(),
  msg: z.string(),
});
export type SessionLostReply = z.infer<typeof sessionLostReply>;

export function isSessionLost(body: unknown): body is SessionLostReply {
  return sessionLostReply.safeParse(body).success;
}

/** errcode/errmsg/data — the apilist envelope. errcode '00' is success. */
export function errcodeReply<T extends z.ZodType>(data: T) {
  return z.object({
    errcode: z.string(),
    errmsg: z.string().optional(),
    data: data.optional(),
  });
}
export const errcodeOnlyReply = z.object({ errcode: z.string(), errmsg: z.string().optional() });

/** state/msg/data — appointment, search and save calls. state 1 or true is success. */
export function stateReply<T extends z.ZodType>(data: T) {
  return z.object({
    state: z.union([z.number(), z.boolean()]),
    msg: z.string().optional(),
    errmsg: z.string().optional(),
    data: data.optional(),
  });
}

/** stat/msg/data — queue and SMS calls. stat 1 is success. */
export function statReply<T extends z.ZodType>(data: T) {
  return z.object({
    stat: z.number(),
    msg: z.string().optional(),
    data: data.optional(),
  });
}

export const ERRCODE_OK = '00';

export function errcodeOk(reply: { errcode: string }): boolean {
  return reply.errcode === ERRCODE_OK;
}

export function stateOk(reply: { state: number | boolean }): boolean {
  return reply.state === 1 || reply.state === true;
}

export function statOk(reply: { stat: number }): boolean {
  return reply.stat === 1;
}

/** The readable message of a failed reply, whichever field carries it. */
export function replyMessage(reply: { errmsg?: string | undefined; msg?: string | undefined }, fallback = '操作失败，请稍后再试'): string {
  return reply.errmsg || reply.msg || fallback;
}

/** webstate/errmsg/data — the feedback calls (spec part 1 §7: webstate -1 means failure). */
export function webstateReply<T extends z.ZodType>(data: T) {
  return z.object({
    webstate: z.number(),
    errmsg: z.string().optional(),
    msg: z.string().optional(),
    data: data.optional(),
  });
}

export const WEBSTATE_OK = 1;
export const WEBSTATE_FAILED = -1;

export function webstateOk(reply: { webstate: number }): boolean {
  return reply.webstate !== WEBSTATE_FAILED;
}
