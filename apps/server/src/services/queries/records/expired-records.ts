import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { HallContext } from '../../../context';
import { queryRecords } from '../../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The kind of query record a signature verification leaves (its file: the citizen's uploaded PDF). */
const VERIFICATION_KIND = 'verify';

/**
 * Deletes the query records of a kind (signature verifications, or every other query) created more than
 * `days` ago, for the retention policy; 0 days keeps them all. Their files are left to the storage
 * clean-up, which removes what nothing refers to.
 */
export async function deleteRecordsOlderThan(hall: Pick<HallContext, 'db'>, days: number, kind: 'verification' | 'query', now: Date): Promise<number> {
  if (days === 0) return 0;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const kindIs = kind === 'verification' ? eq(queryRecords.kind, VERIFICATION_KIND) : ne(queryRecords.kind, VERIFICATION_KIND);
  const deleted = await hall.db
    .delete(queryRecords)
    .where(and(kindIs, lt(queryRecords.createdAt, cutoff)))
    .returning({ id: sql`1` });
  return deleted.length;
}
