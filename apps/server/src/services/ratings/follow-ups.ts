import { RATING_FOLLOW_UP_ANSWER_MAX_LENGTH, RATING_FOLLOW_UP_PAGE_SIZE, type RatingFollowUpItem } from '@hall/api/internal';
import { FOLLOW_UP_STATES, RATING_MESSAGES, maskPersonName, type OperatorRole } from '@hall/domain';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ratingFollowUps, ratings, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { parseRowId } from '../../lib/row-id';
import { recordAudit, type OperatorActor } from '../operators/audit';
import { toRatingView } from './ratings';
import { notifyCitizen } from '../notifications/outbox';
import { followUpAnsweredNotice } from '../notifications/notices';

/** The roles that give rated services; an operator sees the follow-ups of the ones they hold. */
const SERVING_ROLES: readonly OperatorRole[] = ['reviewer', 'counter'];
export const ANSWER_ACTION = 'rating.follow_up.answer';

/** The serving roles the operator holds; none (a 内容管理员, a 系统管理员) sees an empty list and finds nothing. */
function rolesOf(operatorRoles: readonly string[]): OperatorRole[] {
  return SERVING_ROLES.filter((role) => operatorRoles.includes(role));
}

const columns = { rating: ratings, followUp: ratingFollowUps, citizenName: users.name };

function toItem(row: { rating: typeof ratings.$inferSelect; followUp: typeof ratingFollowUps.$inferSelect; citizenName: string | null }): RatingFollowUpItem {
  return {
    ...toRatingView(row.rating, row.followUp),
    followUpId: String(row.followUp.id),
    role: row.followUp.role,
    site: row.rating.siteName,
    citizenName: maskPersonName(row.citizenName ?? ''),
    state: row.followUp.answeredAt ? FOLLOW_UP_STATES.answered : FOLLOW_UP_STATES.open,
    answeredBy: row.followUp.answeredByName,
  };
}

/** A page of the follow-ups of the operator's roles: open first, by deadline, then the answered newest first. */
export async function listFollowUps(db: Database, operatorRoles: readonly string[], filter: { page: number; only?: 'open' | undefined }) {
  const roles = rolesOf(operatorRoles);
  if (roles.length === 0) return { items: [], total: 0, open: 0, pageSize: RATING_FOLLOW_UP_PAGE_SIZE };
  const mine = inArray(ratingFollowUps.role, roles);
  const where = filter.only === 'open' ? and(mine, isNull(ratingFollowUps.answeredAt)) : mine;
  const rows = await db
    .select(columns)
    .from(ratingFollowUps)
    .innerJoin(ratings, eq(ratings.id, ratingFollowUps.ratingId))
    .leftJoin(users, eq(users.openid, ratings.openid))
    .where(where)
    .orderBy(sql`${ratingFollowUps.answeredAt} is not null`, asc(ratingFollowUps.dueOn), sql`${ratingFollowUps.answeredAt} desc`, asc(ratingFollowUps.id))
    .limit(RATING_FOLLOW_UP_PAGE_SIZE)
    .offset((filter.page - 1) * RATING_FOLLOW_UP_PAGE_SIZE);
  const [[total], [open]] = await Promise.all([
    db.select({ n: count() }).from(ratingFollowUps).where(where),
    db
      .select({ n: count() })
      .from(ratingFollowUps)
      .where(and(mine, isNull(ratingFollowUps.answeredAt))),
  ]);
  return { items: rows.map(toItem), total: total!.n, open: open!.n, pageSize: RATING_FOLLOW_UP_PAGE_SIZE };
}

async function findFollowUp(db: Pick<Database, 'select'>, roles: OperatorRole[], id: string) {
  const rowId = parseRowId(id);
  if (rowId === null || roles.length === 0) return null;
  const [row] = await db
    .select(columns)
    .from(ratingFollowUps)
    .innerJoin(ratings, eq(ratings.id, ratingFollowUps.ratingId))
    .leftJoin(users, eq(users.openid, ratings.openid))
    .where(and(eq(ratingFollowUps.id, rowId), inArray(ratingFollowUps.role, roles)));
  return row ?? null;
}

/** One follow-up of the operator's roles; another role's is as missing as an unknown one. */
export async function readFollowUp(db: Database, operatorRoles: readonly string[], id: string): Promise<RatingFollowUpItem> {
  const row = await findFollowUp(db, rolesOf(operatorRoles), id);
  if (!row) throw notFound(RATING_MESSAGES.followUpNotFound);
  return toItem(row);
}

/**
 * The answer to an open follow-up of the operator's roles, final like a feedback reply: a conditional
 * UPDATE … WHERE answered_at IS NULL, so of two operators answering at once one answer is kept, and
 * the answer and its audit entry land together. The citizen reads it with the rating and may rate again.
 */
export async function answerFollowUp(db: Database, actor: OperatorActor, operatorRoles: readonly string[], id: string, text: string): Promise<RatingFollowUpItem> {
  const roles = rolesOf(operatorRoles);
  const answer = text.trim();
  if (!answer) throw badRequest(RATING_MESSAGES.answerRequired);
  if (Array.from(answer).length > RATING_FOLLOW_UP_ANSWER_MAX_LENGTH) throw badRequest(`整改答复不能超过${RATING_FOLLOW_UP_ANSWER_MAX_LENGTH}个字`);
  const found = await findFollowUp(db, roles, id);
  if (!found) throw notFound(RATING_MESSAGES.followUpNotFound);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(ratingFollowUps)
      .set({ answer, answeredAt: new Date(), answeredBy: actor.operatorId, answeredByName: actor.displayName })
      .where(and(eq(ratingFollowUps.id, found.followUp.id), isNull(ratingFollowUps.answeredAt)))
      .returning({ id: ratingFollowUps.id });
    if (!updated) throw conflict(RATING_MESSAGES.followUpAnswered);
    await recordAudit(tx, actor, { action: ANSWER_ACTION, target: `rating_follow_up:${updated.id}`, after: { answer } });
    // The answer reaches the citizen with it, opening the rating page where they may rate again.
    await notifyCitizen(tx, followUpAnsweredNotice(found.rating, answer));
  });
  return readFollowUp(db, operatorRoles, id);
}
