import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appRoot } from '../lib/app-root';
import type { BackupKeys } from './sealed-files';

/** What a backup holds and how to check it (docs/deploy.md, "Backups"). */
export interface BackupManifest {
  format: 'hall-backup/1';
  createdAt: string;
  hallVersion: string;
  /** The migrations applied when the snapshot was taken: their count and the last one's tag. */
  schema: { migrations: number; tag: string };
  keyId: string;
  storage: 'local' | 's3';
  /** Each table's rows in COPY text format, sealed at database/<name>.copy. */
  tables: { name: string; rows: number; bytes: number; sha256: string }[];
  /** Sequence positions, so new rows never reuse an id; null: never used. */
  sequences: { name: string; value: string | null }[];
  /** Tables whose rows are never backed up: sessions, so a restore ends every one. */
  leftOut: string[];
  /** The uploaded files the snapshot refers to, each sealed at files/<key>. */
  files: { key: string; bytes: number; sha256: string }[];
  /** Files the snapshot refers to that storage no longer had when they were copied (e.g. deleted since). */
  missingFiles: string[];
  /** HMAC-SHA256 of everything above, with the key's MAC key. */
  mac: string;
}

export const MANIFEST_FILE = 'manifest.json';
export const tablePart = (name: string) => `database/${name}.copy`;
export const filePart = (key: string) => `files/${key}`;
/** Where a part lies inside the backup folder. */
export const partPath = (backup: string, part: string) => join(backup, `${part}.sealed`);

function macOf(manifest: Omit<BackupManifest, 'mac'>, keys: BackupKeys): string {
  return createHmac('sha256', keys.mac).update(JSON.stringify(manifest)).digest('hex');
}

export async function writeManifest(folder: string, manifest: Omit<BackupManifest, 'mac'>, keys: BackupKeys): Promise<BackupManifest> {
  const sealed: BackupManifest = { ...manifest, mac: macOf(manifest, keys) };
  await writeFile(join(folder, MANIFEST_FILE), `${JSON.stringify(sealed, null, 2)}\n`, { mode: 0o600 });
  return sealed;
}

/** The manifest of the backup in `folder`, refused unless it is one and was sealed with these keys. */
export async function readManifest(folder: string, keys: BackupKeys): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(folder, MANIFEST_FILE), 'utf8')) as BackupManifest;
  } catch {
    throw new Error(`${folder} 中没有可读的备份清单（${MANIFEST_FILE}）：请指明 backup.sh 生成的备份目录。`);
  }
  if (manifest.format !== 'hall-backup/1') throw new Error(`${folder} 不是本大厅能识别的备份格式。`);
  if (manifest.keyId !== keys.id) throw new Error('此备份是用另一把密钥加密的：请用备份时的 HALL_BACKUP_KEY（或 --key-file）恢复。');
  const { mac, ...rest } = manifest;
  const expected = Buffer.from(macOf(rest, keys), 'hex');
  const given = Buffer.from(typeof mac === 'string' ? mac : '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('备份清单与其校验码不符（被改动或已损坏），未恢复任何数据。请换一份备份。');
  return manifest;
}

/** The migrations this hall ships, in order (drizzle/meta/_journal.json). */
export function shippedMigrations(): string[] {
  const journal = JSON.parse(readFileSync(join(appRoot(), 'drizzle', 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.map((entry) => entry.tag);
}

export function hallVersion(): string {
  return (JSON.parse(readFileSync(join(appRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
