import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Env } from '../../env';
import { parseKeyText } from '../../lib/key-text';
import { deriveDataKey, KEY_ID_PATTERN, type DataKey } from './sm4-seal';

/**
 * The keys personal data is sealed under (docs/decisions/021): the data keys of HALL_DATA_KEY, the
 * first of which seals and every one of which opens, and the blind-index keys of HALL_DATA_INDEX_KEY,
 * the first of which indexes and every one of which finds.
 * Production takes them from the environment and refuses to start without them (mode.ts); a demo
 * hall makes its own once, in its data folder, readable by its owner only.
 */
export interface DataKeyRing {
  /** The key new values are sealed under. */
  current: DataKey;
  /** Every key by id, the current one included: what opens a value. */
  keys: ReadonlyMap<string, DataKey>;
  /** The HMAC-SM3 key new values' blind indexes are taken under. */
  indexKey: IndexKey;
  /** Every index key by id, the current one first: what a lookup matches under while the index key rotates. */
  indexKeys: ReadonlyMap<string, IndexKey>;
}

/** One blind-index key: its id (named in the indexes it made, unless it is DEFAULT_INDEX_KEY_ID) and its HMAC-SM3 secret. */
export interface IndexKey {
  id: string;
  secret: Buffer;
}

/**
 * The id of an index key written without one: HALL_DATA_INDEX_KEY as it was before index keys had ids
 * (a bare secret, still the demo hall's file). Its indexes carry no id, as they always did, so a hall
 * upgraded keeps every stored index as it is. `i0`: an index key ('i', never to be mistaken for the data
 * keys' 1, 2 …) from before any numbered one; the operator writes it (or the bare secret) to list that key
 * after a new one.
 */
export const DEFAULT_INDEX_KEY_ID = 'i0';

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

/**
 * `<id>:<secret>` pairs, comma-separated, the current key first; an entry without an id is the key
 * `bareId` where one is given (a secret never holds a colon: hex and base64 have none).
 */
function parseKeyList<K>(text: string, where: string, make: (id: string, secret: Buffer) => K, bareId?: string): { current: K; keys: Map<string, K> } {
  const form = bareId ? `「编号:密钥」或单独一个密钥（即编号 ${bareId}）` : '「编号:密钥」';
  const keys = new Map<string, K>();
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(':');
    const id = colon > 0 ? entry.slice(0, colon) : colon < 0 && bareId ? bareId : '';
    const secret = parseKeyText(entry.slice(colon + 1));
    if (!KEY_ID_PATTERN.test(id) || !secret)
      throw new DataKeyError(`${where} 的每一项须为${form}，编号由字母、数字、- 和 _ 组成（至多 16 个字符），密钥为${SECRET_FORMAT}；多个以逗号分隔，当前使用的放在最前。`);
    if (keys.has(id)) throw new DataKeyError(`${where} 中密钥编号「${id}」出现了两次。`);
    keys.set(id, make(id, secret));
  }
  const current = keys.values().next().value;
  if (!current) throw new DataKeyError(`${where} 为空：须至少有一项${form}。`);
  return { current, keys };
}

/** HALL_DATA_KEY: `<id>:<secret>` pairs, comma-separated, the sealing key first (e.g. `2:…,1:…` while 1 is rotated out). */
export function parseDataKeys(text: string, where: string): { current: DataKey; keys: Map<string, DataKey> } {
  return parseKeyList(text, where, deriveDataKey);
}

/**
 * HALL_DATA_INDEX_KEY: the same pairs, the indexing key first (e.g. `i1:…,i0:…` while i0 is rotated out);
 * a bare secret, alone or in the list, is the key DEFAULT_INDEX_KEY_ID.
 */
export function parseIndexKeys(text: string, where: string): { indexKey: IndexKey; indexKeys: Map<string, IndexKey> } {
  const { current, keys } = parseKeyList(text, where, (id, secret): IndexKey => ({ id, secret }), DEFAULT_INDEX_KEY_ID);
  return { indexKey: current, indexKeys: keys };
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
  return { ...parseDataKeys(dataKeys.text, dataKeys.path), ...parseIndexKeys(indexKey.text, indexKey.path) };
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
