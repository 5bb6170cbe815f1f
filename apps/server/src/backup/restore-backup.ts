import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { from as copyFrom } from 'pg-copy-streams';
import { grantApplicationRole, roleOf } from '../db/app-role';
import { connectDatabase } from '../db/client';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../db/embedded';
import { migrateDatabase } from '../db/migrate';
import type { Env } from '../env';
import { appRoot } from '../lib/app-root';
import { localFilesDir } from '../storage/select';
import { filePart, partPath, readManifest, shippedMigrations, tablePart, type BackupManifest } from './manifest';
import { openSealed, type BackupKeys } from './sealed-files';

export interface RestoreReport {
  manifest: BackupManifest;
  rows: number;
  files: number;
}

/**
 * Restores the backup in `folder` into an empty hall: the embedded database of an empty data folder, or
 * the empty database DATABASE_URL names (as HALL_MIGRATION_DATABASE_URL's owner when given), and the
 * local files folder. The schema is rebuilt by this hall's own migrations up to the backup's version,
 * the rows are loaded in one transaction, then the later migrations run: an older backup comes forward,
 * a newer one is refused. Nothing is kept from a backup that fails a check: the transaction is rolled
 * back and the files' staging folder removed (a database that was made stays empty and may be dropped).
 */
export async function restoreBackup(env: Env, folder: string, keys: BackupKeys, options: { filesDir?: string } = {}): Promise<RestoreReport> {
  const manifest = await readManifest(folder, keys);
  const shipped = shippedMigrations();
  const { migrations, tag } = manifest.schema;
  if (migrations > shipped.length)
    throw new Error(`此备份来自更新的大厅（数据库结构第 ${migrations} 版，本程序只到第 ${shipped.length} 版）：请用不低于备份时版本（${manifest.hallVersion}）的程序恢复。`);
  if (migrations < 1 || shipped[migrations - 1] !== tag) throw new Error(`此备份的数据库结构（${tag || '无'}）与本程序的迁移记录不符，无法恢复。`);

  const filesDir = resolve(localFilesDir(env, options.filesDir));
  if (existsSync(filesDir) && (await readdir(filesDir)).length > 0) throw new Error(`文件目录 ${filesDir} 不是空的：恢复只写入空的数据目录，请换一个目录或先移走其中的文件。`);
  let embedded: EmbeddedDatabase | undefined;
  let address: { url: string; ownerUrl: string };
  if (env.DATABASE_URL) address = { url: env.DATABASE_URL, ownerUrl: env.HALL_MIGRATION_DATABASE_URL ?? env.DATABASE_URL };
  else {
    const dataDir = resolve(env.HALL_DATA_DIR);
    if (existsSync(join(dataDir, 'pg'))) throw new Error(`数据目录 ${dataDir} 已有数据库：恢复只写入空的数据目录，请换一个 HALL_DATA_DIR。`);
    embedded = await startEmbeddedDatabase(dataDir);
    address = embedded;
  }
  const staging = `${filesDir}.restoring`;
  try {
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true, mode: 0o700 });
    for (const file of manifest.files) {
      const part = filePart(file.key);
      const target = join(staging, file.key);
      await mkdir(dirname(target), { recursive: true });
      await openSealed(partPath(folder, part), part, keys, file, createWriteStream(target, { mode: 0o600 }));
    }
    const rows = await loadDatabase(address.ownerUrl, folder, manifest, keys);
    await rm(filesDir, { recursive: true, force: true });
    await mkdir(dirname(filesDir), { recursive: true });
    await rename(staging, filesDir);
    if (address.ownerUrl !== address.url) await grantApplicationRole(address.ownerUrl, roleOf(address.url));
    return { manifest, rows, files: manifest.files.length };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await embedded?.stop();
  }
}

/** Migrates the empty database to the backup's version, loads every table, then migrates to this hall's version; answers the rows loaded. */
async function loadDatabase(ownerUrl: string, folder: string, manifest: BackupManifest, keys: BackupKeys): Promise<number> {
  const owner = connectDatabase(ownerUrl, 2);
  const migrationsFolder = await mkdtemp(join(tmpdir(), 'hall-restore-migrations-'));
  try {
    const { rows: present } = await owner.pool.query<{ present: string | null }>("SELECT to_regclass('drizzle.__drizzle_migrations')::text AS present");
    const { rows: tables } = await owner.pool.query("SELECT 1 FROM pg_tables WHERE schemaname = 'public' LIMIT 1");
    if (present[0]?.present || tables.length > 0) throw new Error('目标数据库不是空的：恢复只写入新建的空数据库，请新建一个数据库再恢复。');
    // The migrations as they were when the backup was taken: this hall's own, cut at the backup's version.
    await cp(join(appRoot(), 'drizzle'), migrationsFolder, { recursive: true });
    const journalPath = join(migrationsFolder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: unknown[] };
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, manifest.schema.migrations) }));
    await migrate(owner.db, { migrationsFolder });

    let rows = 0;
    const client = await owner.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows: existing } = await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'");
      const names = existing.map((row) => row.name);
      const unknown = manifest.tables.filter((table) => !names.includes(table.name));
      if (unknown.length) throw new Error(`备份中的表 ${unknown.map((t) => t.name).join('、')} 在该版本的数据库结构中不存在：备份与清单不符。`);
      // Rows the migrations themselves put in (defaults) make way for the backup's; the audit trail starts empty.
      const filled = names.filter((name) => name !== 'audit_trail');
      if (filled.length) await client.query(`TRUNCATE ${filled.map((name) => `"${name}"`).join(', ')} RESTART IDENTITY`);
      // The rows come as they were, so the tables' own triggers (version counters, append-only checks) stay quiet while they load.
      for (const name of names) await client.query(`ALTER TABLE "${name}" DISABLE TRIGGER USER`);
      for (const name of await referencedFirst(client, names)) {
        const table = manifest.tables.find((entry) => entry.name === name);
        if (!table) continue;
        const part = tablePart(name);
        await openSealed(partPath(folder, part), part, keys, table, client.query(copyFrom(`COPY "${name}" FROM STDIN`)));
        rows += table.rows;
      }
      for (const sequence of manifest.sequences) {
        await client.query(
          sequence.value === null ? 'SELECT setval($1, 1, false)' : 'SELECT setval($1, $2::bigint, true)',
          sequence.value === null ? [`"${sequence.name}"`] : [`"${sequence.name}"`, sequence.value],
        );
      }
      for (const name of names) await client.query(`ALTER TABLE "${name}" ENABLE TRIGGER USER`);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
    await migrateDatabase(owner.pool, owner.db);
    return rows;
  } finally {
    await owner.close();
    await rm(migrationsFolder, { recursive: true, force: true });
  }
}

/** The tables in an order where every table comes after those its foreign keys refer to. */
async function referencedFirst(client: { query<R extends object>(text: string): Promise<{ rows: R[] }> }, names: string[]): Promise<string[]> {
  const { rows: references } = await client.query<{ child: string; parent: string }>(
    "SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE c.contype = 'f' AND n.nspname = 'public'",
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, '');
  const ordered: string[] = [];
  const placing = new Set<string>();
  const place = (name: string) => {
    if (ordered.includes(name) || placing.has(name)) return;
    placing.add(name);
    for (const reference of references) if (unquote(reference.child) === name && unquote(reference.parent) !== name) place(unquote(reference.parent));
    ordered.push(name);
  };
  for (const name of [...names].sort()) place(name);
  return ordered;
}
