import type pg from 'pg';
import type { HallContext } from '../../context';
import { deleteRecordsOlderThan } from '../queries/records/expired-records';
import { archiveAuditTrail, type AuditArchive } from './audit-archive';
import { sweepStorage } from './storage-retention';

/** Sweep passes at most per run; each removes up to its own cap of drafts and files. */
const MAX_SWEEPS = 1_000;

export interface RetentionReport {
  audit: AuditArchive;
  /** Certificate, licence and archive query records older than HALL_QUERY_RECORD_RETENTION_DAYS. */
  queryRecords: number;
  /** Signature verification records older than HALL_VERIFICATION_RETENTION_DAYS. */
  verificationRecords: number;
  /** What the storage clean-up then removed: expired drafts, and the files nothing refers to any more. */
  drafts: number;
  files: number;
}

/**
 * The retention policy, applied once (scripts/retention.sh): the audit trail's entries older than
 * HALL_AUDIT_RETENTION_MONTHS archived then deleted (as the owner), query and verification records
 * past their days deleted, then the storage clean-up run until it finds nothing, which takes their
 * files (now referred to by nothing) along with expired drafts. `owner` is the tables' owner's pool.
 */
export async function applyRetentionPolicy(hall: Pick<HallContext, 'db' | 'files' | 'env'>, owner: pg.Pool, options: { archiveFolder: string; now?: Date }): Promise<RetentionReport> {
  const now = options.now ?? new Date();
  const { env } = hall;
  const audit = await archiveAuditTrail(owner, { months: env.HALL_AUDIT_RETENTION_MONTHS, folder: options.archiveFolder, now });
  const queryRecordsRemoved = await deleteRecordsOlderThan(hall, env.HALL_QUERY_RECORD_RETENTION_DAYS, 'query', now);
  const verificationRecords = await deleteRecordsOlderThan(hall, env.HALL_VERIFICATION_RETENTION_DAYS, 'verification', now);
  let drafts = 0;
  let files = 0;
  for (let pass = 0; pass < MAX_SWEEPS; pass++) {
    const result = await sweepStorage(hall, { now });
    drafts += result.drafts;
    files += result.files;
    if (!result.ran || (result.drafts === 0 && result.files === 0)) break;
  }
  return { audit, queryRecords: queryRecordsRemoved, verificationRecords, drafts, files };
}
