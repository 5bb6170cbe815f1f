import { createCipheriv, createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataKeyRing, DEFAULT_INDEX_KEY_ID, DEMO_DATA_KEY_FILE, DEMO_INDEX_KEY_FILE, installDataKeys, loadDataKeys, parseDataKeys, parseIndexKeys } from './data-keys';
import { blindIndex, blindIndexes, indexKeyIdOf, openValue, sealFields, sealValue } from './sealed-columns';
import { openWith, sealWith, SealedValueError, sm4Ctr } from './sm4-seal';
import { installTestDataKeys } from '../../../test/data-keys';

const ONE = `1:${'a1'.repeat(32)}`;
const TWO = `2:${'b2'.repeat(32)}`;

afterEach(() => installTestDataKeys());

describe('SM4 at rest', () => {
  it('is the SM4 of GB/T 32907: its example encrypts to 681edf34d206965e86b3e94f536e4246', () => {
    const key = Buffer.from('0123456789abcdeffedcba9876543210', 'hex');
    const cipher = createCipheriv('sm4-ecb', key, null).setAutoPadding(false);
    const block = Buffer.concat([cipher.update(key), cipher.final()]);
    expect(block.toString('hex')).toBe('681edf34d206965e86b3e94f536e4246');
  });

  it("computes counter mode as OpenSSL's sm4-ctr does, for every length and a counter that carries or wraps", () => {
    const { current } = parseDataKeys(ONE, 'HALL_DATA_KEY');
    const counters = [
      '000102030405060708090a0b0c0d0e0f',
      '0000000000000000000000000000ffff', // carries into the third byte from the end
      '00ffffffffffffffffffffffffffffff', // carries into the first byte
      'ffffffffffffffffffffffffffffffff', // wraps to zero
    ].map((hex) => Buffer.from(hex, 'hex'));
    for (const counter of counters)
      for (let length = 0; length <= 80; length++) {
        const clear = Buffer.from(Array.from({ length }, (_, index) => (index * 7 + length) & 0xff));
        const openssl = createCipheriv('sm4-ctr', current.encryptionKey, counter);
        const expected = Buffer.concat([openssl.update(clear), openssl.final()]);
        expect(sm4Ctr(current, counter, clear).toString('hex'), `${counter.toString('hex')} × ${length}`).toBe(expected.toString('hex'));
      }
  });

  it('seals a value that reads back, carries its key id and never the clear text, and differs each time', () => {
    const { current, keys } = parseDataKeys(ONE, 'HALL_DATA_KEY');
    const sealed = sealWith(current, '130402198503151231');
    expect(sealed.startsWith('sm4$1$$')).toBe(true);
    expect(sealed).not.toContain('130402198503151231');
    expect(sealWith(current, '130402198503151231')).not.toBe(sealed);
    expect(openWith(keys, sealed)).toBe('130402198503151231');
    expect(openWith(keys, sealWith(current, '张三'))).toBe('张三');
  });

  it('refuses a value whose ciphertext, key id or blind index was changed', () => {
    const { current, keys } = parseDataKeys(`${ONE},${TWO}`, 'HALL_DATA_KEY');
    const sealed = sealWith(current, '13812341234', 'index');
    const payload = sealed.split('$')[3]!;
    const flipped = Buffer.from(payload, 'base64url');
    flipped[20] = flipped[20]! ^ 1;
    expect(() => openWith(keys, sealed.replace(payload, flipped.toString('base64url')))).toThrow(SealedValueError);
    expect(() => openWith(keys, sealed.replace('sm4$1$', 'sm4$2$'))).toThrow(SealedValueError);
    expect(() => openWith(keys, sealed.replace('$index$', '$other$'))).toThrow(SealedValueError);
    expect(() => openWith(keys, sealed.slice(0, -4))).toThrow(SealedValueError);
  });

  it('opens values of an older key listed after the current one, and seals under the first (rotation)', () => {
    const before = parseDataKeys(ONE, 'HALL_DATA_KEY');
    const old = sealWith(before.current, '李四');
    const after = parseDataKeys(`${TWO},${ONE}`, 'HALL_DATA_KEY');
    expect(after.current.id).toBe('2');
    expect(openWith(after.keys, old)).toBe('李四');
    expect(sealWith(after.current, '李四').startsWith('sm4$2$')).toBe(true);
    // Once the old key is dropped, its values are refused, naming the key.
    expect(() => openWith(parseDataKeys(TWO, 'HALL_DATA_KEY').keys, old)).toThrow(/数据密钥「1」不在 HALL_DATA_KEY 中/);
  });

  it('gives equal phones and ID numbers (as the hall normalises them) equal blind indexes, others different ones', () => {
    expect(blindIndex('idNumber', ' 11010519491231002x')).toBe(blindIndex('idNumber', '11010519491231002X'));
    expect(blindIndex('idNumber', '11010519491231002X')).not.toBe(blindIndex('idNumber', '110105194912310029'));
    expect(blindIndex('phone', '13812341234 ')).toBe(blindIndex('phone', '13812341234'));
    expect(blindIndex('phone', '13812341234')).not.toBe(blindIndex('idNumber', '13812341234'));
    const sealed = sealValue('phone', '13812341234');
    expect(sealed.split('$')[2]).toBe(blindIndex('phone', '13812341234'));
    expect(sealValue('text', '王五').split('$')[2]).toBe('');
    expect(openValue(sealed)).toBe('13812341234');
    // The empty string stays empty; a value from before sealing reads as it is.
    expect(sealValue('phone', '')).toBe('');
    expect(openValue('13812341234')).toBe('13812341234');
  });

  it('seals the personal fields of a JSON object and leaves the others readable', () => {
    const sealed = sealFields({ username: '张三', zjh: '130402198503151231', qzh: '冀(2023)邯郸市不动产权第0001234号' }, { username: 'text', zjh: 'idNumber' });
    expect(sealed.qzh).toBe('冀(2023)邯郸市不动产权第0001234号');
    expect(JSON.stringify(sealed)).not.toMatch(/张三|130402198503151231/);
    expect(openValue(sealed.zjh)).toBe('130402198503151231');
  });

  it('opens a value read on row after row once, and still refuses it under keys that do not hold it', () => {
    installDataKeys({ ...parseDataKeys(ONE, 'HALL_DATA_KEY'), ...parseIndexKeys('01'.repeat(32), 'HALL_DATA_INDEX_KEY') });
    const sealed = sealValue('text', '赵六');
    expect(openValue(sealed)).toBe('赵六');
    expect(openValue(sealed)).toBe('赵六');
    installDataKeys({ ...parseDataKeys(TWO, 'HALL_DATA_KEY'), ...parseIndexKeys('01'.repeat(32), 'HALL_DATA_INDEX_KEY') });
    expect(() => openValue(sealed)).toThrow(/数据密钥「1」不在 HALL_DATA_KEY 中/);
  });

  it('refuses malformed HALL_DATA_KEY text in words', () => {
    expect(() => parseDataKeys('abc', 'HALL_DATA_KEY')).toThrow(/每一项须为「编号:密钥」/);
    expect(() => parseDataKeys(`${ONE},${ONE}`, 'HALL_DATA_KEY')).toThrow(/出现了两次/);
    expect(() => parseDataKeys('', 'HALL_DATA_KEY')).toThrow(/为空/);
  });
});

describe('blind-index keys', () => {
  const A = 'c3'.repeat(32);
  const B = `i1:${'d4'.repeat(32)}`;
  const useIndexKeys = (text: string) => installDataKeys({ ...parseDataKeys(ONE, 'HALL_DATA_KEY'), ...parseIndexKeys(text, 'HALL_DATA_INDEX_KEY') });
  /** The index as halls wrote it before index keys had ids: HMAC-SM3 of kind and value, 16 bytes, base64url. */
  const digest = (secret: string, kind: string, value: string) => createHmac('sm3', Buffer.from(secret, 'hex')).update(`${kind}\0${value}`).digest().subarray(0, 16).toString('base64url');

  it('take a bare secret as the key i0, whose indexes stay as every hall wrote them', () => {
    const bare = parseIndexKeys(`${A}\n`, 'HALL_DATA_INDEX_KEY');
    expect(bare.indexKey.id).toBe(DEFAULT_INDEX_KEY_ID);
    expect(parseIndexKeys(`i0:${A}`, 'HALL_DATA_INDEX_KEY').indexKey).toEqual(bare.indexKey);
    useIndexKeys(A);
    expect(blindIndex('phone', '13812341234')).toBe(digest(A, 'phone', '13812341234'));
    expect(sealValue('phone', '13812341234').split('$')[2]).toBe(digest(A, 'phone', '13812341234'));
  });

  it('list the indexing key first, the older after it (bare or as i0); a new index names its key, every listed key is matched', () => {
    for (const text of [`${B},${A}`, `${B}, i0:${A}`]) {
      const { indexKey, indexKeys } = parseIndexKeys(text, 'HALL_DATA_INDEX_KEY');
      expect(indexKey.id).toBe('i1');
      expect([...indexKeys.keys()]).toEqual(['i1', 'i0']);
    }
    useIndexKeys(`${B},${A}`);
    const index = blindIndex('idNumber', '11010519491231002x');
    expect(index).toBe(`i1.${digest('d4'.repeat(32), 'idNumber', '11010519491231002X')}`);
    expect(sealValue('idNumber', '11010519491231002X').split('$')[2]).toBe(index);
    expect(blindIndexes('idNumber', '11010519491231002X')).toEqual([index, digest(A, 'idNumber', '11010519491231002X')]);
    expect(indexKeyIdOf(index)).toBe('i1');
    expect(indexKeyIdOf(digest(A, 'phone', '1'))).toBe('i0');
    // The index stays in the authenticated header: moving a value to another key's index is refused.
    const sealed = sealValue('phone', '13812341234');
    expect(() => openValue(sealed.replace(blindIndex('phone', '13812341234'), digest(A, 'phone', '13812341234')))).toThrow(SealedValueError);
  });

  it('refuse malformed HALL_DATA_INDEX_KEY text in words, naming the setting', () => {
    expect(() => parseIndexKeys('not a key', 'HALL_DATA_INDEX_KEY')).toThrow(/HALL_DATA_INDEX_KEY 的每一项须为「编号:密钥」或单独一个密钥（即编号 i0）/);
    expect(() => parseIndexKeys(`${B},i 2:${A}`, 'HALL_DATA_INDEX_KEY')).toThrow(/HALL_DATA_INDEX_KEY 的每一项须为/);
    expect(() => parseIndexKeys(`:${A}`, 'HALL_DATA_INDEX_KEY')).toThrow(/HALL_DATA_INDEX_KEY 的每一项须为/);
    expect(() => parseIndexKeys(`${A},i0:${'e5'.repeat(32)}`, 'HALL_DATA_INDEX_KEY')).toThrow(/HALL_DATA_INDEX_KEY 中密钥编号「i0」出现了两次/);
    expect(() => parseIndexKeys(' , ', 'HALL_DATA_INDEX_KEY')).toThrow(/HALL_DATA_INDEX_KEY 为空/);
  });
});

describe('the keys of a hall', () => {
  let folder: string | undefined;
  afterEach(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('a demo hall makes its keys once, 0600, and keeps them', async () => {
    folder = await mkdtemp(join(tmpdir(), 'hall-keys-'));
    const env = { HALL_MODE: 'demo' as const, HALL_DATA_DIR: folder, HALL_DATA_KEY: undefined, HALL_DATA_INDEX_KEY: undefined };
    const first = await loadDataKeys(env);
    installDataKeys(first);
    const sealed = sealValue('idNumber', '130402198503151231');
    for (const file of [DEMO_DATA_KEY_FILE, DEMO_INDEX_KEY_FILE]) expect((await stat(join(folder, file))).mode & 0o777).toBe(0o600);
    expect(await readFile(join(folder, DEMO_DATA_KEY_FILE), 'utf8')).toMatch(/^1:[0-9a-f]{64}\n$/);
    installDataKeys(await loadDataKeys(env));
    expect(openValue(sealed)).toBe('130402198503151231');
    expect(blindIndex('idNumber', '130402198503151231')).toBe(sealed.split('$')[2]);
    expect(dataKeyRing().current.id).toBe('1');
    // The demo's index key file is a bare secret, as it always was: the key i0.
    expect(await readFile(join(folder, DEMO_INDEX_KEY_FILE), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect(dataKeyRing().indexKey.id).toBe(DEFAULT_INDEX_KEY_ID);
  });

  it('production names the missing key and makes none', async () => {
    folder = await mkdtemp(join(tmpdir(), 'hall-keys-'));
    const env = { HALL_MODE: 'production' as const, HALL_DATA_DIR: folder, HALL_DATA_KEY: undefined, HALL_DATA_INDEX_KEY: undefined };
    await expect(loadDataKeys(env)).rejects.toThrow(/请设置 HALL_DATA_KEY/);
    await expect(loadDataKeys({ ...env, HALL_DATA_KEY: ONE })).rejects.toThrow(/请设置 HALL_DATA_INDEX_KEY/);
    await expect(loadDataKeys({ ...env, HALL_DATA_KEY: ONE, HALL_DATA_INDEX_KEY: 'i1:abc' })).rejects.toThrow(/HALL_DATA_INDEX_KEY 的每一项须为/);
    await expect(stat(join(folder, DEMO_DATA_KEY_FILE))).rejects.toThrow();
  });
});
