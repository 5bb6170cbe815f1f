import { join } from 'node:path';
import type { Env } from '../env';
import { LocalFileStorage, type FileStorage } from './file-storage';
import { S3FileStorage, type S3StorageSettings } from './s3-file-storage';

/** The object store the S3_* settings name (HALL_STORAGE=s3; src/env.ts has made sure S3_BUCKET is there). */
export function s3Settings(env: Env): S3StorageSettings {
  return {
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
  };
}

/** The local folder's place: `${HALL_DATA_DIR}/files` unless given. */
export function localFilesDir(env: Env, filesDir?: string): string {
  return filesDir ?? join(env.HALL_DATA_DIR, 'files');
}

/** The storage HALL_STORAGE selects: the local folder (the default), or the bucket, checked reachable before the hall starts. */
export async function openFileStorage(env: Env, filesDir?: string): Promise<FileStorage> {
  return env.HALL_STORAGE === 's3' ? S3FileStorage.open(s3Settings(env)) : LocalFileStorage.open(localFilesDir(env, filesDir));
}
