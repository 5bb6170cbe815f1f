import { validateFeedback } from '@hall/domain';
import { NO_DATA_MESSAGE, type FeedbackItem } from '@hall/api';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { feedback, sessions } from '../../db/schema';
import { liveSessions, sessionBatch, sessionInReadColumns } from '../session/sessions';
import { badRequest, notFound } from '../../lib/errors';
import { formatShanghaiDateTime } from '../../lib/shanghai-time';
import { firstRowById } from '../../lib/row-id';
import { perDatabase, preparedStatement } from '../../lib/prepared-statement';

type FeedbackRow = typeof feedback.$inferSelect;

/** Longest operator reply; the citizen's side has the spec's 200 characters, the operator is not bound by it. */

export function toFeedbackItem(row: FeedbackRow): FeedbackItem {
  const reply = row.reply ?? '';
  return {
    id: String(row.id),
    yjnrstr: row.content,
    fknrstr: reply,
    replycontent: reply,
    tjsj: formatShanghaiDateTime(row.createdAt),
    fksj: formatShanghaiDateTime(row.repliedAt),
    status: row.status,
  };
}

/** The write of sendSaveFeedback, prepared like the reads (it is the busiest write a citizen makes). */
const feedbackInsert = preparedStatement((db) =>
  db
    .insert(feedback)
    .values({ openid: sql.placeholder('openid'), content: sql.placeholder('content') })
    .returning()
    .prepare('hall_insert_feedback'),
);

/** Stores a citizen's feedback after the domain's rule (not empty, at most 200 characters). */
export async function submitFeedback(db: Database, openid: string, content: string | undefined): Promise<FeedbackItem> {
  const failure = validateFeedback({ content });
  if (failure) throw badRequest(failure);
  const [row] = await feedbackInsert(db).execute({ openid, content: content!.trim() });
  return toFeedbackItem(row!);
}

/** The citizen's own feedback, newest first, found with the session in one statement (for the sessions of a turn). */
const feedbackInSessions = preparedStatement((db) =>
  db
    .select({ session: sessionInReadColumns, item: feedback })
    .from(sessions)
    .leftJoin(feedback, eq(feedback.openid, sessions.openid))
    .where(liveSessions)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .prepare('hall_list_feedback_in_sessions'),
);

/** The feedback list read with the session (a citizenReadInSession read, plugins/session.ts), by session id. */
export const readFeedbackWithSession = (db: Database, sessionId: string) => feedbackWithSession(db)(sessionId);
const feedbackWithSession = perDatabase((db) => sessionBatch((params) => feedbackInSessions(db).execute(params)));

export function feedbackItemsOf(rows: Awaited<ReturnType<typeof readFeedbackWithSession>>): FeedbackItem[] {
  return rows.flatMap((row) => (row.item ? [toFeedbackItem(row.item)] : []));
}

/** One item of the citizen's own feedback; another's is as absent as a missing one. */
export async function findOwnFeedback(db: Database, openid: string, id: string): Promise<FeedbackItem> {
  const row = await firstRowById(id, (rowId) =>
    db
      .select()
      .from(feedback)
      .where(and(eq(feedback.id, rowId), eq(feedback.openid, openid))),
  );
  if (!row) throw notFound(NO_DATA_MESSAGE);
  return toFeedbackItem(row);
}
