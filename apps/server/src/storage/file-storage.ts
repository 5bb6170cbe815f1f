import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomId } from '../lib/ids';

/** What the storage is told about a file it saves; the name is only recorded, never used as a path. */
export interface FileMeta {
  /** Refuse the write with FileTooLargeError once more than this many bytes arrived. */
  maxBytes?: number;
}

/** Part of a file: bytes start to end, both included (end omitted: to the end of the file). */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface SavedFile {
  /** The storage's own name for the file: generated here, never taken from a request. */
  key: string;
  size: number;
}

/**
 * Where uploaded and generated files live. Files go in and out as streams, so a file of any size
 * passes through in small chunks and is never held whole in memory.
 */
export interface FileStorage {
  save(stream: Readable, meta?: FileMeta): Promise<SavedFile>;
  /** Fails with FileNotFoundError for a key that names no file; a key that is not one this storage hands out never reaches it. */
  open(key: string, range?: ByteRange): Promise<Readable>;
  /** Removing a file that is already gone is not an error. */
  remove(key: string): Promise<void>;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored file ${key}`);
    this.name = 'FileNotFoundError';
  }
}

/** Keys this storage hands out: a month folder and a random name, e.g. 202611/AbC…; anything else is refused. */
const KEY_PATTERN = /^\d{6}\/[A-Za-z0-9_-]{16,64}$/;

/** Whether the file under this key is still in storage (a storage folder can be emptied under a hall). */
export async function isStored(files: FileStorage, key: string): Promise<boolean> {
  try {
    (await files.open(key)).destroy();
    return true;
  } catch {
    return false;
  }
}

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** A fresh key: the current UTC month and a random name, never anything taken from a request. */
export function newStorageKey(now = new Date()): string {
  return `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomId(18)}`;
}

/** Counts bytes as they pass and fails the stream once there are too many. */
export function byteLimit(maxBytes: number, counter: { size: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      counter.size += chunk.length;
      if (counter.size > maxBytes) callback(new FileTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
}

/**
 * Files in a local folder (`${HALL_DATA_DIR}/files` by default). A file is written under a temporary
 * name and renamed once complete, so an interrupted write never looks like a stored file and is
 * removed on failure.
 */
export class LocalFileStorage implements FileStorage {
  private constructor(readonly root: string) {}

  static async open(folder: string): Promise<LocalFileStorage> {
    const root = resolve(folder);
    // Citizens' files are for the hall alone: the folder and every file in it are the owner's only.
    await mkdir(root, { recursive: true, mode: 0o700 });
    await chmod(root, 0o700);
    return new LocalFileStorage(root);
  }

  /** The file's place on disk; a key that is not one of ours, or that would leave the folder, is refused. */
  pathOf(key: string): string {
    if (!isStorageKey(key)) throw new FileNotFoundError(key);
    const path = join(this.root, ...key.split('/'));
    const inside = relative(this.root, path);
    if (!inside || inside.startsWith('..') || isAbsolute(inside) || inside.split(sep).includes('..')) throw new FileNotFoundError(key);
    return path;
  }

  async save(stream: Readable, meta: FileMeta = {}): Promise<SavedFile> {
    const key = newStorageKey();
    const path = this.pathOf(key);
    const partial = `${path}.part`;
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const counter = { size: 0 };
    const writer = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    try {
      await pipeline(stream, byteLimit(meta.maxBytes ?? Number.MAX_SAFE_INTEGER, counter), writer);
      await rename(partial, path);
    } catch (error) {
      // The file may still be opening when the pipeline fails: wait until it is closed, then remove it.
      if (!writer.closed) await new Promise<void>((done) => writer.once('close', () => done()));
      await rm(partial, { force: true });
      throw error;
    }
    return { key, size: counter.size };
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) throw new FileNotFoundError(key);
    } catch (error) {
      if (error instanceof FileNotFoundError) throw error;
      throw new FileNotFoundError(key);
    }
    return createReadStream(path, range);
  }

  /** Every stored file's key, month by month (a file still being written is not one). */
  async *keys(): AsyncGenerator<string> {
    for (const month of (await readdir(this.root, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()) {
      for (const name of (await readdir(join(this.root, month))).sort()) {
        if (isStorageKey(`${month}/${name}`)) yield `${month}/${name}`;
      }
    }
  }

  async remove(key: string): Promise<void> {
    if (!isStorageKey(key)) return;
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await rm(`${path}.part`, { force: true });
  }
}
