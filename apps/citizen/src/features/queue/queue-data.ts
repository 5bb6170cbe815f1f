import { statOk } from '@hall/api/browser';
import type { CallOutput } from '@hall/api/browser';
import { LOAD_FAILED_TRY_LATER } from '@hall/app';

export type QueueCompany = NonNullable<CallOutput<'queueCompanies'>['data']>[number];
export type QueueGroup = NonNullable<CallOutput<'queueGroups'>['data']>[number];
export type QueueBusiness = NonNullable<CallOutput<'queueBusinesses'>['data']>[number];
export type QueueDay = NonNullable<CallOutput<'queueDays'>['data']>[number];
export type QueueDayNumbers = NonNullable<CallOutput<'queueDayNumbers'>['data']>[number];
export type QueueTime = NonNullable<CallOutput<'queueTimeNumbers'>['data']>[number];
export type QueueOrder = NonNullable<CallOutput<'addQueueOrder'>['data']>;

/** What a missing address, opening hours or phone shows (spec part 3 §2.18). */
export const NOT_AVAILABLE = '暂无';

/**
 * The data of a queue reply, or the reply's message thrown: a failed queue list is shown empty with
 * its message (spec part 3 §8: "Queue APIs succeed on stat 1; otherwise lists are emptied").
 */
export function statData<T>(reply: { stat: number; msg?: string | undefined; data?: T | undefined }, fallback = LOAD_FAILED_TRY_LATER): T {
  if (!statOk(reply) || reply.data === undefined) throw new Error(reply.msg || fallback);
  return reply.data;
}
