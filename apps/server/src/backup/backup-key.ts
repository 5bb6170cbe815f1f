import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Env } from '../env';
import { parseKeyText } from '../lib/key-text';

/** The demo hall's backup key, made on its first backup (0600), in its data folder. */
export const DEMO_KEY_FILE = 'backup-key';

/** A 32-byte key written as 64 hexadecimal digits or as base64 (lib/key-text.ts). */
export const parseBackupKey = parseKeyText;

const KEY_FORMAT = '32 字节的密钥：64 位十六进制（openssl rand -hex 32）或 base64（openssl rand -base64 32）';

/**
 * The secret backups are sealed with: a key file named on the command line, else HALL_BACKUP_KEY, else
 * (demo only) the data folder's backup-key, made when `create` asks. Production has no fallback: a
 * backup nobody can open, or one sealed with a key lying beside it, is worse than a refusal.
 */
export async function backupSecret(env: Env, options: { keyFile?: string | undefined; create: boolean }): Promise<Buffer> {
  if (options.keyFile) return parsed(await readFile(options.keyFile, 'utf8'), options.keyFile);
  if (env.HALL_BACKUP_KEY) return parsed(env.HALL_BACKUP_KEY, 'HALL_BACKUP_KEY');
  if (env.HALL_MODE !== 'demo') throw new Error(`请设置 HALL_BACKUP_KEY（${KEY_FORMAT}），备份以它加密；密钥须与备份分开保管。`);
  const path = join(env.HALL_DATA_DIR, DEMO_KEY_FILE);
  if (existsSync(path)) return parsed(await readFile(path, 'utf8'), path);
  if (!options.create) throw new Error(`找不到备份密钥：请设置 HALL_BACKUP_KEY 或用 --key-file 指明备份时的密钥文件（演示大厅的在其数据目录的 ${DEMO_KEY_FILE}）。`);
  const key = randomBytes(32);
  await mkdir(env.HALL_DATA_DIR, { recursive: true, mode: 0o700 });
  await writeFile(path, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}

function parsed(text: string, where: string): Buffer {
  const key = parseBackupKey(text);
  if (!key) throw new Error(`${where} 不是${KEY_FORMAT}。`);
  return key;
}
