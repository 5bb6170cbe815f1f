import { errcodeOk, NO_DATA_MESSAGE, replyMessage, REVIEW_QUEUE_PAGE, type ReviewApplicationDetail, type ReviewQueue, type ReviewQueueItem } from '@hall/api/browser';
import { LOAD_FAILED_TRY_LATER, NotFoundError } from '@hall/app';
import { api } from '../../lib/hall';
import type { TableState } from '../../lib/table-state';

export type ReviewStageName = ReviewQueue['stage'];
export type ReviewDecisionName = 'pass' | 'reject';

/** Both stages' queues, oldest submission first: the first page of each, with how many wait. Throws the server's message. */
export async function loadReviewQueues(): Promise<ReviewQueue[]> {
  const reply = await api.getReviewList({ page: 1, pageSize: REVIEW_QUEUE_PAGE });
  if (!errcodeOk(reply) || !reply.data) throw new Error(replyMessage(reply, LOAD_FAILED_TRY_LATER));
  return reply.data.lists;
}

/** A later page of one stage's queue (加载更多). Throws the server's message. */
export async function loadReviewQueuePage(stage: ReviewStageName, page: number): Promise<ReviewQueueItem[]> {
  const reply = await api.getReviewList({ stage, page, pageSize: REVIEW_QUEUE_PAGE });
  const queue = errcodeOk(reply) ? reply.data?.lists[0] : undefined;
  if (!queue) throw new Error(replyMessage(reply, LOAD_FAILED_TRY_LATER));
  return queue.items;
}

/** A page of one stage's queue as the desktop's table asks for it: the size chosen, newest first when the time column is sorted so. Throws the server's message. */
export async function loadReviewTable(stage: ReviewStageName, table: TableState): Promise<ReviewQueue> {
  const newest = table.sortKey === 'tjsj' && table.direction === 'descending';
  const reply = await api.getReviewList({ stage, page: table.page, pageSize: table.pageSize, order: newest ? 'desc' : undefined });
  const queue = errcodeOk(reply) ? reply.data?.lists[0] : undefined;
  if (!queue) throw new Error(replyMessage(reply, LOAD_FAILED_TRY_LATER));
  return queue;
}

/** One submitted application in full. Throws NotFoundError for an unknown one (查询无数据), else the server's message. */
export async function loadReviewApplication(id: string): Promise<ReviewApplicationDetail> {
  const reply = await api.getReviewApply({ proinstid: id });
  if (errcodeOk(reply) && reply.data) return reply.data;
  const message = replyMessage(reply, LOAD_FAILED_TRY_LATER);
  throw message === NO_DATA_MESSAGE ? new NotFoundError(message) : new Error(message);
}

/** A decision at a stage; answers null when made, else the server's message (wrong stage, missing opinion …). */
export async function decideReview(id: string, stage: ReviewStageName, decision: ReviewDecisionName, opinion?: string): Promise<string | null> {
  const reply = await api.reviewApply({ proinstid: id, stage, decision, opinion });
  return errcodeOk(reply) ? null : replyMessage(reply, '审核失败，请稍后重试');
}
