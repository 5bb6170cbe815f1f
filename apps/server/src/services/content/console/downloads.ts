import {
  DOWNLOAD_ALIAS_MAX_LENGTH,
  DOWNLOAD_ALIAS_REQUIRED,
  DOWNLOAD_ALIAS_TOO_LONG,
  DOWNLOAD_FILE_NAME_TAKEN,
  DOWNLOAD_FILE_NOT_ALLOWED,
  NO_DATA_MESSAGE,
  UPLOADED_PDF_UNREADABLE,
  downloadHref,
  type ConsoleDownload,
} from '@hall/api/internal';
import { asc, eq, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { Database } from '../../../db/client';
import type { ForeignPdfs } from '../../../documents/foreign-pdfs';
import { downloadFiles } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { parseRowId } from '../../../lib/row-id';
import { uniqueViolation } from '../../../lib/postgres-error';
import type { FileStorage } from '../../../storage/file-storage';
import { recordAudit, type AuditActor } from '../../operators/audit';
import { checkedText } from './content-rules';

type DownloadRow = typeof downloadFiles.$inferSelect;

const toDownload = (row: DownloadRow): ConsoleDownload => ({ id: String(row.id), fileName: row.fileName, fileAlias: row.fileAlias, xzqdm: row.xzqdm, size: row.size, url: downloadHref(row.fileName) });
const auditView = (row: DownloadRow) => ({ fileName: row.fileName, fileAlias: row.fileAlias, size: row.size, mime: row.mime });

export async function listConsoleDownloads(db: Database): Promise<ConsoleDownload[]> {
  return (await db.select().from(downloadFiles).orderBy(asc(downloadFiles.sort), asc(downloadFiles.id))).map(toDownload);
}

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The kinds of file the list offers: the extension names the kind, and the first bytes must be that kind's. */
const KINDS: Record<string, { mime: string; matches: (bytes: Buffer) => boolean }> = {
  pdf: { mime: 'application/pdf', matches: (bytes) => bytes.subarray(0, 5).toString('latin1') === '%PDF-' },
  doc: { mime: 'application/msword', matches: (bytes) => bytes.subarray(0, 8).equals(OLE) },
  xls: { mime: 'application/vnd.ms-excel', matches: (bytes) => bytes.subarray(0, 8).equals(OLE) },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', matches: (bytes) => bytes.subarray(0, 4).equals(ZIP) },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', matches: (bytes) => bytes.subarray(0, 4).equals(ZIP) },
};

/** The name the list shows and the download asks for: the uploaded file's own name, without any folder part. */
export function checkedDownload(originalName: string, bytes: Buffer): { fileName: string; mime: string } {
  const fileName = originalName.split(/[\\/]/).pop()!.trim();
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const kind = KINDS[extension];
  if (!kind || !kind.matches(bytes) || Array.from(fileName).length > 120 || /[<>:"|?*]/.test(fileName) || Array.from(fileName).some((char) => char.charCodeAt(0) < 0x20))
    throw badRequest(DOWNLOAD_FILE_NOT_ALLOWED);
  return { fileName, mime: kind.mime };
}

const PDF_MIME = KINDS.pdf!.mime;

export interface DownloadUpload {
  id?: string | undefined;
  fileAlias: string;
  originalName: string;
  bytes: Buffer;
}

/**
 * A new form, or a new file for an existing one. Checked before anything is stored — a PDF last, read
 * whole in the PDF worker, so citizens are never handed one the hall cannot read within its caps;
 * stored; then the row points at it. Should the write fail (a name taken meanwhile, the row gone),
 * the new file goes; a replaced file goes once the change is committed.
 */
export async function uploadConsoleDownload(db: Database, files: FileStorage, pdfs: ForeignPdfs, actor: AuditActor, upload: DownloadUpload): Promise<ConsoleDownload> {
  const { fileName, mime } = checkedDownload(upload.originalName, upload.bytes);
  const fileAlias = checkedText(upload.fileAlias, { max: DOWNLOAD_ALIAS_MAX_LENGTH, required: DOWNLOAD_ALIAS_REQUIRED, tooLong: DOWNLOAD_ALIAS_TOO_LONG });
  const rowId = upload.id === undefined ? undefined : parseRowId(upload.id);
  if (rowId === null) throw notFound(NO_DATA_MESSAGE);
  if (mime === PDF_MIME && !(await pdfs.readable(upload.bytes))) throw badRequest(UPLOADED_PDF_UNREADABLE);
  const saved = await files.save(Readable.from(upload.bytes));
  let replaced: string | null = null;
  try {
    const row = await db.transaction(async (tx) => {
      const values = { fileName, fileAlias, mime, storageKey: saved.key, size: saved.size };
      if (rowId === undefined) {
        const [last] = await tx.select({ sort: sql<number>`coalesce(max(${downloadFiles.sort}), 0)` }).from(downloadFiles);
        const [created] = await tx
          .insert(downloadFiles)
          .values({ ...values, sort: Number(last!.sort) + 1 })
          .returning();
        await recordAudit(tx, actor, { action: 'download.create', target: `download:${created!.id}`, before: null, after: auditView(created!) });
        return created!;
      }
      const [before] = await tx.select().from(downloadFiles).where(eq(downloadFiles.id, rowId)).for('update');
      if (!before) throw notFound(NO_DATA_MESSAGE);
      const [updated] = await tx.update(downloadFiles).set(values).where(eq(downloadFiles.id, rowId)).returning();
      await recordAudit(tx, actor, { action: 'download.replace', target: `download:${rowId}`, before: auditView(before), after: auditView(updated!) });
      replaced = before.storageKey;
      return updated!;
    });
    if (replaced) await files.remove(replaced).catch(() => undefined);
    return toDownload(row);
  } catch (error) {
    await files.remove(saved.key).catch(() => undefined);
    throw uniqueViolation(error) !== undefined ? conflict(DOWNLOAD_FILE_NAME_TAKEN) : error;
  }
}

export async function deleteConsoleDownload(db: Database, files: FileStorage, actor: AuditActor, id: string): Promise<{ id: string }> {
  const rowId = parseRowId(id);
  const removed = await db.transaction(async (tx) => {
    const [before] = rowId === null ? [] : await tx.select().from(downloadFiles).where(eq(downloadFiles.id, rowId)).for('update');
    if (!before) throw notFound(NO_DATA_MESSAGE);
    await tx.delete(downloadFiles).where(eq(downloadFiles.id, before.id));
    await recordAudit(tx, actor, { action: 'download.delete', target: `download:${before.id}`, before: auditView(before), after: null });
    return before;
  });
  if (removed.storageKey) await files.remove(removed.storageKey).catch(() => undefined);
  return { id };
}
