import { stat } from 'node:fs/promises';
import type { LocalFileStorage } from './file-storage';
import type { S3FileStorage } from './s3-file-storage';

export interface CopyResult {
  /** Files put in the bucket by this run. */
  copied: number;
  /** Files the bucket already held at the same size (an earlier run's). */
  present: number;
  /** Keys that could not be copied, with why; a second run tries them again. */
  failed: { key: string; reason: string }[];
}

/**
 * Copies every file of the local folder to the bucket under the same key, so the database's storage
 * keys name the same files after HALL_STORAGE=s3. A file the bucket already holds at the same size is
 * left alone, so the copy can run again (before the switch, and once more after the hall is stopped
 * for it). Nothing is removed from the folder.
 */
export async function copyLocalFilesToS3(from: LocalFileStorage, to: S3FileStorage, options: { dryRun?: boolean; log?: (line: string) => void } = {}): Promise<CopyResult> {
  const result: CopyResult = { copied: 0, present: 0, failed: [] };
  for await (const key of from.keys()) {
    try {
      const size = (await stat(from.pathOf(key))).size;
      if ((await to.sizeOf(key)) === size) {
        result.present++;
        continue;
      }
      if (!options.dryRun) {
        const saved = await to.saveAs(key, await from.open(key));
        if (saved.size !== size) throw new Error(`${saved.size} bytes copied of ${size}`);
      }
      result.copied++;
      options.log?.(`${options.dryRun ? 'would copy' : 'copied'} ${key} (${size} bytes)`);
    } catch (error) {
      result.failed.push({ key, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}
