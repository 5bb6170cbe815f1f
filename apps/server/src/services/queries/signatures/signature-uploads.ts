import type { Multipart, MultipartFile } from '@fastify/multipart';
import { UNREADABLE_TEXT_MESSAGE, hasUnreadableCharacters, signatureUploadFields } from '@hall/api/internal';
import { VALIDATION_MESSAGES, queryRecordStateText, validateSignatureUpload } from '@hall/domain';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import type { HallContext } from '../../../context';
import { PDF_MAGIC } from '../../../documents/pdf-verifier';
import { ZIP_MAGIC } from '../../../documents/verification/ofd-package';
import { queryRecords } from '../../../db/schema';
import { badRequest, forbidden, HallError } from '../../../lib/errors';
import { FileTooLargeError, type SavedFile } from '../../../storage/file-storage';
import { recordCitizenFile } from '../../storage/storage-quota';
import { OPENID_MISMATCH } from '../../session/sessions';

/** The multipart field that carries the file (spec part 1 §7). */
export const UPLOAD_FILE_FIELD = 'Filedata';
/** The media type of GB/T 33190 documents. */
export const OFD_MIME = 'application/ofd';
export const UPLOAD_MISSING_FILE = '请选择要上传的pdf文件';
export const UPLOAD_INCOMPLETE = '文件上传不完整，请重新上传';
/** The message every citizen call answers a payload openid that is not the session's with. */
export const UPLOAD_FIELDS_INVALID = '提交的信息有误，请检查后重试';

/**
 * Passes the file through once its first bytes are the PDF header, or (where the hall takes OFD
 * e-licences) a zip's; anything else is refused with `refusal`.
 */
function requireDocumentHeader(allowOfd: boolean, refusal: string): Transform {
  const magics = allowOfd ? [PDF_MAGIC, ZIP_MAGIC] : [PDF_MAGIC];
  const longest = Math.max(...magics.map((magic) => magic.length));
  let head: Buffer | null = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (head === null) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < longest) return callback();
      const start = head;
      if (!magics.some((magic) => start.subarray(0, magic.length).equals(magic))) return callback(badRequest(refusal));
      head = null;
      callback(null, start);
    },
    flush(callback: TransformCallback) {
      callback(head === null ? null : badRequest(refusal));
    },
  });
}

/**
 * A failure the citizen caused (a refused file, a body cut short, too many parts …) as a 4xx with its
 * message; null for anything else (the database failing …), which stays a 500.
 */
function uploadFailure(error: unknown): HallError | null {
  if (error instanceof HallError) return error;
  if (error instanceof FileTooLargeError) return badRequest(VALIDATION_MESSAGES.uploadTooLarge);
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return badRequest(VALIDATION_MESSAGES.uploadTooLarge);
  if (code === 'FST_FILES_LIMIT') return badRequest('一次只能上传一个文件');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest(UPLOAD_FIELDS_INVALID);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest('请以文件上传的方式提交');
  const message = error instanceof Error ? error.message : '';
  if (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || /terminated early|unexpected end|aborted|malformed/i.test(message)) {
    return badRequest(UPLOAD_INCOMPLETE);
  }
  return null;
}

async function saveUploadedPdf(hall: HallContext, part: MultipartFile, maxBytes: number): Promise<SavedFile & { fileName: string; mime: string }> {
  const fileName = part.filename.trim();
  const allowOfd = hall.env.HALL_VERIFY_OFD === 'true';
  // The name is stored as text: one that hides a NUL or broken Unicode (filename*=UTF-8''a%00.pdf) is refused, not saved.
  if (hasUnreadableCharacters(fileName)) throw badRequest(UNREADABLE_TEXT_MESSAGE);
  // The name is checked before a byte is stored (only .pdf, or .ofd too), the size once the stream has passed.
  const nameFailure = validateSignatureUpload({ fileName, size: 0, allowOfd });
  if (nameFailure) throw badRequest(nameFailure);
  // pipeline, not pipe: a body cut short (busboy destroys the part) must fail the stream storage reads.
  // The error itself reaches storage through the check stream, so the callback has nothing to do.
  const refusal = allowOfd ? VALIDATION_MESSAGES.uploadPdfOrOfdOnly : VALIDATION_MESSAGES.uploadPdfOnly;
  const checked = pipeline(part.file, requireDocumentHeader(allowOfd, refusal), () => {});
  const saved = await hall.files.save(checked, { maxBytes });
  // busboy stops a file at the limit and marks it truncated: refuse it, never keep the partial file.
  if (part.file.truncated || saved.size > maxBytes) {
    await hall.files.remove(saved.key);
    throw badRequest(VALIDATION_MESSAGES.uploadTooLarge);
  }
  const sizeFailure = validateSignatureUpload({ fileName, size: saved.size, allowOfd });
  if (sizeFailure) {
    await hall.files.remove(saved.key);
    throw badRequest(sizeFailure);
  }
  // A name the check passed names .pdf or, where OFD is taken, .ofd.
  return { ...saved, fileName, mime: fileName.toLowerCase().includes('.pdf') ? 'application/pdf' : OFD_MIME };
}

/**
 * The signature-verification upload (getDzzzyqUpload): Filedata streamed to storage, checked as it
 * passes (a .pdf name, the %PDF- header, the size limit; with HALL_VERIFY_OFD, an .ofd name and a
 * zip's header too), then the stored-file row and a pending 'verify' record written in one
 * transaction. Any failure removes the stored file and writes nothing.
 * Answers the new record's id.
 */
export async function receiveSignatureUpload(hall: HallContext, openid: string, parts: AsyncIterable<Multipart>, maxBytes: number): Promise<string> {
  let saved: (SavedFile & { fileName: string; mime: string }) | null = null;
  try {
    const fields: Record<string, string> = {};
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw badRequest(UPLOAD_FIELDS_INVALID);
        fields[part.fieldname] = String(part.value as string);
        continue;
      }
      if (part.fieldname !== UPLOAD_FILE_FIELD || saved) {
        part.file.resume();
        throw badRequest(UPLOAD_MISSING_FILE);
      }
      saved = await saveUploadedPdf(hall, part, maxBytes).catch((error: unknown) => {
        part.file.resume();
        throw error;
      });
    }
    if (!saved) throw badRequest(UPLOAD_MISSING_FILE);
    const parsed = signatureUploadFields.safeParse(fields);
    if (!parsed.success) throw badRequest(UPLOAD_FIELDS_INVALID);
    if (parsed.data.openid && parsed.data.openid !== openid) throw forbidden(OPENID_MISMATCH);
    const file = saved;
    return await hall.db.transaction(async (tx) => {
      // Counted against the citizen's quota under their lock, so two uploads cannot both take the last room.
      const stored = await recordCitizenFile(tx, hall.env.HALL_CITIZEN_QUOTA_BYTES, { openid, storageKey: file.key, originalName: file.fileName, mime: file.mime, size: file.size });
      const [row] = await tx
        .insert(queryRecords)
        .values({
          openid,
          kind: 'verify',
          params: { xzqdm: parsed.data.xzqdm ?? '', xzqmc: parsed.data.xzqmc ?? '' },
          state: 0,
          stateMsg: queryRecordStateText(0),
          fileId: stored.id,
          filename: file.fileName,
        })
        .returning({ id: queryRecords.id });
      return String(row!.id);
    });
  } catch (error) {
    if (saved) await hall.files.remove(saved.key).catch(() => {});
    throw uploadFailure(error) ?? error;
  }
}
