import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { fileTime } from '../../lib/file-time';

/** The least the audit trail is kept (等保 2.0); the database itself refuses to delete a younger row (migration 0029). */
export const AUDIT_MINIMUM_MONTHS = 6;
/** Rows read at a time while writing the archive, so a year of entries never sits in memory at once. */
const ROWS_PER_READ = 5_000;
/** The advisory lock of the archive: one run at a time, so no run settles another's file while it still works. */
const ARCHIVE_LOCK = 'audit_archive';
/**
 * An archive is named for its time and the first and last entry it holds. Until its rows' deletion is
 * known to be committed it carries this suffix: a file so named after a crash is settled by the next run.
 */
const PENDING = '.pending';
const ARCHIVE_NAME = /^audit-trail-\d{8}T\d{6}Z-(\d+)-(\d+)\.jsonl\.gz$/;

/** The steps of a run after which a test stops the process dead (never given by the retention command). */
export type AuditArchiveStep = 'written' | 'deleted' | 'committed';

export interface AuditArchive {
  /** Entries archived and deleted. */
  rows: number;
  /** The archive (JSON lines, gzip) and its SHA-256, also written beside it as <file>.sha256; null when nothing was old enough. */
  file: string | null;
  sha256: string | null;
  /** Archives an interrupted run left: completed (their rows had gone) or discarded (their rows were still there, archived again now). */
  settled: { completed: string[]; discarded: string[] };
}

/**
 * Moves the audit trail's entries older than `months` into a new archive file in `folder`, then deletes
 * them, as the table's owner (which declares it with hall.audit_archive, as the append-only trigger
 * asks). Every entry ends in exactly one archive, whatever moment a crash stops a run: the file is
 * written and synced as `<name>.pending`, the rows are deleted in the same transaction, and only after
 * the commit does the file get its name. A later run first settles what an interrupted one left: a
 * pending file whose first entry is still in the table was never committed and is removed (its rows are
 * archived again); one whose entries are gone was committed, and is named.
 */
export async function archiveAuditTrail(owner: pg.Pool, options: { months: number; folder: string; now?: Date; afterStep?: (step: AuditArchiveStep) => Promise<void> }): Promise<AuditArchive> {
  const months = Math.max(options.months, AUDIT_MINIMUM_MONTHS);
  const now = options.now ?? new Date();
  const step = options.afterStep ?? (async () => {});
  const client = await owner.connect();
  let pending: string | null = null;
  let commitSent = false;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [ARCHIVE_LOCK]);
    const settled = await settleInterrupted(client, options.folder);
    await client.query("SET LOCAL hall.audit_archive = 'on'");
    const { rows: bounds } = await client.query<{ cutoff: Date; first: string | null; last: string | null }>(
      `SELECT cutoff, (SELECT min(id) FROM audit_trail WHERE at < cutoff)::text AS first, (SELECT max(id) FROM audit_trail WHERE at < cutoff)::text AS last
         FROM (SELECT $1::timestamptz - make_interval(months => $2) AS cutoff) c`,
      [now.toISOString(), months],
    );
    const { cutoff, first, last } = bounds[0]!;
    if (!first || !last) {
      await client.query('COMMIT');
      return { rows: 0, file: null, sha256: null, settled };
    }
    await mkdir(options.folder, { recursive: true, mode: 0o700 });
    const file = join(options.folder, `audit-trail-${fileTime(now)}-${first}-${last}.jsonl.gz`);
    pending = `${file}${PENDING}`;
    let rows = 0;
    async function* lines() {
      let after = '0';
      for (;;) {
        const { rows: batch } = await client.query<{ id: string; line: string }>(
          'SELECT id::text AS id, row_to_json(a)::text AS line FROM audit_trail a WHERE id > $1 AND at < $2 ORDER BY id LIMIT $3',
          [after, cutoff, ROWS_PER_READ],
        );
        if (batch.length === 0) return;
        rows += batch.length;
        yield `${batch.map((row) => row.line).join('\n')}\n`;
        after = batch.at(-1)!.id;
      }
    }
    const hash = createHash('sha256');
    const hashing = createGzip();
    hashing.on('data', (chunk: Buffer) => hash.update(chunk));
    await pipeline(Readable.from(lines()), hashing, createWriteStream(pending, { mode: 0o600 }));
    await syncPath(pending);
    await syncPath(options.folder);
    const sha256 = hash.digest('hex');
    await step('written');
    const { rowCount } = await client.query('DELETE FROM audit_trail WHERE at < $1', [cutoff]);
    if (rowCount !== rows) throw new Error(`audit archive wrote ${rows} entries but would delete ${rowCount}`);
    await step('deleted');
    commitSent = true;
    await client.query('COMMIT');
    await step('committed');
    await complete(pending, sha256);
    return { rows, file, sha256, settled };
  } catch (error) {
    // Before the commit was sent nothing happened: the rows stay and the file goes. After it, whether
    // the rows went is not known here; the pending file stays for the next run to settle.
    if (!commitSent) {
      await client.query('ROLLBACK').catch(() => {});
      if (pending) await rm(pending, { force: true });
    }
    throw error;
  } finally {
    client.release();
  }
}

/** Settles the pending archives an interrupted run left in `folder` (the caller holds the archive's lock). */
async function settleInterrupted(client: pg.PoolClient, folder: string): Promise<AuditArchive['settled']> {
  const settled: AuditArchive['settled'] = { completed: [], discarded: [] };
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const name of names.filter((candidate) => candidate.endsWith(PENDING)).sort()) {
    const archived = ARCHIVE_NAME.exec(name.slice(0, -PENDING.length));
    if (!archived) continue;
    const pending = join(folder, name);
    const file = pending.slice(0, -PENDING.length);
    // The deletion takes all of an archive's entries or none: its first entry tells which.
    const { rows } = await client.query<{ present: boolean }>('SELECT EXISTS (SELECT 1 FROM audit_trail WHERE id = $1) AS present', [archived[1]]);
    if (rows[0]!.present) {
      await rm(pending, { force: true });
      settled.discarded.push(file);
    } else {
      await complete(pending, await sha256Of(pending));
      settled.completed.push(file);
    }
  }
  return settled;
}

/** Names a committed archive: its SHA-256 written and synced beside it, then the name, then the folder synced. */
async function complete(pending: string, sha256: string): Promise<void> {
  const file = pending.slice(0, -PENDING.length);
  await writeFile(`${file}.sha256`, `${sha256}  ${file.split('/').at(-1)}\n`, { mode: 0o600 });
  await syncPath(`${file}.sha256`);
  await rename(pending, file);
  await syncPath(dirname(file));
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** fsync of a file or a folder (a folder's entries: a new or renamed name survives a crash). */
async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
