import {
  FEEDBACK_ALREADY_REPLIED,
  FEEDBACK_INBOX_PAGE_SIZE,
  FEEDBACK_REPLY_MAX_LENGTH,
  FEEDBACK_REPLY_REQUIRED,
  FEEDBACK_REPLY_TOO_LONG,
  NO_DATA_MESSAGE,
  type FEEDBACK_INBOX_SORTS,
  type ListOrder,
  type InboxFeedbackDetail,
  type InboxFeedbackItem,
} from '@hall/api/internal';
import { maskMobileNumber } from '@hall/domain';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { feedback, users } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { containsPattern } from '../../../lib/like-pattern';
import { listOrderBy } from '../../../lib/list-order';
import { parseRowId } from '../../../lib/row-id';
import { formatShanghaiDateTime } from '../../../lib/shanghai-time';
import { actorNameOf, auditOf, recordAudit, type AuditActor } from '../../operators/audit';
import { notifyCitizen } from '../../notifications/outbox';
import { feedbackRepliedNotice } from '../../notifications/notices';

type FeedbackRow = typeof feedback.$inferSelect;

const WAITING = 0;
const REPLIED = 1;
export const REPLY_ACTION = 'feedback.reply';
const targetOf = (id: number) => `feedback:${id}`;

function toInboxItem(row: FeedbackRow, citizenName: string | null): InboxFeedbackItem {
  return {
    id: String(row.id),
    content: row.content,
    citizenName: citizenName ?? '',
    submittedAt: formatShanghaiDateTime(row.createdAt),
    status: row.status,
    reply: row.reply ?? '',
    repliedAt: formatShanghaiDateTime(row.repliedAt),
  };
}

export interface InboxFilter {
  page: number;
  pageSize?: number | undefined;
  sort?: (typeof FEEDBACK_INBOX_SORTS)[number] | undefined;
  order?: ListOrder | undefined;
  search?: string | undefined;
  only?: 'waiting' | undefined;
}

/** A page of the inbox: unanswered first, then newest first, or by the column sorted; the search matches the feedback or the reply, literally. */
export async function listInbox(db: Database, filter: InboxFilter): Promise<{ items: InboxFeedbackItem[]; total: number; waiting: number; pageSize: number }> {
  const conditions: SQL[] = [];
  const search = filter.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(sql`(${feedback.content} ILIKE ${pattern} ESCAPE '\\' OR coalesce(${feedback.reply}, '') ILIKE ${pattern} ESCAPE '\\')`);
  }
  if (filter.only === 'waiting') conditions.push(eq(feedback.status, WAITING));
  const where = conditions.length ? and(...conditions) : undefined;
  const pageSize = filter.pageSize ?? FEEDBACK_INBOX_PAGE_SIZE;
  const rows = await db
    .select({ row: feedback, citizenName: users.name })
    .from(feedback)
    .leftJoin(users, eq(users.openid, feedback.openid))
    .where(where)
    .orderBy(
      ...listOrderBy(
        filter.sort,
        filter.order,
        { submittedAt: feedback.createdAt, repliedAt: feedback.repliedAt, status: feedback.status },
        // status 0 before 1: the unanswered come first.
        [asc(feedback.status), desc(feedback.createdAt), desc(feedback.id)],
        [desc(feedback.createdAt), desc(feedback.id)],
      ),
    )
    .limit(pageSize)
    .offset((filter.page - 1) * pageSize);
  const [[total], [waiting]] = await Promise.all([db.select({ n: count() }).from(feedback).where(where), db.select({ n: count() }).from(feedback).where(eq(feedback.status, WAITING))]);
  return { items: rows.map(({ row, citizenName }) => toInboxItem(row, citizenName)), total: total!.n, waiting: waiting!.n, pageSize };
}

async function describe(db: Database, row: FeedbackRow): Promise<InboxFeedbackDetail> {
  const [[citizen], trail] = await Promise.all([
    db.select({ name: users.name, phone: users.phone }).from(users).where(eq(users.openid, row.openid)),
    row.status === WAITING ? Promise.resolve([]) : auditOf(db, targetOf(row.id)),
  ]);
  const reply = trail.filter((entry) => entry.action === REPLY_ACTION).at(-1);
  return { ...toInboxItem(row, citizen?.name ?? null), maskedPhone: maskMobileNumber(citizen?.phone ?? ''), repliedBy: reply ? await actorNameOf(db, reply) : '' };
}

/** One item with its citizen's name, masked phone, and who replied (from the audit trail). */
export async function readInboxFeedback(db: Database, id: string): Promise<InboxFeedbackDetail> {
  const rowId = parseRowId(id);
  const [row] = rowId === null ? [] : await db.select().from(feedback).where(eq(feedback.id, rowId));
  if (!row) throw notFound(NO_DATA_MESSAGE);
  return describe(db, row);
}

/**
 * The reply to an unanswered item. A reply is final (the citizen may have read it already), and the
 * write is a conditional UPDATE … WHERE status = 0, so of two operators replying at once exactly one
 * reply is kept and the other operator is told; the reply and its audit entry land together.
 */
export async function replyToInboxFeedback(db: Database, actor: AuditActor, id: string, text: string): Promise<InboxFeedbackDetail> {
  const reply = text.trim();
  if (!reply) throw badRequest(FEEDBACK_REPLY_REQUIRED);
  if (Array.from(reply).length > FEEDBACK_REPLY_MAX_LENGTH) throw badRequest(FEEDBACK_REPLY_TOO_LONG);
  const rowId = parseRowId(id);
  if (rowId === null) throw notFound(NO_DATA_MESSAGE);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(feedback)
      .set({ reply, status: REPLIED, repliedAt: new Date() })
      .where(and(eq(feedback.id, rowId), eq(feedback.status, WAITING)))
      .returning();
    if (!updated) {
      const [current] = await tx.select({ id: feedback.id }).from(feedback).where(eq(feedback.id, rowId));
      throw current ? conflict(FEEDBACK_ALREADY_REPLIED) : notFound(NO_DATA_MESSAGE);
    }
    await recordAudit(tx, actor, {
      action: REPLY_ACTION,
      target: targetOf(updated.id),
      before: { status: WAITING, reply: null },
      after: { status: REPLIED, reply, repliedAt: formatShanghaiDateTime(updated.repliedAt) },
    });
    await notifyCitizen(tx, feedbackRepliedNotice({ id: updated.id, openid: updated.openid, reply }));
    return updated;
  });
  return describe(db, row);
}
