import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from './client';
import { keptReadVersions } from './schema';
import { deepFreeze } from '../lib/deep-freeze';
import { sharedInTurn } from '../lib/turn-batch';

/**
 * Every read a process keeps between changes, the tables its value is made from, and what moves its
 * version (its row of kept_read_versions) at the commit of a change of them:
 * - `triggers`: triggers on each of its tables (migrations), whoever writes: another process, a
 *   background job, an administrator's statement;
 * - `writers`: the service functions that write its tables, by keptReadChanged in their transaction
 *   (a statement that bypasses them is not seen until the next of their changes).
 * test/kept-reads.test.ts holds each read to this: its statements read no table it does not name
 * here, and each table named has its trigger, or each write of it in the source moves the version.
 * Why one scheme and these two reads: docs/decisions/012-one-caching-scheme.md.
 */
export const KEPT_READS = {
  /** The console's review queues (services/review readReviewQueues), every operator's screen alike. */
  review_queue: { tables: ['applications', 'applicants', 'users', 'businesses'], movedBy: 'triggers' },
  /** The home's menus and banners (GetWxMenu), the same for everyone; changed in the content console. */
  wx_menu: { tables: ['menus', 'banners'], movedBy: 'writers' },
} as const satisfies Record<string, { tables: readonly string[]; movedBy: 'triggers' | 'writers' }>;

export type KeptReadName = keyof typeof KEPT_READS;
/** The kept reads whose writers move their version themselves. */
export type WriterMovedRead = { [Name in KeptReadName]: (typeof KEPT_READS)[Name]['movedBy'] extends 'writers' ? Name : never }[KeptReadName];

export interface KeptReadOptions<Ask, Value> {
  /** The value for an ask, read from the read's tables (and only those: KEPT_READS). */
  load(ask: Ask): Promise<Value>;
  /** The key of an ask: asks with the same key share one value. */
  keyOf(ask: Ask): string;
  /** At most this many values are kept for one version (one for each key asked for). */
  maxKeys: number;
}

/**
 * A read kept by this process while its version (KEPT_READS) stays: each ask reads the version, one
 * small statement a turn shared by every ask of the turn (lib/turn-batch.ts), and gets the value kept
 * for its key with that version, else loads it; the asks for one key in one turn share one load.
 * Reading the version before the rows keeps this safe: a value is at least as new as the version it
 * is kept with. A value is frozen, so its reply is written and compressed once for all its readers
 * (lib/reply-serializer.ts, lib/reply-compression.ts). A failed load is not kept.
 */
export function keptRead<Ask, Value>(db: Database, name: KeptReadName, { load, keyOf, maxKeys }: KeptReadOptions<Ask, Value>): (ask: Ask) => Promise<Value> {
  const kept = new Map<string, { version: number; value: Promise<Value> }>();
  // Named for the read, so that a test can count it (hall_review_queue_version …).
  const versionStatement = db.select({ version: keptReadVersions.version }).from(keptReadVersions).where(eq(keptReadVersions.read, name)).prepare(`hall_${name}_version`);
  const versionInTurn = sharedInTurn(
    async () => {
      const [row] = await versionStatement.execute();
      if (!row) throw new Error(`kept_read_versions has no row for ${name} (the migration that adds it is missing)`);
      return row.version;
    },
    () => '',
  );
  return sharedInTurn(async (ask: Ask) => {
    const version = await versionInTurn(undefined);
    const key = keyOf(ask);
    const found = kept.get(key);
    if (found?.version === version) return found.value;
    for (const [other, entry] of kept) if (entry.version !== version) kept.delete(other);
    if (kept.size >= maxKeys) kept.clear();
    const value = load(ask).then(deepFreeze);
    const entry = { version, value };
    kept.set(key, entry);
    value.catch(() => kept.get(key) === entry && kept.delete(key));
    return value;
  }, keyOf);
}

/**
 * Moves a writer-moved read's version on, in the transaction that changes its tables: every process
 * reads its value afresh once the transaction commits, and not before.
 */
export async function keptReadChanged(tx: Transaction, name: WriterMovedRead): Promise<void> {
  await tx
    .update(keptReadVersions)
    .set({ version: sql`${keptReadVersions.version} + 1` })
    .where(eq(keptReadVersions.read, name));
}
