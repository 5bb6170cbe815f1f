import S3rver from '@20minutes/s3rver';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { Env } from '../../src/env';
import type { S3StorageSettings } from '../../src/storage/s3-file-storage';

/** The test server's fixed key pair (s3rver checks signatures against it). */
const ACCESS_KEY = 'S3RVER';
/** How the server names an object's content file in its folder (parts of unfinished uploads are elsewhere). */
const OBJECT_SUFFIX = '._S3rver_object';

export interface TestS3Server {
  settings: S3StorageSettings;
  /** The same, as the hall's settings (HALL_STORAGE=s3 and S3_*), for createTestHall. */
  env: Partial<Env>;
  /** Every request the server received, as `METHOD /path?query`, oldest first. */
  requests: string[];
  /** The keys of the objects the bucket holds now, sorted (read from the server's folder, as the store keeps them). */
  objects(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * An S3-compatible object store on a free loopback port, run in this process with its objects in a
 * temporary folder, and one empty bucket: what the S3 adapter is tested against, with no outside service.
 */
export async function startS3Server(bucket = 'hall-files'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'hall-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const requests: string[] = [];
  server.httpServer.on('request', (request: { method?: string; url?: string }) => requests.push(`${request.method} ${request.url}`));
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: { endpoint, region: 'us-east-1', bucket, accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY, forcePathStyle: true },
    env: { HALL_STORAGE: 's3', S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_BUCKET: bucket, S3_ACCESS_KEY_ID: ACCESS_KEY, S3_SECRET_ACCESS_KEY: ACCESS_KEY, S3_FORCE_PATH_STYLE: 'true' },
    requests,
    async objects() {
      const folder = join(directory, bucket);
      const entries = await readdir(folder, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && entry.name.endsWith(OBJECT_SUFFIX))
        .map((entry) =>
          relative(folder, join(entry.parentPath, entry.name.slice(0, -OBJECT_SUFFIX.length)))
            .split(sep)
            .join('/'),
        )
        .sort();
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
