import { createCipheriv, createHmac, randomBytes, timingSafeEqual, type Cipher } from 'node:crypto';

/**
 * Citizens' personal data at rest (docs/decisions/021): SM4 in counter mode, then HMAC-SM3 over the
 * header, the counter block and the ciphertext (encrypt-then-MAC), from Node's own OpenSSL. A sealed
 * value is text: `sm4$<key id>$<blind index or nothing>$<base64url of counter block, ciphertext, tag>`.
 * The key id names the data key that sealed it, so a value stays readable while keys rotate; the
 * blind index lets SQL find a value by equality without reading it, and names the index key it was
 * taken under unless that is the default one (sealed-columns.ts).
 */
export const SEALED_PREFIX = 'sm4$';

const BLOCK = 16;
const TAG = 16;

/** One data key: its id and the two keys derived from its secret (one to encrypt, one to authenticate). */
export interface DataKey {
  id: string;
  encryptionKey: Buffer;
  macKey: Buffer;
  /** SM4 of single blocks under encryptionKey (ECB, no padding), made once: the keystream of every value's counter mode. */
  blockCipher: Cipher;
}

/** A key id goes into every value and into LIKE patterns: letters, digits, '-' and '_' only. */
export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,16}$/;

/** Derives the SM4 and HMAC keys from a data key's secret (32 bytes), so neither key serves both purposes. */
export function deriveDataKey(id: string, secret: Buffer): DataKey {
  if (!KEY_ID_PATTERN.test(id)) throw new Error(`数据密钥编号「${id}」只能由字母、数字、- 和 _ 组成（至多 16 个字符）。`);
  const derive = (label: string) => createHmac('sm3', secret).update(label).digest();
  const encryptionKey = derive('hall data sm4').subarray(0, BLOCK);
  // ECB encrypts each block alone, so one cipher serves every value for the life of the process.
  const blockCipher = createCipheriv('sm4-ecb', encryptionKey, null).setAutoPadding(false);
  return { id, encryptionKey, macKey: derive('hall data hmac-sm3'), blockCipher };
}

/** Raised for a sealed value that was changed, cut, or sealed under a key this hall does not hold. */
export class SealedValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedValueError';
  }
}

const tagOf = (key: DataKey, header: string, body: Buffer) => createHmac('sm3', key.macKey).update(header).update(body).digest().subarray(0, TAG);

/**
 * SM4-CTR both ways, as OpenSSL's sm4-ctr computes it: the counter block is the whole 16-byte IV,
 * incremented as one big-endian number. The keystream is the SM4 of the counter blocks from the key's
 * one ECB cipher: making a cipher object for each value cost more than the rest of opening it, and a
 * list opens hundreds of values.
 */
export function sm4Ctr(key: DataKey, counterBlock: Buffer, input: Buffer): Buffer {
  const blocks = Math.ceil(input.length / BLOCK);
  const counters = Buffer.allocUnsafe(blocks * BLOCK);
  counterBlock.copy(counters, 0, 0, Math.min(BLOCK, counters.length));
  for (let at = BLOCK; at < counters.length; at += BLOCK) {
    counters.copy(counters, at, at - BLOCK, at);
    // Add one to the 128-bit number, carrying from the last byte towards the first.
    for (let index = at + BLOCK - 1; index >= at; index--) {
      counters[index] = (counters[index]! + 1) & 0xff;
      if (counters[index] !== 0) break;
    }
  }
  const stream = key.blockCipher.update(counters);
  for (let index = 0; index < input.length; index++) stream[index]! ^= input[index]!;
  return stream.subarray(0, input.length);
}

/** Seals clear text under `key`, carrying `blindIndex` (may be empty) in its authenticated header. */
export function sealWith(key: DataKey, clear: string, blindIndex = ''): string {
  const header = `${SEALED_PREFIX}${key.id}$${blindIndex}$`;
  const counterBlock = randomBytes(BLOCK);
  const body = Buffer.concat([counterBlock, sm4Ctr(key, counterBlock, Buffer.from(clear, 'utf8'))]);
  return header + Buffer.concat([body, tagOf(key, header, body)]).toString('base64url');
}

/** The parts of a sealed value, unchecked. */
export function sealedParts(value: string): { keyId: string; blindIndex: string; header: string; payload: string } | null {
  if (!value.startsWith(SEALED_PREFIX)) return null;
  const parts = value.split('$');
  if (parts.length !== 4) return null;
  const [, keyId = '', blindIndex = '', payload = ''] = parts;
  return { keyId, blindIndex, header: `${SEALED_PREFIX}${keyId}$${blindIndex}$`, payload };
}

/** Opens a sealed value with the key its id names; refuses a value whose tag does not hold. */
export function openWith(keys: ReadonlyMap<string, DataKey>, value: string): string {
  const parts = sealedParts(value);
  if (!parts) throw new SealedValueError('not a sealed value');
  const key = keys.get(parts.keyId);
  if (!key) throw new SealedValueError(`数据密钥「${parts.keyId}」不在 HALL_DATA_KEY 中：请把它列在当前密钥之后，直到 rotate-data-key 重新加密完所有数据。`);
  const sealed = Buffer.from(parts.payload, 'base64url');
  if (sealed.length < BLOCK + TAG) throw new SealedValueError('sealed value cut short');
  const body = sealed.subarray(0, sealed.length - TAG);
  if (!timingSafeEqual(tagOf(key, parts.header, body), sealed.subarray(sealed.length - TAG)))
    throw new SealedValueError('sealed value failed its HMAC-SM3 check: changed, or sealed under another key');
  return sm4Ctr(key, body.subarray(0, BLOCK), body.subarray(BLOCK)).toString('utf8');
}
