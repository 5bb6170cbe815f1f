import { errcodeOk } from '@hall/api/browser';
import { LOAD_FAILED_TRY_LATER } from './messages';

/** Throws the reply's Chinese message when an errcode reply failed; returns its data otherwise. */
export function dataOf<T>(reply: { errcode: string; errmsg?: string | undefined; data?: T | undefined }, fallback = LOAD_FAILED_TRY_LATER): T {
  if (!errcodeOk(reply) || reply.data === undefined) throw new Error(reply.errmsg || fallback);
  return reply.data;
}
