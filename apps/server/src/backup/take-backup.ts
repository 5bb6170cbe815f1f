import { mkdir, readdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Env } from '../env';
import { fileTime } from '../lib/file-time';
import { FileNotFoundError, type FileStorage } from '../storage/file-storage';
import { filePart, hallVersion, partPath, shippedMigrations, tablePart, writeManifest, type BackupManifest } from './manifest';
import { sealTo, type BackupKeys } from './sealed-files';

/** Rows never backed up: a restored hall starts with every session ended. */
export const SESSION_TABLES = ['sessions', 'operator_sessions'];

/** Backup folders are named for their UTC time, so their names sort as their ages. */
const BACKUP_NAME = /^hall-\d{8}T\d{6}Z$/;

const backupName = (at: Date) => `hall-${fileTime(at)}`;

export interface BackupSources {
  env: Env;
  /** A connection of the hall's database (the application role reads every table). */
  pool: pg.Pool;
  files: FileStorage;
}

export interface BackupReport {
  folder: string;
  manifest: BackupManifest;
  /** Backups removed to keep the last HALL_BACKUP_KEEP. */
  removed: string[];
}

/**
 * Takes a backup into a new folder of `directory` while the hall runs. Every table is read in one
 * REPEATABLE READ READ ONLY transaction, so the rows are one consistent snapshot however many writes
 * go on; the files copied are those the snapshot refers to (a file is stored before the row naming
 * it commits, and stored files never change), so rows and files agree. The folder gets its final
 * name only once complete, and then the stamp file is touched (hall_backup_last_success_timestamp_seconds).
 */
export async function takeBackup(sources: BackupSources, keys: BackupKeys, options: { directory: string; keep: number; stampFile: string; now?: Date }): Promise<BackupReport> {
  const startedAt = options.now ?? new Date();
  const name = backupName(startedAt);
  await mkdir(options.directory, { recursive: true, mode: 0o700 });
  const partial = join(options.directory, `.${name}.partial`);
  await rm(partial, { recursive: true, force: true });
  await mkdir(join(partial, 'database'), { recursive: true, mode: 0o700 });
  try {
    const manifest = await snapshot(sources, keys, partial, startedAt);
    const sealed = await writeManifest(partial, manifest, keys);
    const folder = join(options.directory, name);
    await rename(partial, folder);
    await touch(options.stampFile);
    const removed = await keepLast(options.directory, options.keep);
    return { folder, manifest: sealed, removed };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

async function snapshot(sources: BackupSources, keys: BackupKeys, folder: string, startedAt: Date): Promise<Omit<BackupManifest, 'mac'>> {
  const client = await sources.pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: tableRows } = await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
    const { rows: sequenceRows } = await client.query<{ name: string; value: string | null }>(
      "SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename",
    );
    const [applied] = (await client.query<{ count: string }>('SELECT count(*) AS count FROM drizzle.__drizzle_migrations')).rows;
    const migrations = Number(applied?.count ?? 0);
    const shipped = shippedMigrations();
    if (migrations > shipped.length) throw new Error(`数据库已迁移到第 ${migrations} 版，比本程序（第 ${shipped.length} 版）新：请用与运行中大厅同版本的程序备份。`);
    const tables: BackupManifest['tables'] = [];
    for (const { name } of tableRows) {
      if (SESSION_TABLES.includes(name)) continue;
      const part = tablePart(name);
      const measured = await sealTo(client.query(copyTo(`COPY "${name}" TO STDOUT`)), partPath(folder, part), part, keys);
      tables.push({ name, rows: measured.lines, bytes: measured.bytes, sha256: measured.sha256 });
    }
    // Every place a storage key is kept; the same snapshot as the rows.
    const { rows: keyRows } = await client.query<{ key: string }>(
      'SELECT storage_key AS key FROM stored_files UNION SELECT storage_key FROM article_pictures UNION SELECT storage_key FROM download_files WHERE storage_key IS NOT NULL ORDER BY 1',
    );
    await client.query('COMMIT');
    const files: BackupManifest['files'] = [];
    const missingFiles: string[] = [];
    for (const { key } of keyRows) {
      const part = filePart(key);
      const path = partPath(folder, part);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      try {
        const measured = await sealTo(await sources.files.open(key), path, part, keys);
        files.push({ key, bytes: measured.bytes, sha256: measured.sha256 });
      } catch (error) {
        if (!(error instanceof FileNotFoundError)) throw error;
        await rm(path, { force: true });
        missingFiles.push(key);
      }
    }
    return {
      format: 'hall-backup/1',
      createdAt: startedAt.toISOString(),
      hallVersion: hallVersion(),
      schema: { migrations, tag: shipped[migrations - 1] ?? '' },
      keyId: keys.id,
      storage: sources.env.HALL_STORAGE,
      tables,
      sequences: sequenceRows,
      leftOut: SESSION_TABLES,
      files,
      missingFiles,
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function touch(path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const now = new Date();
  await writeFile(path, `${now.toISOString()}\n`);
  await utimes(path, now, now);
}

/** Removes all but the newest `keep` finished backups of `directory`; answers their names. */
async function keepLast(directory: string, keep: number): Promise<string[]> {
  const names = (await readdir(directory)).filter((name) => BACKUP_NAME.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(join(directory, name), { recursive: true, force: true });
  return old;
}
