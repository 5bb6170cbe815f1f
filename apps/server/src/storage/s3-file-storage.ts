import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { byteLimit, FileNotFoundError, isStorageKey, newStorageKey, type ByteRange, type FileMeta, type FileStorage, type SavedFile } from './file-storage';

/** Where the files go: a bucket of S3 or of any S3-compatible object store (HALL_STORAGE=s3, src/env.ts). */
export interface S3StorageSettings {
  /** The store's address; without it, Amazon S3's own for the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Without a key pair the SDK's own chain answers (AWS_* variables, an instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key) rather than in the host name: what most S3-compatible stores want. */
  forcePathStyle: boolean;
}

/**
 * A multipart upload's part: a file is sent one part at a time, so no more than this is held in
 * memory for an upload, whatever the file's size (S3 wants 5 MiB at least for every part but the last).
 */
export const S3_PART_BYTES = 8 * 1024 * 1024;

/** What the start asks for: not a storage key (src/storage/file-storage.ts), so no file ever has it. */
const START_CHECK_KEY = 'hall-start-check/absent';

/** The bucket's own answer that a key holds nothing (404 NoSuchKey, or NotFound where no body came). */
function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}

/**
 * Files in an S3 bucket under the same keys as the local folder's (a month and a random name). The
 * bucket stays private: every file goes out through the hall, which checks who may see it, streamed from
 * the bucket's answer. A key that is not one this storage hands out is refused before any request.
 */
export class S3FileStorage implements FileStorage {
  private constructor(
    private readonly client: S3Client,
    readonly bucket: string,
  ) {}

  static client(settings: S3StorageSettings): S3Client {
    return new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      // Checksums only where S3 requires them: many S3-compatible stores refuse the trailing checksums
      // (aws-chunked bodies) the SDK would otherwise add to every upload, or send none back.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /**
   * The storage on a bucket that must already exist and answer these credentials: a start fails here,
   * not at the first upload. The check asks for a key no file ever has and wants S3's NoSuchKey back,
   * which is what a missing file must answer for a download to say 404: without s3:ListBucket on the
   * bucket, S3 answers 403 for a missing key instead, and the hall does not start.
   */
  static async open(settings: S3StorageSettings, client = S3FileStorage.client(settings)): Promise<S3FileStorage> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: START_CHECK_KEY }));
      (answer.Body as Readable | undefined)?.destroy();
    } catch (error) {
      if (!(error instanceof S3ServiceException && error.name === 'NoSuchKey')) {
        const reason = error instanceof S3ServiceException ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})` : error instanceof Error ? error.message : String(error);
        throw new Error(
          `HALL_STORAGE=s3: the bucket ${settings.bucket} at ${settings.endpoint ?? `S3 ${settings.region}`} does not answer as the hall needs: ${reason}. Check S3_ENDPOINT, S3_BUCKET, the access key and its permissions (docs/deploy.md, "Uploaded files").`,
          {
            cause: error,
          },
        );
      }
    }
    return new S3FileStorage(client, settings.bucket);
  }

  async save(stream: Readable, meta: FileMeta = {}): Promise<SavedFile> {
    return this.upload(newStorageKey(), stream, meta);
  }

  /** A file the local folder already holds under this key, copied over as it is (src/cli/copy-files-to-s3.ts). */
  async saveAs(key: string, stream: Readable): Promise<SavedFile> {
    if (!isStorageKey(key)) throw new FileNotFoundError(key);
    return this.upload(key, stream, {});
  }

  /** The size of the file under this key, or null when the bucket has none. */
  async sizeOf(key: string): Promise<number | null> {
    if (!isStorageKey(key)) return null;
    try {
      return (await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))).ContentLength ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  private async upload(key: string, stream: Readable, meta: FileMeta): Promise<SavedFile> {
    const counter = { size: 0 };
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const sendPart = async () => {
      uploadId ??= (await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }))).UploadId;
      const body = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const PartNumber = parts.length + 1;
      const { ETag } = await this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber, Body: body, ContentLength: body.length }));
      parts.push({ ETag, PartNumber });
    };
    try {
      await pipeline(stream, byteLimit(meta.maxBytes ?? Number.MAX_SAFE_INTEGER, counter), async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes >= S3_PART_BYTES) await sendPart();
        }
      });
      if (uploadId === undefined) {
        // A file smaller than a part (nearly all of them): one request.
        const body = Buffer.concat(pending, pendingBytes);
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: body.length }));
      } else {
        if (pendingBytes > 0) await sendPart();
        await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      }
    } catch (error) {
      // The parts sent so far are dropped with the upload, so a refused or broken file leaves nothing.
      if (uploadId !== undefined) await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId })).catch(() => {});
      throw error;
    }
    return { key, size: counter.size };
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    if (!isStorageKey(key)) throw new FileNotFoundError(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined }));
      // In Node the body is the response's own stream: bytes pass through as they arrive.
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new FileNotFoundError(key);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    if (!isStorageKey(key)) return;
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
}
