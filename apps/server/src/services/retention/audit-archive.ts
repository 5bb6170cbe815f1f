import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { fileTime } from '../../lib/file-time';

/** The least the audit trail is kept (等保 2.0); the database itself refuses to delete a younger row (migration 0029). */
export const AUDIT_MINIMUM_MONTHS = 6;
/** Rows read at a time while writing the archive, so a year of entries never sits in memory at once. */
const ROWS_PER_READ = 5_000;

export interface AuditArchive {
  /** Entries archived and deleted. */
  rows: number;
  /** The archive (JSON lines, gzip) and its SHA-256, also written beside it as <file>.sha256; null when nothing was old enough. */
  file: string | null;
  sha256: string | null;
}

/**
 * Moves the audit trail's entries older than `months` into a new archive file in `folder`, then deletes
 * them, in one transaction of the table's owner: the file is complete and on disk before the rows go,
 * and a failure leaves every row in place (and no file). Only the owner's connection may do this: it
 * declares it with hall.audit_archive, which the append-only trigger asks for.
 */
export async function archiveAuditTrail(owner: pg.Pool, options: { months: number; folder: string; now?: Date }): Promise<AuditArchive> {
  const months = Math.max(options.months, AUDIT_MINIMUM_MONTHS);
  const now = options.now ?? new Date();
  const client = await owner.connect();
  const stamp = fileTime(now);
  const file = join(options.folder, `audit-trail-${stamp}.jsonl.gz`);
  const partial = `${file}.partial`;
  try {
    await client.query('BEGIN');
    await client.query("SET LOCAL hall.audit_archive = 'on'");
    const { rows: bounds } = await client.query<{ cutoff: Date; last: string | null; count: string }>(
      `SELECT $1::timestamptz - make_interval(months => $2) AS cutoff,
              (SELECT max(id) FROM audit_trail WHERE at < $1::timestamptz - make_interval(months => $2))::text AS last,
              (SELECT count(*) FROM audit_trail WHERE at < $1::timestamptz - make_interval(months => $2))::text AS count`,
      [now.toISOString(), months],
    );
    const { cutoff, last } = bounds[0]!;
    if (!last) {
      await client.query('ROLLBACK');
      return { rows: 0, file: null, sha256: null };
    }
    await mkdir(options.folder, { recursive: true, mode: 0o700 });
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
    await pipeline(Readable.from(lines()), hashing, createWriteStream(partial, { mode: 0o600 }));
    const handle = await open(partial, 'r');
    await handle.sync();
    await handle.close();
    const sha256 = hash.digest('hex');
    const { rowCount } = await client.query('DELETE FROM audit_trail WHERE at < $1', [cutoff]);
    if (rowCount !== rows) throw new Error(`audit archive wrote ${rows} entries but would delete ${rowCount}`);
    await rename(partial, file);
    await writeFile(`${file}.sha256`, `${sha256}  ${file.split('/').at(-1)}\n`);
    await client.query('COMMIT');
    return { rows, file, sha256 };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    await rm(partial, { force: true });
    await rm(file, { force: true });
    throw error;
  } finally {
    client.release();
  }
}
