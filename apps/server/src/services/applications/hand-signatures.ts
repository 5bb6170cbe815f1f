import { SIGNATURE_IMAGE_MAX_BYTES } from '@hall/api/internal';
import { validateSigning } from '@hall/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Readable, type Readable as ReadableStream } from 'node:stream';
import type { Database } from '../../db/client';
import { applicants, applications, storedFiles } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { parseRowId } from '../../lib/row-id';
import type { FileStorage } from '../../storage/file-storage';
import { lockEditableApplication } from './application-editing';
import { APPLICANT_NOT_FOUND } from './applicants';
import { decodeBase64Picture, imageTypeOf } from './material-files';
import { recordCitizenFile, requireStorageRoom } from '../storage/storage-quota';
import { deleteStoredFiles, openStoredFile } from '../storage/stored-files';

export const SIGNATURE_NOT_PNG = '签名图片格式有误，请重新签字';
export const SIGNATURE_EMPTY = '签名不能为空，请重新签字';
export const SIGNATURE_TOO_LARGE = '签名图片过大，请重新签字';

/** The signature's PNG bytes: decoded, non-empty, within the limit and a PNG by its first bytes. */
export function signaturePng(decodeInfo: string): Buffer {
  if (!decodeInfo.trim()) throw badRequest(SIGNATURE_EMPTY);
  let content: Buffer;
  try {
    content = decodeBase64Picture(decodeInfo);
  } catch {
    throw badRequest(SIGNATURE_NOT_PNG);
  }
  if (content.length === 0) throw badRequest(SIGNATURE_EMPTY);
  if (content.length > SIGNATURE_IMAGE_MAX_BYTES) throw badRequest(SIGNATURE_TOO_LARGE);
  if (imageTypeOf(content)?.mime !== 'image/png') throw badRequest(SIGNATURE_NOT_PNG);
  return content;
}

/**
 * save_qzxx_wx: stores the signature of an applicant of one of the citizen's editable applications
 * and marks them signed (qzzt '1'). The applicant must be saved (an id) and the caller's; a former
 * signature's file is removed once the new one is recorded. The new image must fit the citizen's
 * storage quota (the one it replaces is freed first). Nothing stays behind when it fails.
 */
export async function saveHandSignature(
  deps: { db: Database; files: FileStorage; quotaBytes: number; log?: FastifyBaseLogger },
  openid: string,
  applicantIdText: string,
  decodeInfo: string,
): Promise<void> {
  const { db, files, log } = deps;
  const unsaved = validateSigning({ applicantId: applicantIdText });
  if (unsaved) throw badRequest(unsaved);
  const applicantId = parseRowId(applicantIdText);
  if (applicantId === null) throw notFound(APPLICANT_NOT_FOUND);
  const content = signaturePng(decodeInfo);
  // Ownership before a byte is stored.
  const [owned] = await db
    .select({ applicationId: applicants.applicationId, replacedBytes: storedFiles.size })
    .from(applicants)
    .innerJoin(applications, eq(applications.id, applicants.applicationId))
    .leftJoin(storedFiles, and(eq(storedFiles.id, applicants.signatureFileId), eq(storedFiles.openid, openid)))
    .where(and(eq(applicants.id, applicantId), eq(applications.openid, openid)));
  if (!owned) throw notFound(APPLICANT_NOT_FOUND);
  await requireStorageRoom(db, openid, deps.quotaBytes, content.length - (owned.replacedBytes ?? 0));

  const saved = await files.save(Readable.from([content]), { maxBytes: SIGNATURE_IMAGE_MAX_BYTES });
  let replacedKey: string | undefined;
  try {
    replacedKey = await db.transaction(async (tx) => {
      await lockEditableApplication(tx, openid, owned.applicationId);
      const [current] = await tx
        .select({ fileId: applicants.signatureFileId })
        .from(applicants)
        .where(and(eq(applicants.id, applicantId), eq(applicants.applicationId, owned.applicationId)))
        .for('update');
      if (!current) throw notFound(APPLICANT_NOT_FOUND);
      // The replaced signature goes first, so a citizen at the edge of the quota can still sign again.
      const [removed] = current.fileId ? await deleteStoredFiles(tx, and(eq(storedFiles.id, current.fileId), eq(storedFiles.openid, openid))) : [];
      const file = await recordCitizenFile(tx, deps.quotaBytes, { openid, storageKey: saved.key, originalName: `signature-${applicantId}.png`, mime: 'image/png', size: saved.size });
      await tx.update(applicants).set({ qzzt: '1', signatureFileId: file.id }).where(eq(applicants.id, applicantId));
      return removed;
    });
  } catch (error) {
    await files.remove(saved.key).catch((removeError: unknown) => log?.warn({ err: removeError, key: saved.key }, 'could not remove an unrecorded signature'));
    throw error;
  }
  if (replacedKey) await files.remove(replacedKey).catch((error: unknown) => log?.warn({ err: error, key: replacedKey }, 'could not remove a replaced signature'));
}

async function readAll(stream: ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** The signatures of an application's signed applicants as data: URLs (qzinfo), in applicant order. */
export async function readSignatures(db: Database, files: FileStorage, openid: string, applicationId: number): Promise<{ sqrid: string; sqrxm: string; qzxx: string }[]> {
  const rows = await db
    .select({ id: applicants.id, name: applicants.sqrName, file: storedFiles })
    .from(applicants)
    .innerJoin(storedFiles, eq(storedFiles.id, applicants.signatureFileId))
    .where(and(eq(applicants.applicationId, applicationId), eq(applicants.qzzt, '1'), eq(storedFiles.openid, openid)))
    .orderBy(applicants.id);
  const out: { sqrid: string; sqrxm: string; qzxx: string }[] = [];
  for (const row of rows) {
    const stream = await openStoredFile(files, row.file);
    if (!stream) continue;
    out.push({ sqrid: String(row.id), sqrxm: row.name, qzxx: `data:image/png;base64,${(await readAll(stream)).toString('base64')}` });
  }
  return out;
}
