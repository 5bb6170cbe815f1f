import { licencePreviewPath, verificationPreviewPath, type QueryRecordDetail, type QueryRecordItem, type QueryRecordKindCode } from '@hall/api/internal';
import { isSignatureVerdict, QUERY_STATE_FOUND } from '@hall/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { queryRecords } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { parseRowId } from '../../../lib/row-id';
import { formatShanghaiDateTime } from '../../../lib/shanghai-time';

export type QueryRecordRow = typeof queryRecords.$inferSelect;

/** The kinds this service answers for; other kinds in query_records (archive …) belong to other services. */
export const RECORD_KINDS: readonly QueryRecordKindCode[] = ['zs', 'dzzz', 'verify'];

export const RECORD_NOT_FOUND = '未找到该查询记录';

/** How a row reads in the record lists: a query says which certificate it was for, a verification its file and verdict. */
export function toRecordItem(row: QueryRecordRow): QueryRecordItem {
  const verdict = row.result?.verdict;
  return {
    ID: String(row.id),
    searchtime: formatShanghaiDateTime(row.createdAt),
    state: row.state,
    state_msg: row.stateMsg,
    ...(row.kind === 'verify' ? { filename: row.filename ?? '', ...(isSignatureVerdict(verdict) ? { verdict } : {}) } : { qzh: row.params.qzh ?? '' }),
  };
}

export function toRecordDetail(row: QueryRecordRow): QueryRecordDetail {
  const kind = row.kind as QueryRecordKindCode;
  const preview = kind === 'verify' ? verificationPreviewPath(row.id) : String(row.state) === QUERY_STATE_FOUND && row.fileId ? licencePreviewPath(row.id) : undefined;
  return { ...toRecordItem(row), kind, result: row.result ?? null, ...(preview ? { preview } : {}) };
}

/** The citizen's records of one kind, newest first. */
export async function listRecords(db: Database, openid: string, kind: QueryRecordKindCode): Promise<QueryRecordItem[]> {
  const rows = await db
    .select()
    .from(queryRecords)
    .where(and(eq(queryRecords.openid, openid), eq(queryRecords.kind, kind)))
    .orderBy(desc(queryRecords.createdAt), desc(queryRecords.id))
    .limit(500);
  return rows.map(toRecordItem);
}

/**
 * One of the citizen's own records of the given kinds; any other record, the citizen's of another
 * kind or another citizen's, is answered as not found so ids reveal nothing.
 */
export async function requireOwnRecord(db: Database, openid: string, id: string | number, kinds: readonly string[]): Promise<QueryRecordRow> {
  const rowId = parseRowId(id);
  if (rowId === null) throw notFound(RECORD_NOT_FOUND);
  const [row] = await db
    .select()
    .from(queryRecords)
    .where(and(eq(queryRecords.id, rowId), eq(queryRecords.openid, openid), inArray(queryRecords.kind, [...kinds])));
  if (!row) throw notFound(RECORD_NOT_FOUND);
  return row;
}
