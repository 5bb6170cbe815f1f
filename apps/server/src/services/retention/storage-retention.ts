import { REVIEW_STATUS } from '@hall/domain';
import { and, asc, eq, inArray, isNull, lt, notExists, sql, type SQL } from 'drizzle-orm';
import type { HallContext } from '../../context';
import { startPeriodicJob } from '../../lib/periodic-job';
import { applicants, applicationStatements, applications, downloadFiles, materialFiles, materials, propertyUnits, queryRecords, rightsInfo, storedFiles } from '../../db/schema';
import type { Transaction } from '../../db/client';
import { deleteApplicationRows } from '../applications/applications';
import { deleteStoredFiles } from '../storage/stored-files';

/**
 * The storage clean-up. Two kinds of files go:
 *
 * - drafts never submitted (shzt -1, no submission time, no acceptance number — a revoked application
 *   keeps its number and stays) that nobody has worked on for HALL_DRAFT_RETENTION_DAYS: the draft is
 *   deleted whole, as deleteApply does, with its pictures and signatures. A draft without its files
 *   would look complete and show broken pictures, so it does not stay behind as an empty shell;
 * - stored files nothing refers to any more (material_files, applicants' signatures, query_records,
 *   the hall's download_files by storage key), once older than ORPHAN_FILE_GRACE_MS.
 *
 * Every upload path writes a file's row and what refers to it in one transaction, so a referenced file
 * is never seen unreferenced; the grace period keeps that true for any path that ever records the two
 * apart. Several processes may run passes: a pass works only while it holds a transaction-scoped
 * advisory lock, and rows are claimed with FOR UPDATE SKIP LOCKED, so an application a citizen is
 * editing right now (its row locked) is left for a later pass.
 */

export const ORPHAN_FILE_GRACE_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows a transaction takes on, so a pass never holds locks for long. */
const DRAFTS_PER_BATCH = 50;
const FILES_PER_BATCH = 500;
/** A pass stops after this many batches; what is left waits for the next pass. */
const MAX_BATCHES = 20;
/** One key for every process sharing the database, so only one cleans up at a time. */
const LOCK_KEY = 'stored_file_retention';

export interface RetentionLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RetentionResult {
  /** false when another process held the lock. */
  ran: boolean;
  drafts: number;
  files: number;
}

/**
 * When someone last worked on the application: its creation, or the newest applicant, unit, picture or
 * signature added, rights or statements saved. (Applications carry no update time of their own.)
 */
function lastWorkedOn(): SQL {
  const id = applications.id;
  return sql`greatest(
    ${applications.createdAt},
    (select max(${applicants.createdAt}) from ${applicants} where ${applicants.applicationId} = ${id}),
    (select max(${propertyUnits.createdAt}) from ${propertyUnits} where ${propertyUnits.applicationId} = ${id}),
    (select max(${rightsInfo.updatedAt}) from ${rightsInfo} where ${rightsInfo.applicationId} = ${id}),
    (select max(${applicationStatements.updatedAt}) from ${applicationStatements} where ${applicationStatements.applicationId} = ${id}),
    (select max(${materialFiles.createdAt}) from ${materialFiles} join ${materials} on ${materials.id} = ${materialFiles.materialId} where ${materials.applicationId} = ${id}),
    (select max(${storedFiles.createdAt}) from ${applicants} join ${storedFiles} on ${storedFiles.id} = ${applicants.signatureFileId} where ${applicants.applicationId} = ${id})
  )`;
}

/** A draft never submitted that nobody has worked on since `cutoff`. */
function expiredDraft(cutoff: Date): SQL {
  return and(
    eq(applications.shzt, REVIEW_STATUS.notSubmitted),
    isNull(applications.submittedAt),
    isNull(applications.prolsh),
    lt(applications.createdAt, cutoff),
    sql`${lastWorkedOn()} < ${cutoff.toISOString()}::timestamptz`,
  )!;
}

/** Deletes up to a batch of expired drafts; answers how many and the storage keys of the files that went with them. */
async function expireDrafts(tx: Transaction, cutoff: Date): Promise<{ count: number; keys: string[] }> {
  const claimed = await tx.select({ id: applications.id }).from(applications).where(expiredDraft(cutoff)).orderBy(asc(applications.id)).limit(DRAFTS_PER_BATCH).for('update', { skipLocked: true });
  if (claimed.length === 0) return { count: 0, keys: [] };
  // Asked again now the rows are locked: an edit that committed while they were being claimed counts.
  const expired = await tx
    .select({ id: applications.id, openid: applications.openid })
    .from(applications)
    .where(
      and(
        inArray(
          applications.id,
          claimed.map((row) => row.id),
        ),
        expiredDraft(cutoff),
      ),
    );
  const keys: string[] = [];
  for (const draft of expired) keys.push(...(await deleteApplicationRows(tx, draft.openid, draft.id)));
  return { count: expired.length, keys };
}

/** Deletes up to a batch of stored-file rows nothing refers to and older than `cutoff`; answers their storage keys. */
async function removeUnreferencedFiles(tx: Transaction, cutoff: Date): Promise<string[]> {
  const unreferenced = tx
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        lt(storedFiles.createdAt, cutoff),
        notExists(tx.select({ id: materialFiles.id }).from(materialFiles).where(eq(materialFiles.storedFileId, storedFiles.id))),
        notExists(tx.select({ id: applicants.id }).from(applicants).where(eq(applicants.signatureFileId, storedFiles.id))),
        notExists(tx.select({ id: queryRecords.id }).from(queryRecords).where(eq(queryRecords.fileId, storedFiles.id))),
        notExists(tx.select({ id: downloadFiles.id }).from(downloadFiles).where(eq(downloadFiles.storageKey, storedFiles.storageKey))),
      ),
    )
    .orderBy(asc(storedFiles.createdAt))
    .limit(FILES_PER_BATCH)
    .for('update', { skipLocked: true });
  return deleteStoredFiles(tx, inArray(storedFiles.id, unreferenced));
}

/**
 * One clean-up pass: expired drafts, then unreferenced files, in batches of one transaction each.
 * Files leave storage after their rows' transaction has committed; one that cannot be removed is
 * logged (its row is gone, so it is only disk space).
 */
export async function sweepStorage(hall: Pick<HallContext, 'db' | 'files' | 'env'>, options: { now?: Date; log?: RetentionLog } = {}): Promise<RetentionResult> {
  const now = options.now ?? new Date();
  const draftCutoff = new Date(now.getTime() - hall.env.HALL_DRAFT_RETENTION_DAYS * DAY_MS);
  const fileCutoff = new Date(now.getTime() - ORPHAN_FILE_GRACE_MS);
  const total: RetentionResult = { ran: true, drafts: 0, files: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const outcome = await hall.db.transaction(async (tx) => {
      const [lock] = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtextextended(${LOCK_KEY}, 0)) as locked`).then((result) => result.rows);
      if (!lock?.locked) return null;
      const drafts = await expireDrafts(tx, draftCutoff);
      const orphans = await removeUnreferencedFiles(tx, fileCutoff);
      return { drafts: drafts.count, keys: [...drafts.keys, ...orphans], orphans: orphans.length };
    });
    if (!outcome) return batch === 0 ? { ran: false, drafts: 0, files: 0 } : total;
    for (const key of outcome.keys) {
      await hall.files.remove(key).catch((error: unknown) => options.log?.warn({ err: error, key }, 'could not remove an expired file'));
    }
    total.drafts += outcome.drafts;
    total.files += outcome.keys.length;
    if (outcome.drafts < DRAFTS_PER_BATCH && outcome.orphans < FILES_PER_BATCH) break;
  }
  return total;
}

/** The clean-up's name in hall_job_* series. */
export const STORAGE_SWEEP_JOB = 'storage_sweep';

export interface StorageRetentionJob {
  /** Stops the timer and waits for a pass under way to finish. */
  stop(): Promise<void>;
}

/**
 * Runs sweepStorage every intervalMs, the first pass a minute after start at the latest (not at once,
 * so a start stays light). Nothing is kept between passes but the timer.
 */
export function startStorageRetention(hall: Pick<HallContext, 'db' | 'files' | 'env' | 'metrics'>, options: { intervalMs: number; log: RetentionLog }): StorageRetentionJob {
  const { log } = options;
  const { metrics } = hall;
  metrics.jobStarted(STORAGE_SWEEP_JOB);
  return startPeriodicJob({
    run: () =>
      metrics.jobPass(STORAGE_SWEEP_JOB, async () => {
        const result = await sweepStorage(hall, { log });
        metrics.storageSweepRemoved.inc({ kind: 'drafts' }, result.drafts);
        metrics.storageSweepRemoved.inc({ kind: 'files' }, result.files);
        if (result.drafts || result.files) log.info(result, 'expired drafts and unreferenced files removed');
      }),
    onError: (error) => log.error({ err: error }, 'storage clean-up failed'),
    intervalMs: options.intervalMs,
    firstDelayMs: Math.min(options.intervalMs, 60_000),
  });
}
