import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileNotFoundError, FileTooLargeError, LocalFileStorage, isStorageKey, type FileStorage } from '../../src/storage/file-storage';
import { copyLocalFilesToS3 } from '../../src/storage/copy-to-s3';
import { S3_PART_BYTES, S3FileStorage } from '../../src/storage/s3-file-storage';
import { readEnv } from '../../src/env';
import { openFileStorage, s3Settings } from '../../src/storage/select';
import { filesUnder } from '../query-helpers';
import { startS3Server, type TestS3Server } from './s3-server';

const MB = 1024 * 1024;

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

/** Names that are not keys the storage hands out: leaving the folder or bucket, absolute, made up, NUL. */
const HOSTILE_KEYS = [
  '../secret.txt',
  '../../etc/passwd',
  '/etc/passwd',
  '202601/../../secret.txt',
  '202601/../202601/aaaaaaaaaaaaaaaaaaaa',
  '202601/short',
  'secret.txt',
  '',
  '202601\\aaaaaaaaaaaaaaaaaaaa',
  '202601/aaaaaaaaaaaaaaaaaaaa\u0000',
  '202601/aaaaaaaaaa\u0000aaaaaaaaaa',
  '202601/%2e%2e%2fsecret.txt',
  '202601/aaaaaaaaaaaaaaaaaaaa/../../x',
];

/** One storage under test, and what its backing store holds underneath. */
interface Subject {
  storage: FileStorage;
  /** What the store holds: file paths in the folder, or the bucket's object keys. */
  held(): Promise<string[]>;
  /** How many requests reached the store so far; null where nothing can count them (the local folder). */
  requestCount(): number | null;
  /** The peak memory a 192 MB file may add while it passes (the S3 adapter holds one part at a time, the test server runs in this process). */
  maxGrowth: number;
}

let folder: string;
let s3: TestS3Server;
const subjects: Record<'local folder' | 'S3 bucket', () => Promise<Subject>> = {
  'local folder': async () => ({
    // A folder that does not exist yet is created.
    storage: await LocalFileStorage.open(join(folder, 'files')),
    held: () => filesUnder(folder),
    requestCount: () => null,
    maxGrowth: 64 * MB,
  }),
  'S3 bucket': async () => ({
    storage: await S3FileStorage.open(s3.settings),
    held: () => s3.objects(),
    requestCount: () => s3.requests.length,
    maxGrowth: 64 * MB,
  }),
};

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'hall-storage-'));
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  await rm(folder, { recursive: true, force: true });
});

describe.each(Object.keys(subjects) as (keyof typeof subjects)[])('the storage contract: %s', (name) => {
  let subject: Subject;
  let storage: FileStorage;
  beforeAll(async () => {
    subject = await subjects[name]();
    storage = subject.storage;
  });

  it('saves a stream under a generated key, reads it back, and removes it', async () => {
    const content = Buffer.from('%PDF-1.7\nhello');
    const saved = await storage.save(Readable.from([content]));
    expect(saved.size).toBe(content.length);
    expect(isStorageKey(saved.key)).toBe(true);
    expect(saved.key).toMatch(/^\d{6}\//);
    expect((await readAll(await storage.open(saved.key))).equals(content)).toBe(true);
    expect((await subject.held()).some((held) => held.endsWith(saved.key.split('/')[1]!))).toBe(true);
    await storage.remove(saved.key);
    await expect(storage.open(saved.key)).rejects.toBeInstanceOf(FileNotFoundError);
    expect((await subject.held()).some((held) => held.endsWith(saved.key.split('/')[1]!))).toBe(false);
    // Removing it again is not an error.
    await storage.remove(saved.key);
  });

  it('answers FileNotFoundError for a key of the right form that names no file', async () => {
    await expect(storage.open('202601/neverStoredNeverStored00')).rejects.toBeInstanceOf(FileNotFoundError);
    await storage.remove('202601/neverStoredNeverStored00');
  });

  it('gives every file a fresh random key', async () => {
    const keys = await Promise.all(Array.from({ length: 5 }, () => storage.save(Readable.from([Buffer.from('x')])).then((s) => s.key)));
    expect(new Set(keys).size).toBe(5);
    for (const key of keys) await storage.remove(key);
  });

  it('reads a range of bytes, and from an offset to the end', async () => {
    const content = Buffer.from('0123456789abcdefghij');
    const saved = await storage.save(Readable.from([content]));
    expect((await readAll(await storage.open(saved.key, { start: 3, end: 7 }))).toString()).toBe('34567');
    expect((await readAll(await storage.open(saved.key, { start: 15 }))).toString()).toBe('fghij');
    expect((await readAll(await storage.open(saved.key, { start: 19, end: 19 }))).toString()).toBe('j');
    await storage.remove(saved.key);
  });

  it('streams a file of several S3 parts through, byte for byte, and a range across a part boundary', async () => {
    const chunks = Array.from({ length: 20 }, (_, i) => Buffer.alloc(MB, 0x30 + i));
    const expected = createHash('sha256');
    for (const chunk of chunks) expected.update(chunk);
    const saved = await storage.save(Readable.from(chunks));
    expect(saved.size).toBe(20 * MB);
    const read = createHash('sha256');
    for await (const chunk of await storage.open(saved.key)) read.update(chunk as Buffer);
    expect(read.digest('hex')).toBe(expected.digest('hex'));
    const across = await readAll(await storage.open(saved.key, { start: S3_PART_BYTES - 2, end: S3_PART_BYTES + 1 }));
    expect([...across]).toEqual([0x37, 0x37, 0x38, 0x38]);
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
    expect(peak).toBeLessThan(subject.maxGrowth);
    await storage.remove(saved.key);
  }, 120_000);

  it('refuses more than maxBytes, in the first part or after several, and leaves nothing behind', async () => {
    const before = await subject.held();
    await expect(storage.save(generated(10, 1024), { maxBytes: 4096 })).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(storage.save(generated(24, MB), { maxBytes: 20 * MB })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await subject.held()).toEqual(before);
  });

  it('leaves nothing behind when the source fails midway', async () => {
    const before = await subject.held();
    const failing = (size: number) =>
      Readable.from(
        (async function* () {
          yield Buffer.alloc(size);
          await new Promise((resolve) => setTimeout(resolve, 5));
          throw new Error('connection lost');
        })(),
      );
    await expect(storage.save(failing(1024))).rejects.toThrow('connection lost');
    await expect(storage.save(failing(S3_PART_BYTES + 1))).rejects.toThrow('connection lost');
    expect(await subject.held()).toEqual(before);
  });

  it('refuses keys it does not hand out before they reach the store: ../, absolute paths, NUL, made-up names', async () => {
    const requests = subject.requestCount();
    for (const key of HOSTILE_KEYS) {
      expect(isStorageKey(key)).toBe(false);
      await expect(storage.open(key)).rejects.toBeInstanceOf(FileNotFoundError);
      await expect(storage.open(key, { start: 0, end: 10 })).rejects.toBeInstanceOf(FileNotFoundError);
      await storage.remove(key);
    }
    expect(subject.requestCount()).toBe(requests);
  });
});

describe('LocalFileStorage', () => {
  let storage: LocalFileStorage;
  beforeAll(async () => {
    storage = await LocalFileStorage.open(join(folder, 'local-only'));
  });

  it('keeps a file at its key under the folder, the folder and file for the hall alone', async () => {
    const saved = await storage.save(Readable.from([Buffer.from('x')]));
    const info = await stat(storage.pathOf(saved.key));
    expect(info.isFile()).toBe(true);
    expect(info.mode & 0o777).toBe(0o600);
    expect((await stat(storage.root)).mode & 0o777).toBe(0o700);
    await storage.remove(saved.key);
  });

  it('never reaches a file outside its folder', async () => {
    const outside = join(folder, 'secret.txt');
    await writeFile(outside, 'secret');
    for (const key of [...HOSTILE_KEYS, outside]) {
      expect(() => storage.pathOf(key)).toThrow(FileNotFoundError);
      await storage.remove(key);
    }
    expect(await readFile(outside, 'utf8')).toBe('secret');
  });
});

describe('S3FileStorage', () => {
  it('keeps files under the same keys as the folder, nothing else in the bucket', async () => {
    const storage = await S3FileStorage.open(s3.settings);
    const saved = await storage.save(Readable.from([Buffer.from('x')]));
    expect(await s3.objects()).toContain(saved.key);
    await storage.remove(saved.key);
    expect(await s3.objects()).not.toContain(saved.key);
  });

  it('sends one request for a file smaller than a part, and abandons a refused multipart upload', async () => {
    const storage = await S3FileStorage.open(s3.settings);
    const from = s3.requests.length;
    const small = await storage.save(Readable.from([Buffer.alloc(1000)]));
    expect(s3.requests.slice(from)).toEqual([`PUT /${s3.settings.bucket}/${small.key}?x-id=PutObject`]);
    await storage.remove(small.key);
    const refused = s3.requests.length;
    await expect(storage.save(generated(12, MB), { maxBytes: 10 * MB })).rejects.toBeInstanceOf(FileTooLargeError);
    const sent = s3.requests.slice(refused).map((request) => request.replace(/\?.*/, (query) => query.replace(/uploadId=[^&]+/, 'uploadId=…')));
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatch(/^POST \/hall-files\/\d{6}\/[\w-]+\?uploads=$/);
    expect(sent[1]).toMatch(/^PUT .*\?partNumber=1&uploadId=…&x-id=UploadPart$/);
    expect(sent[2]).toMatch(/^DELETE .*\?uploadId=…&x-id=AbortMultipartUpload$/);
  });

  it('does not start without a reachable bucket that answers NoSuchKey for a missing file', async () => {
    await expect(S3FileStorage.open({ ...s3.settings, bucket: 'no-such-bucket' })).rejects.toThrow(/HALL_STORAGE=s3: the bucket no-such-bucket .* NoSuchBucket/);
    await expect(S3FileStorage.open({ ...s3.settings, secretAccessKey: 'wrong' })).rejects.toThrow(/SignatureDoesNotMatch \(HTTP 403\)/);
  });

  it('takes over the local folder: the copy puts every stored file in the bucket under its key, and a second run copies nothing', async () => {
    const local = await LocalFileStorage.open(join(folder, 'to-copy'));
    const bucket = await S3FileStorage.open(s3.settings);
    const first = await local.save(Readable.from([Buffer.from('first file')]));
    const second = await local.save(generated(9, MB, 0x61));
    // A write that never finished is no stored file, nor is anything else in the folder.
    await writeFile(`${local.pathOf(first.key)}x.part`, 'partial');
    await writeFile(join(local.root, 'notes.txt'), 'not a file of the hall');

    const dry = await copyLocalFilesToS3(local, bucket, { dryRun: true });
    expect(dry).toEqual({ copied: 2, present: 0, failed: [] });
    expect(await s3.objects()).not.toContain(first.key);

    expect(await copyLocalFilesToS3(local, bucket)).toEqual({ copied: 2, present: 0, failed: [] });
    expect((await readAll(await bucket.open(first.key))).toString()).toBe('first file');
    expect((await readAll(await bucket.open(second.key))).equals(await readFile(local.pathOf(second.key)))).toBe(true);
    expect(await copyLocalFilesToS3(local, bucket)).toEqual({ copied: 0, present: 2, failed: [] });
    await bucket.remove(first.key);
    await bucket.remove(second.key);
  });
});

describe('the storage settings', () => {
  it('keep the local folder unless HALL_STORAGE=s3, which needs a bucket and a whole key pair or none', () => {
    expect(readEnv({}).HALL_STORAGE).toBe('local');
    expect(() => readEnv({ HALL_STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => readEnv({ HALL_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => readEnv({ HALL_STORAGE: 'gcs' })).toThrow(/HALL_STORAGE/);
    expect(() => readEnv({ HALL_STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'not an address' })).toThrow(/S3_ENDPOINT/);
    const aws = readEnv({ HALL_STORAGE: 's3', S3_BUCKET: 'b' });
    expect(s3Settings(aws)).toEqual({ endpoint: undefined, region: 'us-east-1', bucket: 'b', accessKeyId: undefined, secretAccessKey: undefined, forcePathStyle: false });
    const compatible = readEnv({ HALL_STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'https://oss.example.cn', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' });
    expect(s3Settings(compatible)).toMatchObject({ endpoint: 'https://oss.example.cn', forcePathStyle: true, accessKeyId: 'id', secretAccessKey: 'secret' });
    expect(s3Settings(readEnv({ HALL_STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'https://oss.example.cn', S3_FORCE_PATH_STYLE: 'false' })).forcePathStyle).toBe(false);
  });

  it('select the adapter, and a hall whose bucket does not answer does not start', async () => {
    expect(await openFileStorage(readEnv({ HALL_DATA_DIR: join(folder, 'data') }))).toBeInstanceOf(LocalFileStorage);
    expect(await openFileStorage({ ...readEnv({}), ...s3.env })).toBeInstanceOf(S3FileStorage);
    await expect(openFileStorage({ ...readEnv({}), ...s3.env, S3_BUCKET: 'missing-bucket' })).rejects.toThrow(/NoSuchBucket/);
  });
});
