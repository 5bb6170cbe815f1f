import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { appendFile, open, stat, writeFile } from 'node:fs/promises';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Every part of a backup is sealed with AES-256-GCM (docs/decisions/017): a fresh 12-byte nonce, then
 * the ciphertext, then the 16-byte tag. The part's name is the additional data, so a part moved to
 * another name fails to open. The data key and the manifest's MAC key are derived from HALL_BACKUP_KEY
 * with HKDF, so one secret serves both and neither is used for two purposes.
 */

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const CIPHER = 'aes-256-gcm';

export interface BackupKeys {
  data: Buffer;
  mac: Buffer;
  /** Names the key in the manifest without revealing it: a restore with another key says so plainly. */
  id: string;
}

export function deriveBackupKeys(secret: Buffer): BackupKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, 32));
  return { data: derive('hall-backup data'), mac: derive('hall-backup manifest'), id: derive('hall-backup key id').toString('hex').slice(0, 16) };
}

/** What passed through a stream: its size and SHA-256 (of the plain bytes, the manifest's figures). */
export interface Measured {
  bytes: number;
  sha256: string;
  /** Newlines seen: the row count of a COPY text stream. */
  lines: number;
}

function meter(): { stream: Transform; result: () => Measured } {
  const hash = createHash('sha256');
  let bytes = 0;
  let lines = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ bytes, sha256: hash.digest('hex'), lines }) };
}

/** Seals `source` into the file at `path` under `name`; answers what the plain bytes measured. */
export async function sealTo(source: Readable, path: string, name: string, keys: BackupKeys): Promise<Measured> {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(CIPHER, keys.data, nonce);
  cipher.setAAD(Buffer.from(name));
  await writeFile(path, nonce, { mode: 0o600 });
  const measured = meter();
  await pipeline(source, measured.stream, cipher, createWriteStream(path, { flags: 'a' }));
  await appendFile(path, cipher.getAuthTag());
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return measured.result();
}

export class BackupDamagedError extends Error {
  constructor(readonly part: string) {
    super(`备份中的 ${part} 与清单不符（已损坏、被改动或用错了密钥），未恢复任何数据。请换一份备份或核对 HALL_BACKUP_KEY。`);
    this.name = 'BackupDamagedError';
  }
}

/**
 * Opens the sealed part at `path` into `destination`, then checks the tag and the manifest's size and
 * hash. The plain bytes flow before the tag is checked (GCM tells only at the end), so a destination
 * must be one that is thrown away on failure: a transaction rolled back, a staging folder removed.
 */
export async function openSealed(path: string, name: string, keys: BackupKeys, expected: { bytes: number; sha256: string }, destination: Writable): Promise<void> {
  const size = (await stat(path)).size;
  if (size < NONCE_BYTES + TAG_BYTES) throw new BackupDamagedError(name);
  const handle = await open(path, 'r');
  const nonce = Buffer.alloc(NONCE_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    await handle.read(nonce, 0, NONCE_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const decipher = createDecipheriv(CIPHER, keys.data, nonce);
  decipher.setAAD(Buffer.from(name));
  decipher.setAuthTag(tag);
  const measured = meter();
  const body = size - NONCE_BYTES - TAG_BYTES;
  const source = body > 0 ? createReadStream(path, { start: NONCE_BYTES, end: size - TAG_BYTES - 1 }) : Readable.from([]);
  try {
    await pipeline(source, decipher, measured.stream, destination);
  } catch (error) {
    if (error instanceof Error && /auth|unable to authenticate/i.test(error.message)) throw new BackupDamagedError(name);
    throw error;
  }
  const result = measured.result();
  if (result.bytes !== expected.bytes || result.sha256 !== expected.sha256) throw new BackupDamagedError(name);
}
