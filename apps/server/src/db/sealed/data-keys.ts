import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Env } from '../../env';
import { parseKeyText } from '../../lib/key-text';
import { deriveDataKey, KEY_ID_PATTERN, type DataKey } from './sm4-seal';

/**
 * The keys personal data is sealed under (docs/decisions/021): the data keys of HALL_DATA_KEY, the
 * first of which seals and every one of which opens, and the blind-index key of HALL_DATA_INDEX_KEY.
 * Production takes them from the environment and refuses to start without them (mode.ts); a demo
 * hall makes its own once, in its data folder, readable by its owner only.
 */
export interface DataKeyRing {
  /** The key new values are sealed under. */
  current: DataKey;
  /** Every key by id, the current one included: what opens a value. */
  keys: ReadonlyMap<string, DataKey>;
  /** The HMAC-SM3 key of the blind indexes. */
  indexKey: Buffer;
}

/** The demo hall's keys, in its data folder: the same text HALL_DATA_KEY and HALL_DATA_INDEX_KEY take. */
export const DEMO_DATA_KEY_FILE = 'data-key';
export const DEMO_INDEX_KEY_FILE = 'data-index-key';

/** A key that is missing, malformed or not the one the data was sealed with: the operator's to fix, said in words. */
export class DataKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataKeyError';
  }
}

const SECRET_FORMAT = '32 字节：64 位十六进制（openssl rand -hex 32）或 base64（openssl rand -base64 32）';

/** HALL_DATA_KEY: `<id>:<secret>` pairs, comma-separated, the sealing key first (e.g. `2:…,1:…` while 1 is rotated out). */
export function parseDataKeys(text: string, where: string): { current: DataKey; keys: Map<string, DataKey> } {
  const keys = new Map<string, DataKey>();
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(':');
    const id = colon > 0 ? entry.slice(0, colon) : '';
    const secret = parseKeyText(entry.slice(colon + 1));
    if (!KEY_ID_PATTERN.test(id) || !secret) throw new DataKeyError(`${where} 的每一项须为「编号:密钥」，编号由字母、数字、- 和 _ 组成，密钥为${SECRET_FORMAT}；多个以逗号分隔，加密用的放在最前。`);
    if (keys.has(id)) throw new DataKeyError(`${where} 中数据密钥编号「${id}」出现了两次。`);
    keys.set(id, deriveDataKey(id, secret));
  }
  const current = keys.values().next().value;
  if (!current) throw new DataKeyError(`${where} 为空：须至少有一项「编号:密钥」。`);
  return { current, keys };
}

function parseIndexKey(text: string, where: string): Buffer {
  const key = parseKeyText(text);
  if (!key) throw new DataKeyError(`${where} 须为${SECRET_FORMAT}。`);
  return key;
}

/**
 * A demo key file: read if there, else made once, 0600. It is written whole under a name of its own and
 * then linked in place, which fails if another process starting at the same moment linked its own first:
 * then both use that one, and nobody ever reads a half-written key.
 */
async function demoKeyText(dataDir: string, file: string, fresh: () => string): Promise<{ text: string; path: string }> {
  const path = join(dataDir, file);
  if (!existsSync(path)) {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(draft, `${fresh()}\n`, { mode: 0o600, flag: 'wx' });
    await link(draft, path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    await unlink(draft);
  }
  return { text: await readFile(path, 'utf8'), path };
}

/** The hall's keys: from the environment, else (demo only) from, or made in, HALL_DATA_DIR. */
export async function loadDataKeys(env: Pick<Env, 'HALL_MODE' | 'HALL_DATA_DIR' | 'HALL_DATA_KEY' | 'HALL_DATA_INDEX_KEY'>): Promise<DataKeyRing> {
  const demo = env.HALL_MODE === 'demo';
  const missing = (name: string) => new DataKeyError(`请设置 ${name}（${SECRET_FORMAT}），公民的姓名、证件号码和手机号以它加密保存；密钥须与数据库和备份分开保管。`);
  const dataKeys = env.HALL_DATA_KEY
    ? { text: env.HALL_DATA_KEY, path: 'HALL_DATA_KEY' }
    : demo
      ? await demoKeyText(env.HALL_DATA_DIR, DEMO_DATA_KEY_FILE, () => `1:${randomBytes(32).toString('hex')}`)
      : null;
  if (!dataKeys) throw missing('HALL_DATA_KEY');
  const indexKey = env.HALL_DATA_INDEX_KEY
    ? { text: env.HALL_DATA_INDEX_KEY, path: 'HALL_DATA_INDEX_KEY' }
    : demo
      ? await demoKeyText(env.HALL_DATA_DIR, DEMO_INDEX_KEY_FILE, () => randomBytes(32).toString('hex'))
      : null;
  if (!indexKey) throw missing('HALL_DATA_INDEX_KEY');
  return { ...parseDataKeys(dataKeys.text, dataKeys.path), indexKey: parseIndexKey(indexKey.text, indexKey.path) };
}

let installed: DataKeyRing | null = null;

/**
 * Makes `ring` the keys of this process. The sealed columns (sealed-columns.ts) convert values as
 * Drizzle writes and reads them, without a context to be handed, so the ring is the process's own:
 * the server and each command install it once, before the first query.
 */
export function installDataKeys(ring: DataKeyRing): void {
  installed = ring;
}

/** The installed keys; refused, naming the settings, where none were installed (a command run without them). */
export function dataKeyRing(): DataKeyRing {
  if (!installed) throw new DataKeyError('没有数据密钥：请设置 HALL_DATA_KEY 与 HALL_DATA_INDEX_KEY，公民的姓名、证件号码和手机号以它们加密保存。');
  return installed;
}
