import { VALIDATION_MESSAGES } from '@hall/domain';
import { and, eq, inArray, isNotNull, notInArray, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { DOCUMENT_KINDS, queryRecords, storedFiles } from '../../db/schema';
import { HallError } from '../../lib/errors';
import { recordStoredFile, type StoredFileRow } from './stored-files';

/**
 * Each citizen's share of the hall's storage (HALL_CITIZEN_QUOTA_BYTES): the sum of the sizes of the
 * files they uploaded — material pictures, hand signatures, PDFs sent for verification. Documents the
 * hall generates for them (the certificate and licence proofs of their zs and dzzz query records) are
 * the hall's own output and do not count: a citizen must never be refused an upload because the hall
 * answered their queries.
 */

type Reader = Pick<Database, 'select'>;
type Writer = Pick<Database, 'select' | 'insert' | 'execute'>;

/** Advisory-lock space of the per-citizen quota lock (the two-key form, apart from the one-key locks of other jobs). */
const QUOTA_LOCK_SPACE = 7_301;

const GIB = 1024 * 1024 * 1024;
const MIB = 1024 * 1024;

/** The quota as a citizen reads it: 2 GB, 1.5 GB, 800 MB. */
export function formatQuota(bytes: number): string {
  if (bytes >= GIB) return `${Number((bytes / GIB).toFixed(1))} GB`;
  return `${Math.max(1, Math.round(bytes / MIB))} MB`;
}

/** The refusal of an upload that does not fit, saying what to do about it. */
export function storageFullMessage(quotaBytes: number): string {
  return `您的存储空间不足（上限 ${formatQuota(quotaBytes)}），请删除不需要的材料后再上传`;
}

export function storageFull(quotaBytes: number): HallError {
  return new HallError(413, storageFullMessage(quotaBytes));
}

/** Bytes the citizen's uploads take now (generated documents excluded). */
export async function usedStorage(db: Reader, openid: string): Promise<number> {
  const generated = db
    .select({ fileId: queryRecords.fileId })
    .from(queryRecords)
    .where(and(eq(queryRecords.openid, openid), inArray(queryRecords.kind, [...DOCUMENT_KINDS]), isNotNull(queryRecords.fileId)));
  const [row] = await db
    .select({ bytes: sum(storedFiles.size).mapWith(Number) })
    .from(storedFiles)
    .where(and(eq(storedFiles.openid, openid), notInArray(storedFiles.id, generated)));
  return row?.bytes ?? 0;
}

/**
 * Bytes the citizen may still upload; refuses at once when there is no room for `incomingBytes`
 * (0 when the size is not known yet, as for a streamed upload). Only a first check, before a byte is
 * stored: recordCitizenFile checks again under the owner's lock.
 */
export async function requireStorageRoom(db: Reader, openid: string, quotaBytes: number, incomingBytes = 0): Promise<number> {
  const room = quotaBytes - (await usedStorage(db, openid));
  if (room <= 0 || incomingBytes > room) throw storageFull(quotaBytes);
  return room;
}

/**
 * Records a citizen's uploaded file inside the caller's transaction, refusing it when it does not fit
 * the quota. The citizen's files are summed under a transaction-scoped advisory lock on their openid,
 * so of two uploads racing for the last room only the first to record fits; the second sees its size
 * and is refused (its caller removes the stored file as for any failed transaction).
 */
export async function recordCitizenFile(tx: Writer, quotaBytes: number, file: { openid: string; storageKey: string; originalName: string; mime: string; size: number }): Promise<StoredFileRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_SPACE}, hashtext(${file.openid}))`);
  if ((await usedStorage(tx, file.openid)) + file.size > quotaBytes) throw storageFull(quotaBytes);
  return recordStoredFile(tx, file);
}

/**
 * The size limit of a streamed upload: the upload limit, or less when the citizen's room is smaller,
 * so storage stops writing once the quota would be passed. `refusal` turns the size refusal of a file
 * cut at the quota into the quota's message.
 */
export async function streamedUploadBound(db: Reader, openid: string, limits: { uploadMaxBytes: number; quotaBytes: number }): Promise<{ maxBytes: number; refusal(error: unknown): unknown }> {
  const room = await requireStorageRoom(db, openid, limits.quotaBytes);
  const maxBytes = Math.min(limits.uploadMaxBytes, room);
  const cutByQuota = maxBytes < limits.uploadMaxBytes;
  return {
    maxBytes,
    refusal: (error) => (cutByQuota && error instanceof HallError && error.message === VALIDATION_MESSAGES.uploadTooLarge ? storageFull(limits.quotaBytes) : error),
  };
}
