import { z } from 'zod';
import { apilist, get } from '../define-call';
import { errcodeOnlyReply, errcodeReply } from '../envelopes';
import { text, plainText } from '../common';
import { pagedReply } from './shared/replies';
import { bareRequest, calendarDate, listOrder, pageNumber } from './shared/requests';
import { applicationDetail, reviewOpinions } from './apply';
import { applicationMaterial } from './apply-fill';
import { REVIEW_OPINION_MAX_LENGTH, REVIEW_QUEUE_PAGE_MAX } from '../review-limits';

export * from '../review-limits';

/**
 * The back office's review of online applications (docs/architecture.md §7), for operators of the admin shell
 * only: the applications waiting at each stage, one application in full, and the two decisions of each
 * stage. The rule of which decision leads where lives in packages/domain review.ts.
 */

/** The review stages by name, in the order an application passes them (packages/domain REVIEW_STAGE_LABELS). */
export const REVIEW_STAGE_NAMES = ['cadastralSurvey', 'acceptance'] as const;
export const reviewStage = z.enum(REVIEW_STAGE_NAMES);

/** An application waiting for review, as the operators' list shows it. tjsj: submitted, YYYY-MM-DD HH:mm:ss (Asia/Shanghai). */
export const reviewQueueItem = z.object({
  id: z.string(),
  name: z.string(),
  /** The business's own name (prodef_name). */
  business_name: z.string(),
  prolsh: z.string().nullable(),
  slbh: z.string(),
  djlx: z.string(),
  djlx_name: z.string(),
  qllx: z.string(),
  areaname: z.string(),
  xzqdm: z.string(),
  shzt: z.number(),
  tjsj: z.string(),
  /** The citizen who filed it (the profile's name). */
  user_name: z.string(),
  /** The applicants' names, in the order they were added. */
  sqr_names: z.array(z.string()),
  pro_slxmsh: reviewOpinions,
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItem>;

/** One stage's queue: its name and title, the status it reviews (0 or 10), how many applications wait at it, and the page asked for, oldest first. */
export const reviewQueue = z.object({ stage: reviewStage, label: z.string(), status: z.number(), total: z.number(), items: z.array(reviewQueueItem) });
export type ReviewQueue = z.infer<typeof reviewQueue>;

/**
 * One submitted application as the operator reads it: everything getApply answers, its materials with
 * pictures the operator may open, and the stage it waits at (null once decided).
 */
export const reviewApplicationDetail = applicationDetail.extend({
  business_name: z.string(),
  materials: z.array(applicationMaterial),
  stage: reviewStage.nullable(),
});
export type ReviewApplicationDetail = z.infer<typeof reviewApplicationDetail>;

/** The address an operator opens an attachment's picture at. */
export function reviewMaterialFilePath(id: string): string {
  return `/online/wx/apilist/reviewMaterialFile?id=${encodeURIComponent(id)}`;
}

const applicationId = text(20);

export const REVIEW_DECISION_NAMES = ['pass', 'reject'] as const;

/** One decision an operator made (我已审核): when, at which stage, which way and why, and where the application stands now. decidedAt: YYYY-MM-DD HH:mm:ss (Asia/Shanghai). */
export const reviewDecisionItem = z.object({
  id: z.string(),
  decidedAt: z.string(),
  stage: reviewStage,
  decision: z.enum(REVIEW_DECISION_NAMES),
  /** The rejection opinion as written, '' for a pass. */
  opinion: z.string(),
  name: z.string(),
  business_name: z.string(),
  prolsh: z.string().nullable(),
  /** Where the application stands now (it may have moved on since). */
  shzt: z.number(),
});
export type ReviewDecisionItem = z.infer<typeof reviewDecisionItem>;

export const REVIEW_DECISIONS_PAGE_SIZE = 20;

export const reviewCalls = {
  /**
   * The applications waiting at each stage (or at the one named), oldest submission first (newest with
   * order desc): a page of
   * pageSize (default 500, the most one answer holds) from page (default 1) of each queue.
   */
  getReviewList: apilist(
    'getReviewList',
    bareRequest.extend({
      stage: reviewStage.optional(),
      page: pageNumber,
      pageSize: z.number().int().min(1).max(REVIEW_QUEUE_PAGE_MAX).default(REVIEW_QUEUE_PAGE_MAX),
      /** By submission time: asc (oldest first, the queue's own order) unless desc. */
      order: listOrder,
    }),
    errcodeReply(z.object({ lists: z.array(reviewQueue) })),
  ),
  /** The decisions the signed-in operator made, newest first, by stage, decision and day (inclusive), a page of REVIEW_DECISIONS_PAGE_SIZE. */
  getMyReviewDecisions: apilist(
    'getMyReviewDecisions',
    bareRequest.extend({
      page: pageNumber,
      stage: reviewStage.optional(),
      decision: z.enum(REVIEW_DECISION_NAMES).optional(),
      from: calendarDate.optional(),
      to: calendarDate.optional(),
    }),
    pagedReply(reviewDecisionItem),
  ),
  /** One submitted application in full; a draft (not submitted) or a missing one answers 查询无数据. */
  getReviewApply: apilist('getReviewApply', bareRequest.extend({ proinstid: applicationId }), errcodeReply(reviewApplicationDetail)),
  /**
   * A decision at a stage: 权籍调查审核 passes 0 → 10 or rejects 0 → 11 (opinion sh_qjdc_yj); 受理审核
   * accepts 10 → 20, opening the registry case under the acceptance number, or rejects 10 → 21
   * (opinion sh_xmsl_yj). A rejection needs an opinion. Only an application still at that stage
   * changes; of two operators deciding at once, one wins and the other is told.
   */
  reviewApply: apilist(
    'reviewApply',
    bareRequest.extend({
      proinstid: applicationId,
      stage: reviewStage,
      decision: z.enum(['pass', 'reject']),
      /** Kept trimmed; past REVIEW_OPINION_MAX_LENGTH characters the server answers REVIEW_OPINION_TOO_LONG. */
      opinion: plainText(REVIEW_OPINION_MAX_LENGTH * 8).optional(),
    }),
    errcodeReply(z.object({ shzt: z.number(), prolsh: z.string().nullable() })),
  ),
  /** A picture of a submitted application's material, for operators. */
  reviewMaterialFile: get('/online/wx/apilist/reviewMaterialFile', z.object({ id: text(64) }), z.union([z.instanceof(Blob), errcodeOnlyReply]), { binary: true }),
} as const;
