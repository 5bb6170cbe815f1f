import type { RatingState, RatingView, ServiceRatings } from '@hall/api/internal';
import { RATED_SERVICES, RATING_COMMENT_MAX_LENGTH, RATING_MESSAGES, addWorkingDays, isLowRating, ratingGradeLabel, type RatedServiceKind } from '@hall/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ratingFollowUps, ratings } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { formatShanghaiDate, formatShanghaiDateTime } from '../../lib/shanghai-time';
import { loadCalendarRules } from '../appointments/settings/calendar-rules';
import { findRatedService } from './rated-services';

type RatingRow = typeof ratings.$inferSelect;
type FollowUpRow = typeof ratingFollowUps.$inferSelect;

/** A rating with its follow-up, as the citizen and the console read it. */
export function toRatingView(rating: RatingRow, followUp: FollowUpRow | null): RatingView {
  return {
    id: String(rating.id),
    kind: rating.serviceKind,
    serviceId: rating.serviceId,
    serviceTitle: rating.serviceTitle,
    round: rating.round,
    grade: rating.grade,
    gradeLabel: ratingGradeLabel(rating.grade),
    comment: rating.comment,
    reasons: rating.reasons,
    ratedAt: formatShanghaiDateTime(rating.createdAt),
    followUp: followUp ? { dueOn: followUp.dueOn, answer: followUp.answer ?? '', answeredAt: formatShanghaiDateTime(followUp.answeredAt) } : null,
  };
}

/**
 * Whether a service with these ratings may be rated now: never yet, or once with a follow-up that
 * has been answered (the rating again the answer invites). Two is the most a service gets.
 */
function mayRateAgain(rows: Array<{ followUp: FollowUpRow | null }>): boolean {
  if (rows.length === 0) return true;
  return rows.length === 1 && rows[0]!.followUp?.answeredAt !== null && rows[0]!.followUp?.answeredAt !== undefined;
}

async function ratingsOfService(db: Pick<Database, 'select'>, openid: string, kind: RatedServiceKind, serviceId: string) {
  return db
    .select({ rating: ratings, followUp: ratingFollowUps })
    .from(ratings)
    .leftJoin(ratingFollowUps, eq(ratingFollowUps.ratingId, ratings.id))
    .where(and(eq(ratings.serviceKind, kind), eq(ratings.serviceId, serviceId), eq(ratings.openid, openid)))
    .orderBy(asc(ratings.round));
}

/** The citizen's ratings of one service of theirs; another's or a missing service is refused. */
export async function serviceRatings(db: Database, openid: string, kind: RatedServiceKind, serviceId: string): Promise<ServiceRatings> {
  const service = await findRatedService(db, openid, kind, serviceId);
  if (!service) throw notFound(RATING_MESSAGES.notYours);
  const rows = await ratingsOfService(db, openid, kind, serviceId);
  return { ratings: rows.map((row) => toRatingView(row.rating, row.followUp)), canRate: service.finished && mayRateAgain(rows) };
}

/**
 * Where each of a list's services stands for 好差评, for the session's citizen: whether it may be rated
 * now and its latest rating. Each service is read from its owner's table for this citizen only (one
 * after another: a list is a page of the citizen's own records), so another's or a missing one reads
 * as neither rateable nor rated; the ratings of all of them are one read.
 */
export async function ratingStates(db: Database, openid: string, kind: RatedServiceKind, serviceIds: readonly string[]): Promise<RatingState[]> {
  const ids = [...new Set(serviceIds)];
  const rows = await db
    .select({ rating: ratings, followUp: ratingFollowUps })
    .from(ratings)
    .leftJoin(ratingFollowUps, eq(ratingFollowUps.ratingId, ratings.id))
    .where(and(eq(ratings.serviceKind, kind), inArray(ratings.serviceId, ids), eq(ratings.openid, openid)))
    .orderBy(asc(ratings.round));
  const states: RatingState[] = [];
  for (const serviceId of ids) {
    const service = await findRatedService(db, openid, kind, serviceId);
    const given = service ? rows.filter((row) => row.rating.serviceId === serviceId) : [];
    const latest = given.at(-1);
    states.push({ serviceId, canRate: Boolean(service?.finished) && mayRateAgain(given), latest: latest ? toRatingView(latest.rating, latest.followUp) : null });
  }
  return states;
}

export interface RatingInput {
  kind: RatedServiceKind;
  serviceId: string;
  grade: number;
  comment?: string | undefined;
  reasons?: string[] | undefined;
}

/** The comment trimmed and the reasons checked against the grade; a refusal says what to change. */
function checkedInput(input: RatingInput): { comment: string; reasons: string[] } {
  const comment = (input.comment ?? '').trim();
  if (Array.from(comment).length > RATING_COMMENT_MAX_LENGTH) throw badRequest(RATING_MESSAGES.commentTooLong);
  const reasons = [...new Set(input.reasons ?? [])];
  if (isLowRating(input.grade) && reasons.length === 0) throw badRequest(RATING_MESSAGES.reasonsRequired);
  if (!isLowRating(input.grade) && reasons.length > 0) throw badRequest(RATING_MESSAGES.reasonsOnlyForLow);
  return { comment, reasons };
}

/**
 * Rates a finished service of the session's citizen, once (and once again after a follow-up's answer).
 * The service is read from its owner's table for this citizen only; the rating and, for a low grade,
 * its follow-up (due `followUpDays` working days on, by the site's calendar) are written together.
 * Two ratings racing for the same round meet the unique index: one is kept, the other refused.
 */
export async function rateService(db: Database, openid: string, input: RatingInput, followUpDays: number, now = new Date()): Promise<ServiceRatings> {
  const { comment, reasons } = checkedInput(input);
  const service = await findRatedService(db, openid, input.kind, input.serviceId);
  if (!service) throw notFound(RATING_MESSAGES.notYours);
  if (!service.finished) throw conflict(RATING_MESSAGES.notFinished);

  const today = formatShanghaiDate(now);
  const dueOn = isLowRating(input.grade) ? addWorkingDays(today, followUpDays, (await loadCalendarRules(db, today)).isOpen.bind(null, service.site)) : null;

  await db.transaction(async (tx) => {
    const earlier = await ratingsOfService(tx, openid, input.kind, input.serviceId);
    if (!mayRateAgain(earlier)) throw conflict(earlier.length === 1 && earlier[0]!.followUp ? RATING_MESSAGES.rateAgainNotYet : RATING_MESSAGES.alreadyRated);
    const [saved] = await tx
      .insert(ratings)
      .values({
        openid,
        serviceKind: input.kind,
        serviceId: input.serviceId,
        serviceTitle: service.title,
        site: service.site,
        siteName: service.siteName,
        round: earlier.length + 1,
        grade: input.grade,
        comment,
        reasons,
      })
      .onConflictDoNothing()
      .returning({ id: ratings.id });
    if (!saved) throw conflict(RATING_MESSAGES.alreadyRated);
    if (dueOn) await tx.insert(ratingFollowUps).values({ ratingId: saved.id, role: RATED_SERVICES[input.kind].role, dueOn });
  });
  return serviceRatings(db, openid, input.kind, input.serviceId);
}

/** 我的评价: every rating of the citizen with its follow-up, newest first. */
export async function myRatings(db: Database, openid: string): Promise<RatingView[]> {
  const rows = await db
    .select({ rating: ratings, followUp: ratingFollowUps })
    .from(ratings)
    .leftJoin(ratingFollowUps, eq(ratingFollowUps.ratingId, ratings.id))
    .where(eq(ratings.openid, openid))
    .orderBy(desc(ratings.createdAt), desc(ratings.id));
  return rows.map((row) => toRatingView(row.rating, row.followUp));
}
