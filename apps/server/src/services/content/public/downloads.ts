import { downloadHref, type DownloadFile } from '@hall/api/internal';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Database } from '../../../db/client';
import { downloadFiles } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { containsPattern } from '../../../lib/like-pattern';
import type { FileStorage } from '../../../storage/file-storage';

/** The data downloads (spec part 3 §2.19, §7): the list and the file by name. */

/** Not worded by the spec: a download name that names no file of the list. */
export const DOWNLOAD_NOT_FOUND = '文件不存在或已下架，请返回资料下载列表重新选择';

/** The files of a district and those for every district, in list order; a search matches title or name literally. */
export async function listDownloads(db: Database, xzqdm?: string, search?: string): Promise<DownloadFile[]> {
  const district = xzqdm?.trim() ?? '';
  const term = search?.trim();
  const pattern = term ? containsPattern(term) : '';
  const rows = await db
    .select({ fileName: downloadFiles.fileName, fileAlias: downloadFiles.fileAlias })
    .from(downloadFiles)
    .where(
      and(
        district ? or(eq(downloadFiles.xzqdm, ''), eq(downloadFiles.xzqdm, district)) : eq(downloadFiles.xzqdm, ''),
        term ? or(sql`${downloadFiles.fileAlias} ILIKE ${pattern} ESCAPE '\\'`, sql`${downloadFiles.fileName} ILIKE ${pattern} ESCAPE '\\'`) : undefined,
      ),
    )
    .orderBy(asc(downloadFiles.sort), asc(downloadFiles.id));
  return rows.map((row) => ({ ...row, url: downloadHref(row.fileName) }));
}

export interface OpenedDownload {
  fileName: string;
  mime: string;
  size: number;
  stream: Readable;
}

/**
 * The stored file the list names so: the name is only ever looked up in the list, never used as a
 * path, so a name such as ../../etc/passwd finds nothing.
 */
export async function openDownload(db: Database, files: FileStorage, name: string): Promise<OpenedDownload> {
  const [row] = await db.select().from(downloadFiles).where(eq(downloadFiles.fileName, name.trim()));
  if (!row?.storageKey) throw notFound(DOWNLOAD_NOT_FOUND);
  try {
    return { fileName: row.fileName, mime: row.mime, size: row.size, stream: await files.open(row.storageKey) };
  } catch {
    throw notFound(DOWNLOAD_NOT_FOUND);
  }
}
