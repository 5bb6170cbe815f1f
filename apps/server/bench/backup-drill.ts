// The backup drill's figures (docs/deploy.md, "Backups"): a backup of the database DRILL_DATABASE_URL
// names (bench/volume's rows: node bench/volume/run.mjs --keep) is taken, then restored into a fresh
// database on the same server, and the times, sizes and rows are printed. Files: the volume data has
// none, so the files' share is measured apart by seeding DRILL_FILES pictures of DRILL_FILE_BYTES.
//
//   DRILL_DATABASE_URL=postgres://…/hall_volume_1359 npx tsx bench/backup-drill.ts
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { restoreBackup } from '../src/backup/restore-backup';
import { deriveBackupKeys } from '../src/backup/sealed-files';
import { takeBackup } from '../src/backup/take-backup';
import { connectDatabase } from '../src/db/client';
import { readEnv } from '../src/env';
import { LocalFileStorage } from '../src/storage/file-storage';

const source = process.env.DRILL_DATABASE_URL;
if (!source) throw new Error('DRILL_DATABASE_URL: the database to back up');
const fileCount = Number(process.env.DRILL_FILES ?? 2000);
const fileBytes = Number(process.env.DRILL_FILE_BYTES ?? 200_000);

async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  return total;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const work = await mkdtemp(join(tmpdir(), 'hall-drill-'));
const keys = deriveBackupKeys(randomBytes(32));
const env = { ...readEnv({ LOG_LEVEL: 'silent', HALL_MODE: 'demo' }), DATABASE_URL: source, HALL_DATA_DIR: work };
const connection = connectDatabase(source, 2);
const files = await LocalFileStorage.open(join(work, 'files'));
// The files: stored rows of their own, so the backup copies them as it would a hall's uploads.
const openid = (await connection.pool.query<{ openid: string }>('SELECT openid FROM users LIMIT 1')).rows[0]!.openid;
for (let index = 0; index < fileCount; index++) {
  const saved = await files.save(Readable.from([randomBytes(fileBytes)]));
  await connection.pool.query("INSERT INTO stored_files (id, openid, storage_key, mime, size, original_name) VALUES ($1, $2, $3, 'image/jpeg', $4, 'drill.jpg')", [
    `drill-${index}`,
    openid,
    saved.key,
    saved.size,
  ]);
}
const { rows: size } = await connection.pool.query<{ bytes: string }>('SELECT pg_database_size(current_database())::text AS bytes');
console.log(`source: database ${mb(Number(size[0]!.bytes))} on disk, ${fileCount} files of ${fileBytes} bytes (${mb(fileCount * fileBytes)})`);

let started = performance.now();
const report = await takeBackup({ env, pool: connection.pool, files }, keys, { directory: join(work, 'backups'), keep: 1, stampFile: join(work, 'stamp') });
const backupSeconds = (performance.now() - started) / 1000;
const rows = report.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
console.log(`backup:  ${backupSeconds.toFixed(1)} s, ${mb(await folderBytes(report.folder))} (${rows} rows in ${report.manifest.tables.length} tables, ${report.manifest.files.length} files)`);
for (const table of [...report.manifest.tables].sort((a, b) => b.bytes - a.bytes).slice(0, 5))
  console.log(`  ${table.name.padEnd(28)} ${String(table.rows).padStart(9)} rows ${mb(table.bytes).padStart(10)}`);

const admin = new pg.Client({ connectionString: source });
await admin.connect();
const target = `hall_drill_restore_${Date.now()}`;
await admin.query(`CREATE DATABASE ${target}`);
const targetUrl = new URL(source);
targetUrl.pathname = `/${target}`;
started = performance.now();
const restored = await restoreBackup({ ...env, DATABASE_URL: targetUrl.toString() }, report.folder, keys, { filesDir: join(work, 'restored-files') });
const restoreSeconds = (performance.now() - started) / 1000;
console.log(`restore: ${restoreSeconds.toFixed(1)} s (${restored.rows} rows, ${restored.files} files, indexes built and constraints checked)`);

// The drill's rows go in one statement. Nothing refers to them, so a superuser skips the reference
// checks, which at the full volume scan the applicants' table for every row (no index on their signature).
const cleanup = await connection.pool.connect();
await cleanup.query('BEGIN');
const { rows: superuser } = await cleanup.query<{ yes: boolean }>('SELECT rolsuper AS yes FROM pg_roles WHERE rolname = current_user');
if (superuser[0]?.yes) await cleanup.query('SET LOCAL session_replication_role = replica');
await cleanup.query("DELETE FROM stored_files WHERE id LIKE 'drill-%'");
await cleanup.query('COMMIT');
cleanup.release();
await connection.close();
await admin.query(`DROP DATABASE ${target} WITH (FORCE)`);
await admin.end();
await rm(work, { recursive: true, force: true });
