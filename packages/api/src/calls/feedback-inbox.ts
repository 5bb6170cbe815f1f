import { z } from 'zod';
import { post } from '../define-call';
import { errcodeReply } from '../envelopes';
import { plainText, text } from '../common';
import { bareRequest, listOrder, listPageSize, listSort, pageNumber } from './shared/requests';
import { FEEDBACK_INBOX_SORTS, FEEDBACK_REPLY_MAX_LENGTH } from '../console-limits';

export * from '../console-limits';

/**
 * The console's feedback inbox (docs/architecture.md §6), for operators with the 窗口人员 role: the citizens'
 * feedback, unanswered first, one item with who wrote it, and the reply the citizen then reads in
 * 我的反馈 (spec part 1 §3: fknrstr/replycontent, fksj, status 1).
 */

/** One feedback item as the inbox lists it. Times: YYYY-MM-DD HH:mm:ss (Asia/Shanghai), '' while not replied. */
export const inboxFeedbackItem = z.object({
  id: z.string(),
  /** What the citizen wrote (yjnrstr). */
  content: z.string(),
  /** The citizen's name from the profile, '' when not filled in. */
  citizenName: z.string(),
  submittedAt: z.string(),
  /** 0 waiting for a reply, 1 replied. */
  status: z.number(),
  reply: z.string(),
  repliedAt: z.string(),
});
export type InboxFeedbackItem = z.infer<typeof inboxFeedbackItem>;

/** One item opened: also the citizen's phone, masked, '' when the profile has none, and who replied. */
export const inboxFeedbackDetail = inboxFeedbackItem.extend({ maskedPhone: z.string(), repliedBy: z.string() });
export type InboxFeedbackDetail = z.infer<typeof inboxFeedbackDetail>;

export const FEEDBACK_INBOX_PAGE_SIZE = 20;

const feedbackId = text(20);

export const feedbackInboxCalls = {
  /**
   * A page of the citizens' feedback: unanswered first, then newest first, or by the column sorted
   * (order, ascending when left out); search finds text in the feedback or the reply. pageSize
   * defaults to FEEDBACK_INBOX_PAGE_SIZE.
   */
  listInboxFeedback: post(
    '/online/admin/api/feedback/list',
    bareRequest.extend({
      page: pageNumber,
      pageSize: listPageSize,
      sort: listSort(FEEDBACK_INBOX_SORTS),
      order: listOrder,
      search: plainText(100).optional(),
      /** waiting: only the unanswered. */
      only: z.enum(['waiting']).optional(),
    }),
    errcodeReply(z.object({ items: z.array(inboxFeedbackItem), total: z.number(), waiting: z.number(), pageSize: z.number() })),
  ),
  /** One item with its citizen; a missing one answers 查询无数据. */
  getInboxFeedback: post('/online/admin/api/feedback/get', bareRequest.extend({ id: feedbackId }), errcodeReply(inboxFeedbackDetail)),
  /**
   * The reply to an unanswered item (trimmed, required, at most FEEDBACK_REPLY_MAX_LENGTH characters).
   * A reply is final: an answered item, or one another operator answered a moment before, is refused
   * with FEEDBACK_ALREADY_REPLIED.
   */
  replyInboxFeedback: post(
    '/online/admin/api/feedback/reply',
    // The length rule is checked after trimming, so its message reaches the operator; this bound only stops a runaway body.
    bareRequest.extend({ id: feedbackId, reply: plainText(FEEDBACK_REPLY_MAX_LENGTH * 8) }),
    errcodeReply(inboxFeedbackDetail),
  ),
} as const;
