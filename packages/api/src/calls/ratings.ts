import { z } from 'zod';
import { RATED_SERVICE_KINDS, RATING_COMMENT_MAX_LENGTH, RATING_MESSAGES, RATING_REASONS, RATING_STATES_MAX } from '@hall/domain';
import { get, post } from '../define-call';
import { errcodeReply } from '../envelopes';
import { plainText, text } from '../common';
import { RATING_FOLLOW_UP_ANSWER_MAX_LENGTH } from '../console-limits';
import { bareRequest, calendarDate, pageNumber, userRequest } from './shared/requests';

/**
 * 好差评 (issue 37 point 5): the citizen rates a finished service once; a low rating opens a follow-up
 * (整改) for the role that gave the service, whose answer the citizen reads and may then rate again.
 * The console lists and answers the follow-ups, counts the ratings by service, site and period, and
 * exports them for the province's 好差评 platform (docs/ratings-export-openapi.yaml).
 */

const serviceKind = z.enum(RATED_SERVICE_KINDS as [string, ...string[]], { error: RATING_MESSAGES.notYours });
const serviceId = text(24);

/** One rating as its citizen and the console see it. Times: YYYY-MM-DD HH:mm:ss (Asia/Shanghai). */
export const ratingView = z.object({
  id: z.string(),
  kind: z.string(),
  serviceId: z.string(),
  /** The service as the citizen knows it: the business, the query, the booking, the number. */
  serviceTitle: z.string(),
  /** 1 the first rating, 2 the one after a follow-up's answer. */
  round: z.number(),
  /** 5 非常满意 … 1 非常不满意 (packages/domain RATING_GRADES). */
  grade: z.number(),
  gradeLabel: z.string(),
  comment: z.string(),
  reasons: z.array(z.string()),
  ratedAt: z.string(),
  /** The follow-up of a low rating: its deadline (YYYY-MM-DD), the answer ('' while open) and when. */
  followUp: z.object({ dueOn: z.string(), answer: z.string(), answeredAt: z.string() }).nullable(),
});
export type RatingView = z.infer<typeof ratingView>;

/** A service's ratings for its citizen, and whether the citizen may rate it now. */
export const serviceRatings = z.object({ ratings: z.array(ratingView), canRate: z.boolean() });
export type ServiceRatings = z.infer<typeof serviceRatings>;

/**
 * Where one service of a list stands for 好差评, as the server reads it: whether the citizen may rate it
 * now (finished, and never rated or its follow-up answered) and the latest rating with its follow-up.
 * A service that is not the citizen's or does not exist reads like one not finished and never rated.
 */
export const ratingState = z.object({ serviceId: z.string(), canRate: z.boolean(), latest: ratingView.nullable() });
export type RatingState = z.infer<typeof ratingState>;

/** One follow-up in the console: the rating, without the citizen's ID number or phone. */
export const ratingFollowUpItem = ratingView.extend({
  followUpId: z.string(),
  role: z.string(),
  site: z.string(),
  /** The citizen's name, masked. */
  citizenName: z.string(),
  state: z.string(),
  /** The 姓名 of the operator who answered ('' while open). */
  answeredBy: z.string(),
});
export type RatingFollowUpItem = z.infer<typeof ratingFollowUpItem>;

/** Counts of one group of the statistics. */
export const ratingFigures = z.object({
  key: z.string(),
  label: z.string(),
  total: z.number(),
  /** Counts by grade, 5 to 1. */
  byGrade: z.array(z.number()),
  /** Share of 非常满意, 满意 and 基本满意 among all, 0–100 with one decimal. */
  satisfiedPercent: z.number(),
});
export type RatingFigures = z.infer<typeof ratingFigures>;

const period = { from: calendarDate, to: calendarDate };

/**
 * One rating as the province's platform receives it (docs/ratings-export-openapi.yaml): no openid, no
 * name, no ID number or phone; the service by kind and title, the site by its code.
 */
export const exportedRating = z.object({
  ratingId: z.string(),
  serviceKind: z.string(),
  serviceTitle: z.string(),
  site: z.string(),
  round: z.number(),
  grade: z.number(),
  gradeLabel: z.string(),
  comment: z.string(),
  reasons: z.array(z.string()),
  ratedAt: z.string(),
  followUp: z.object({ dueOn: z.string(), answered: z.boolean(), answeredAt: z.string() }).nullable(),
});
export const ratingExportFile = z.object({
  /** The form's name and version: hall-ratings/1. */
  format: z.literal('hall-ratings/1'),
  /** The hall's district code (HALL_XZQDM). */
  region: z.string(),
  from: z.string(),
  to: z.string(),
  generatedAt: z.string(),
  records: z.array(exportedRating),
});
export type RatingExportFile = z.infer<typeof ratingExportFile>;

export const ratingCalls = {
  /** The session citizen's ratings of one service of theirs, and whether a rating may be given now. */
  getServiceRatings: post('/online/wx/apilist/getServiceRatings', userRequest.extend({ kind: serviceKind, serviceId }), errcodeReply(serviceRatings)),
  /**
   * Rates a finished service of the session citizen: grade 1–5, a comment of at most 200 characters,
   * for 1 and 2 at least one reason. Refused with a message: another's or a missing service, one not
   * finished, one rated already (again only after the follow-up's answer, once).
   */
  rateService: post(
    '/online/wx/apilist/rateService',
    userRequest.extend({
      kind: serviceKind,
      serviceId,
      grade: z
        .number({ error: RATING_MESSAGES.gradeRequired })
        .int({ error: RATING_MESSAGES.gradeRequired })
        .min(1, { error: RATING_MESSAGES.gradeRequired })
        .max(5, { error: RATING_MESSAGES.gradeRequired }),
      // The length rule is checked after trimming, so its message reaches the citizen; this bound only stops a runaway body.
      comment: plainText(RATING_COMMENT_MAX_LENGTH * 8).optional(),
      reasons: z
        .array(z.enum(RATING_REASONS, { error: RATING_MESSAGES.reasonsRequired }))
        .max(RATING_REASONS.length)
        .optional(),
    }),
    errcodeReply(serviceRatings),
  ),
  /** The rating state of each service of a list the citizen is shown (query records, bookings, numbers, applications, feedback), in the order asked. */
  getRatingStates: post(
    '/online/wx/apilist/getRatingStates',
    userRequest.extend({ kind: serviceKind, serviceIds: z.array(serviceId).min(1).max(RATING_STATES_MAX) }),
    errcodeReply(z.object({ states: z.array(ratingState) })),
  ),
  /** 我的评价: every rating of the session citizen, newest first. */
  getMyRatings: post('/online/wx/apilist/getMyRatings', userRequest, errcodeReply(z.object({ ratings: z.array(ratingView) }))),

  /** The console's follow-ups for the operator's roles, open first, then by deadline. */
  listRatingFollowUps: post(
    '/online/admin/api/ratings/follow-ups',
    bareRequest.extend({ page: pageNumber, only: z.enum(['open']).optional() }),
    errcodeReply(z.object({ items: z.array(ratingFollowUpItem), total: z.number(), open: z.number(), pageSize: z.number() })),
  ),
  /** One follow-up; another role's answers 整改不存在或不属于您的岗位. */
  getRatingFollowUp: post('/online/admin/api/ratings/follow-up', bareRequest.extend({ id: text(24) }), errcodeReply(ratingFollowUpItem)),
  /** The answer to an open follow-up (required, at most 500 characters); final, like a feedback reply. */
  answerRatingFollowUp: post('/online/admin/api/ratings/answer', bareRequest.extend({ id: text(24), answer: plainText(RATING_FOLLOW_UP_ANSWER_MAX_LENGTH * 8) }), errcodeReply(ratingFollowUpItem)),
  /** Counts by service, by site and overall for a period of rating days (Asia/Shanghai, both inclusive). */
  ratingStatistics: post(
    '/online/admin/api/ratings/statistics',
    bareRequest.extend(period),
    errcodeReply(z.object({ overall: ratingFigures, byService: z.array(ratingFigures), bySite: z.array(ratingFigures) })),
  ),
  /** The ratings of a period for the province's 好差评 platform: the JSON of docs/ratings-export-openapi.yaml. */
  ratingExport: get('/online/admin/api/ratings/export', z.object(period), ratingExportFile),
} as const;
