import {
  ANSWER_MAX_LENGTH,
  ANSWER_REQUIRED,
  ANSWER_TOO_LONG,
  CONTACT_LINE_INVALID,
  CONTACT_LINE_MAX_LENGTH,
  CONTACT_MAX_LINES,
  CONTACT_REQUIRED,
  MAP_ATTRIBUTION_MAX_LENGTH,
  MAP_ATTRIBUTION_TOO_LONG,
  MAP_TILE_URL_INVALID,
  NO_DATA_MESSAGE,
  QUESTION_MAX_LENGTH,
  QUESTION_REQUIRED,
  QUESTION_TOO_LONG,
  type ConsoleQuestion,
  type MapSetting,
} from '@hall/api/internal';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { commonQuestions, settings } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { parseRowId } from '../../../lib/row-id';
import { CONTACT_SETTING_KEY } from '../public/hall-info';
import { MAP_ATTRIBUTION_SETTING, MAP_TILE_URL_SETTING, isTileTemplate } from '../public/map-config';
import { recordAudit, type AuditActor } from '../../operators/audit';
import { checkedText, reorder } from './content-rules';

type QuestionRow = typeof commonQuestions.$inferSelect;

const toQuestion = (row: QuestionRow): ConsoleQuestion => ({ id: String(row.id), question: row.question, answer: row.answer, sort: row.sort });
const questionView = (row: QuestionRow) => ({ question: row.question, answer: row.answer, sort: row.sort });

export async function listConsoleQuestions(db: Database): Promise<ConsoleQuestion[]> {
  return (await db.select().from(commonQuestions).orderBy(asc(commonQuestions.sort), asc(commonQuestions.id))).map(toQuestion);
}

/** A new question goes last; the citizens' list reads the table, so a change shows at once. */
export async function saveConsoleQuestion(db: Database, actor: AuditActor, input: { id?: string | undefined; question: string; answer: string }): Promise<ConsoleQuestion> {
  const values = {
    question: checkedText(input.question, { max: QUESTION_MAX_LENGTH, required: QUESTION_REQUIRED, tooLong: QUESTION_TOO_LONG }),
    answer: checkedText(input.answer, { max: ANSWER_MAX_LENGTH, required: ANSWER_REQUIRED, tooLong: ANSWER_TOO_LONG }),
  };
  const row = await db.transaction(async (tx) => {
    if (input.id === undefined) {
      await tx.execute(sql`LOCK TABLE ${commonQuestions} IN SHARE ROW EXCLUSIVE MODE`);
      const [last] = await tx.select({ sort: sql<number>`coalesce(max(${commonQuestions.sort}), 0)` }).from(commonQuestions);
      const [created] = await tx
        .insert(commonQuestions)
        .values({ ...values, sort: Number(last!.sort) + 1 })
        .returning();
      await recordAudit(tx, actor, { action: 'question.create', target: `question:${created!.id}`, before: null, after: questionView(created!) });
      return created!;
    }
    const before = await lockQuestion(tx, input.id);
    const [updated] = await tx.update(commonQuestions).set(values).where(eq(commonQuestions.id, before.id)).returning();
    await recordAudit(tx, actor, { action: 'question.update', target: `question:${before.id}`, before: questionView(before), after: questionView(updated!) });
    return updated!;
  });
  return toQuestion(row);
}

async function lockQuestion(tx: Transaction, id: string): Promise<QuestionRow> {
  const rowId = parseRowId(id);
  const [row] = rowId === null ? [] : await tx.select().from(commonQuestions).where(eq(commonQuestions.id, rowId)).for('update');
  if (!row) throw notFound(NO_DATA_MESSAGE);
  return row;
}

export async function orderConsoleQuestions(db: Database, actor: AuditActor, ids: string[]): Promise<ConsoleQuestion[]> {
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(commonQuestions).orderBy(asc(commonQuestions.sort), asc(commonQuestions.id)).for('update');
    await reorder(tx, actor, {
      rows: rows.map((row) => ({ id: String(row.id) })),
      ids,
      target: 'questions',
      write: (id, sort) =>
        tx
          .update(commonQuestions)
          .set({ sort })
          .where(eq(commonQuestions.id, Number(id))),
    });
  });
  return listConsoleQuestions(db);
}

export async function deleteConsoleQuestion(db: Database, actor: AuditActor, id: string): Promise<{ id: string }> {
  await db.transaction(async (tx) => {
    const before = await lockQuestion(tx, id);
    await tx.delete(commonQuestions).where(eq(commonQuestions.id, before.id));
    await recordAudit(tx, actor, { action: 'question.delete', target: `question:${before.id}`, before: questionView(before), after: null });
  });
  return { id };
}

// ── Settings: the contact lines (content) and the map's tile provider (admin) ──

async function readSettings(db: Pick<Database, 'select'>, keys: string[], lock = false): Promise<Map<string, string>> {
  const query = db.select().from(settings).where(inArray(settings.key, keys));
  const rows = lock ? await query.for('update') : await query;
  return new Map(rows.map((row) => [row.key, row.value]));
}

async function writeSetting(tx: Transaction, key: string, value: string): Promise<void> {
  await tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

const splitContact = (value: string) =>
  value
    .split(/[,，]/)
    .map((line) => line.trim())
    .filter(Boolean);

export async function readConsoleContact(db: Database): Promise<{ lines: string[] }> {
  return { lines: splitContact((await readSettings(db, [CONTACT_SETTING_KEY])).get(CONTACT_SETTING_KEY) ?? '') };
}

/** The lines are kept as the one comma-separated string the citizen app splits, so no line may hold a comma. */
export async function saveConsoleContact(db: Database, actor: AuditActor, input: string[]): Promise<{ lines: string[] }> {
  const lines = input.map((line) => line.trim()).filter(Boolean);
  if (lines.length === 0) throw badRequest(CONTACT_REQUIRED);
  if (lines.length > CONTACT_MAX_LINES || lines.some((line) => /[,，]/.test(line) || Array.from(line).length > CONTACT_LINE_MAX_LENGTH)) throw badRequest(CONTACT_LINE_INVALID);
  await db.transaction(async (tx) => {
    const before = (await readSettings(tx, [CONTACT_SETTING_KEY], true)).get(CONTACT_SETTING_KEY) ?? '';
    await writeSetting(tx, CONTACT_SETTING_KEY, lines.join(','));
    await recordAudit(tx, actor, { action: 'contact.update', target: `setting:${CONTACT_SETTING_KEY}`, before: { lines: splitContact(before) }, after: { lines } });
  });
  return { lines };
}

export async function readMapSetting(db: Database): Promise<MapSetting> {
  const values = await readSettings(db, [MAP_TILE_URL_SETTING, MAP_ATTRIBUTION_SETTING]);
  return { tileUrl: values.get(MAP_TILE_URL_SETTING) ?? '', attribution: values.get(MAP_ATTRIBUTION_SETTING) ?? '' };
}

/** '' turns the map off (the site list shows addresses only); anything else must be a tile template the page may load. */
export async function saveMapSetting(db: Database, actor: AuditActor, input: MapSetting): Promise<MapSetting> {
  const tileUrl = input.tileUrl.trim();
  if (tileUrl && !isTileTemplate(tileUrl)) throw badRequest(MAP_TILE_URL_INVALID);
  const attribution = checkedText(input.attribution, { max: MAP_ATTRIBUTION_MAX_LENGTH, tooLong: MAP_ATTRIBUTION_TOO_LONG });
  const after = { tileUrl, attribution };
  await db.transaction(async (tx) => {
    const values = await readSettings(tx, [MAP_TILE_URL_SETTING, MAP_ATTRIBUTION_SETTING], true);
    await writeSetting(tx, MAP_TILE_URL_SETTING, tileUrl);
    await writeSetting(tx, MAP_ATTRIBUTION_SETTING, attribution);
    await recordAudit(tx, actor, {
      action: 'setting.map',
      target: `setting:${MAP_TILE_URL_SETTING}`,
      before: { tileUrl: values.get(MAP_TILE_URL_SETTING) ?? '', attribution: values.get(MAP_ATTRIBUTION_SETTING) ?? '' },
      after,
    });
  });
  return after;
}
