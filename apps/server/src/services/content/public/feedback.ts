import { validateFeedback } from '@hall/domain';
import { NO_DATA_MESSAGE, type FeedbackItem } from '@hall/api/internal';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { feedback, sessions } from '../../../db/schema';
import { liveSessions, sessionBatch, sessionInReadColumns } from '../../session/sessions';
import { badRequest, notFound } from '../../../lib/errors';
import { formatShanghaiDateTime } from '../../../lib/shanghai-time';
import { firstRowById } from '../../../lib/row-id';
import { perDatabase, preparedStatement } from '../../../db/prepared-statement';
import { batchedInsert } from '../../../lib/batched-insert';

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

type FeedbackValues = { openid: string; content: string };
const feedbackKey = ({ openid, content }: FeedbackValues) => JSON.stringify([openid, content]);

/**
 * The write of sendSaveFeedback, the busiest write a citizen makes: the feedback of one turn goes in
 * one statement (lib/batched-insert.ts), each citizen's own in a row of its own. The columns not
 * named take the table's defaults.
 */
const insertFeedback = perDatabase((db) =>
  batchedInsert(async (values: FeedbackValues[]) => {
    const { rows } = await db.execute<FeedbackValues & { id: number }>(
      sql`INSERT INTO ${feedback} (openid, content)
            SELECT * FROM unnest(${sql.param(values.map((v) => v.openid))}::text[], ${sql.param(values.map((v) => v.content))}::text[])
            RETURNING id, openid, content`,
    );
    return rows;
  }, feedbackKey),
);

/** Stores a citizen's feedback after the domain's rule (not empty, at most 200 characters); answers its id. */
export async function submitFeedback(db: Database, openid: string, content: string | undefined): Promise<string> {
  const failure = validateFeedback({ content });
  if (failure) throw badRequest(failure);
  const row = await insertFeedback(db)({ openid, content: content!.trim() });
  return String(row.id);
}

/** The citizen's own feedback, newest first, found with the session in one statement (for the sessions of a turn). */
const feedbackInSessions = preparedStatement((db) =>
  db
    .select({ session: sessionInReadColumns, item: getTableColumns(feedback) })
    .from(sessions)
    .leftJoin(feedback, eq(feedback.openid, sessions.openid))
    .where(liveSessions)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .prepare('hall_list_feedback_in_sessions'),
);

/** The feedback list read with the session (a citizenReadInSession read, plugins/session.ts), by session id. */
export const readFeedbackWithSession = (db: Database, sessionId: string) => feedbackWithSession(db)(sessionId);
const feedbackWithSession = perDatabase((db) => sessionBatch((params) => feedbackInSessions(db).execute(params)));

/** The citizen's feedback list from its rows. */
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
