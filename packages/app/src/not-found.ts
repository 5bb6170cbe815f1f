import { errcodeOk, NO_DATA_MESSAGE } from '@hall/api/browser';

/**
 * A read found nothing (an unknown or someone else's record): the screen shows its empty state with
 * this message, not an error with a retry. Loaders throw it; useRemote reports it as `not-found`.
 */
export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

export interface RecordOptions {
  /** Read every failed reply as "not there" (screens that have nothing else to say about a failed read). */
  everyFailureIsNotFound?: boolean;
}

/**
 * The data of an errcode reply. The hall's 查询无数据, or a failure without a message, means the record
 * is not there and throws NotFoundError(notFound); any other failure throws the reply's message.
 */
export function recordOf<T>(reply: { errcode: string; errmsg?: string | undefined; data?: T | undefined }, notFound: string, options: RecordOptions = {}): T {
  if (errcodeOk(reply) && reply.data !== undefined) return reply.data;
  if (options.everyFailureIsNotFound || !reply.errmsg || reply.errmsg === NO_DATA_MESSAGE) throw new NotFoundError(notFound);
  throw new Error(reply.errmsg);
}
