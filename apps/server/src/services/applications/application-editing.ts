import { NO_DATA_MESSAGE } from '@hall/api/internal';
import { isDeletableApplication, statusRefusal } from '@hall/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Transaction } from '../../db/client';
import { applications } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { parseRowId } from '../../lib/row-id';
import type { ApplicationRow } from './applications';

/** A transaction of the database: what the fill calls write with. */

export const MALFORMED_DATA = '提交的数据格式有误';

/**
 * One of the citizen's own applications, locked for the rest of the transaction, that may still be
 * filled in: not submitted (-1) or rejected (11, 21) — the statuses that may be deleted, too. The lock
 * keeps a submit from slipping in between this check and the write.
 */
export async function lockEditableApplication(tx: Transaction, openid: string, id: string | number): Promise<ApplicationRow> {
  const row = await lockOwnedApplication(tx, openid, id);
  if (!isDeletableApplication(row.shzt)) throw conflict(statusRefusal('edit', row.shzt));
  return row;
}

/** One of the citizen's own applications, locked; another's is as absent as a missing one. */
export async function lockOwnedApplication(tx: Transaction, openid: string, id: string | number): Promise<ApplicationRow> {
  const applicationId = parseRowId(id);
  if (applicationId === null) throw notFound(NO_DATA_MESSAGE);
  const [row] = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.openid, openid)))
    .for('update');
  if (!row) throw notFound(NO_DATA_MESSAGE);
  return row;
}

/**
 * A JSON payload field that a form may send as a string, checked with the contract's schema either
 * way; malformed JSON or a wrong shape is the citizen's to fix.
 */
export function parseJsonField<S extends z.ZodType>(value: unknown, schema: S): z.output<S> {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw badRequest(MALFORMED_DATA);
    }
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw badRequest(MALFORMED_DATA);
  return result.data;
}

/** A form value as stored: trimmed text, '' when absent. */
export function textOf(value: unknown): string {
  return value === null || value === undefined ? '' : String(value).trim();
}
