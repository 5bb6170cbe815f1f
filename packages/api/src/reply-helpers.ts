/** Whether a reply succeeded, in each envelope of the hall (docs/architecture.md §3); plain code, no schemas. */

export const ERRCODE_OK = '00';

export function errcodeOk(reply: { errcode: string }): boolean {
  return reply.errcode === ERRCODE_OK;
}

/** errcode '01' on a list read: it worked and found nothing, so the errmsg is the empty row (spec part 1 §7), not a failure. */
export const ERRCODE_EMPTY = '01';

export function errcodeEmpty(reply: { errcode: string }): boolean {
  return reply.errcode === ERRCODE_EMPTY;
}

/** The phone-code check of the archive query answers errcode true when the code was right. */
export function codeCheckedOk(reply: { errcode: boolean | string }): boolean {
  return reply.errcode === true;
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

export const WEBSTATE_OK = 1;

export const WEBSTATE_FAILED = -1;

export function webstateOk(reply: { webstate: number }): boolean {
  return reply.webstate !== WEBSTATE_FAILED;
}
