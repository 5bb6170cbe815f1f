import { z } from 'zod';
import { errcodeReply } from '../../envelopes';

/** A console list: its items, in the apilist envelope. */
export function itemsReply<T extends z.ZodType>(item: T) {
  return errcodeReply(z.object({ items: z.array(item) }));
}

/** One page of a console list: its items, how many there are in all, and the page size. */
export function pagedReply<T extends z.ZodType>(item: T) {
  return errcodeReply(z.object({ items: z.array(item), total: z.number(), pageSize: z.number() }));
}

/** The answer of a console delete: the id of what was removed. */
export const removedReply = errcodeReply(z.object({ id: z.string() }));
