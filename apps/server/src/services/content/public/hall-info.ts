import { NO_DATA_MESSAGE, type CommonQuestion } from '@hall/api/internal';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { commonQuestions, settings } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { parseRowId } from '../../../lib/row-id';

/** The settings key holding the contact lines, one comma-separated string. */
export const CONTACT_SETTING_KEY = 'contact_us';

function toQuestion(row: typeof commonQuestions.$inferSelect): CommonQuestion {
  return { id: String(row.id), question: row.question, answer: row.answer };
}

export async function listCommonQuestions(db: Database): Promise<CommonQuestion[]> {
  const rows = await db.select().from(commonQuestions).orderBy(asc(commonQuestions.sort), asc(commonQuestions.id));
  return rows.map(toQuestion);
}

export async function readCommonQuestion(db: Database, id: string): Promise<CommonQuestion> {
  const rowId = parseRowId(id);
  const [row] = rowId === null ? [] : await db.select().from(commonQuestions).where(eq(commonQuestions.id, rowId));
  if (!row) throw notFound(NO_DATA_MESSAGE);
  return toQuestion(row);
}

/** The hall's contact lines, as the operator keeps them in settings. */
export async function readContactLines(db: Database): Promise<string> {
  const [row] = await db.select().from(settings).where(eq(settings.key, CONTACT_SETTING_KEY));
  if (!row?.value) throw notFound(NO_DATA_MESSAGE);
  return row.value;
}
