import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileNotFoundError, FileTooLargeError, LocalFileStorage, isStorageKey } from '../../src/storage/file-storage';
import { filesUnder } from '../query-helpers';

let folder: string;
let storage: LocalFileStorage;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'hall-storage-'));
  // A folder that does not exist yet is created.
  storage = await LocalFileStorage.open(join(folder, 'files'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** count chunks of the given size, generated on demand. */
function generated(count: number, size: number, fill = 0x41): Readable {
  const chunk = Buffer.alloc(size, fill);
  return Readable.from(
    (function* () {
      for (let i = 0; i < count; i++) yield chunk;
    })(),
  );
}

describe('LocalFileStorage', () => {
  it('saves a stream under a generated key, and opens and removes it', async () => {
    const content = Buffer.from('%PDF-1.7\nhello');
    const saved = await storage.save(Readable.from([content]));
    expect(saved.size).toBe(content.length);
    expect(isStorageKey(saved.key)).toBe(true);
    expect(saved.key).toMatch(/^\d{6}\//);
    expect((await readAll(await storage.open(saved.key))).equals(content)).toBe(true);
    expect((await stat(storage.pathOf(saved.key))).isFile()).toBe(true);
    await storage.remove(saved.key);
    await expect(storage.open(saved.key)).rejects.toBeInstanceOf(FileNotFoundError);
    await storage.remove(saved.key);
  });

  it('gives every file a fresh random key', async () => {
    const keys = await Promise.all(Array.from({ length: 5 }, () => storage.save(Readable.from([Buffer.from('x')])).then((s) => s.key)));
    expect(new Set(keys).size).toBe(5);
    for (const key of keys) await storage.remove(key);
  });

  it('streams a large file through in chunks, byte for byte', async () => {
    const hash = createHash('sha256');
    for (let i = 0; i < 256; i++) hash.update(Buffer.alloc(64 * 1024, 0x25));
    const saved = await storage.save(generated(256, 64 * 1024, 0x25));
    expect(saved.size).toBe(256 * 64 * 1024);
    const stored = createHash('sha256')
      .update(await readFile(storage.pathOf(saved.key)))
      .digest('hex');
    expect(stored).toBe(hash.digest('hex'));
    await storage.remove(saved.key);
  });

  it('does not hold a file in memory: 192 MB pass with far less growth than the file', async () => {
    const before = process.memoryUsage();
    let peak = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < 3072; i++) {
          if (i % 256 === 0) {
            const now = process.memoryUsage();
            peak = Math.max(peak, now.arrayBuffers - before.arrayBuffers + (now.heapUsed - before.heapUsed));
          }
          yield chunk;
        }
      })(),
    );
    const saved = await storage.save(source);
    expect(saved.size).toBe(3072 * 64 * 1024);
    expect(peak).toBeLessThan(64 * 1024 * 1024);
    await storage.remove(saved.key);
  });

  it('refuses more than maxBytes and leaves nothing behind', async () => {
    const before = await filesUnder(folder);
    await expect(storage.save(generated(10, 1024), { maxBytes: 4096 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await filesUnder(folder)).toEqual(before);
  });

  it('leaves nothing behind when the source fails midway', async () => {
    const before = await filesUnder(folder);
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(1024);
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw new Error('connection lost');
      })(),
    );
    await expect(storage.save(failing)).rejects.toThrow('connection lost');
    expect(await filesUnder(folder)).toEqual(before);
  });

  it('only opens its own keys: paths that leave the folder, absolute paths and made-up names are not found', async () => {
    const outside = join(folder, 'secret.txt');
    await writeFile(outside, 'secret');
    for (const key of ['../secret.txt', '../../etc/passwd', '/etc/passwd', outside, '202601/../../secret.txt', '202601/short', 'secret.txt', '', '202601\\aaaaaaaaaaaaaaaaaaaa']) {
      expect(isStorageKey(key)).toBe(false);
      await expect(storage.open(key)).rejects.toBeInstanceOf(FileNotFoundError);
      await storage.remove(key);
    }
    expect(await readFile(outside, 'utf8')).toBe('secret');
  });
});
