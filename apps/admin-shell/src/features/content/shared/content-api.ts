import { errcodeOk, replyMessage } from '@hall/api/browser';
import { LOAD_FAILED_TRY_LATER } from '@hall/app';

/** A console reply's data, or the server's message thrown (for loaders). */
export function dataOrThrow<T>(reply: { errcode: string; errmsg?: string; data?: T }): T {
  if (!errcodeOk(reply) || reply.data === undefined) throw new Error(replyMessage(reply, LOAD_FAILED_TRY_LATER));
  return reply.data;
}

/** A write's outcome: null when done, else the server's message (for useFormSubmit and the list actions). */
export function refusalOf(reply: { errcode: string; errmsg?: string }, fallback: string): string | null {
  return errcodeOk(reply) ? null : replyMessage(reply, fallback);
}

/** The ids of a list with one item moved a place up (-1) or down (+1); null at the list's end. */
export function moved(ids: string[], id: string, step: -1 | 1): string[] | null {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
