import multipart from '@fastify/multipart';
import { contract, SIGNATURE_UPLOAD_SUCCESS, verificationPreviewPath } from '@hall/api/internal';
import { QUERY_STATE_FOUND } from '@hall/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../../../lib/errors';
import { FILE_NOT_FOUND, registerFileCall, sendInlinePdf } from '../../file-reply';
import { registerCall } from '../../register-call';
import { firmLimit } from '../../../plugins/rate-limits';
import { requireVerifiedCitizen } from '../../../plugins/real-name-gate';
import { listQueryCities, submitCertificateQuery } from '../../../services/queries/certificates/certificate-queries';
import { DOCUMENT_KINDS } from '../../../db/schema';
import { listRecords, requireOwnRecord, toRecordDetail, type QueryRecordRow } from '../../../services/queries/records/query-records';
import type { QueueName } from '../../../services/queries/fulfilment/query-resolver';
import { OFD_MIME, receiveSignatureUpload } from '../../../services/queries/signatures/signature-uploads';
import { streamedUploadBound } from '../../../services/storage/storage-quota';
import { findOwnedFile, findOwnedFileByPath, openStoredFile, type StoredFileRow } from '../../../services/storage/stored-files';

export const DOCUMENT_NOT_READY = '查询结果尚未返回，暂无可查看的文件';
export const OFD_REPORT_PENDING = '正在验签，验签报告生成后即可查看';
export const BAD_FILE_PATH = '文件路径不正确';

/** Streams one stored file as a PDF the viewer can show inline. */
async function sendPdf(request: FastifyRequest, reply: FastifyReply, file: StoredFileRow | null): Promise<FastifyReply> {
  const stream = file ? await openStoredFile(request.hall.files, file) : null;
  if (!file || !stream) throw notFound(FILE_NOT_FOUND);
  return sendInlinePdf(reply, file.originalName, stream, file.size);
}

/** The PDF of a found certificate or licence record; refused until the record is found (state 20). */
async function recordDocument(request: FastifyRequest, row: QueryRecordRow): Promise<StoredFileRow | null> {
  if (String(row.state) !== QUERY_STATE_FOUND || !row.fileId) throw badRequest(DOCUMENT_NOT_READY);
  return findOwnedFile(request.hall.db, request.citizen.openid, row.fileId);
}

/**
 * Certificate and electronic-licence queries, their records and documents, and the
 * signature-verification upload (spec part 1 §2, §4, §7). A submitted query wakes the resolver
 * (jobs/query-resolver.ts) that answers it.
 */
export async function queryRoutes(app: FastifyInstance): Promise<void> {
  const hall = app.hall;
  const { db, env } = hall;
  const maxUploadBytes = env.HALL_UPLOAD_MAX_BYTES;

  const wakeResolver = (queue: QueueName) => app.wakeQueryResolver(queue);

  // Only this plugin's routes take multipart bodies; the limits are explicit (one file, a few small fields).
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: maxUploadBytes, files: 1, fields: 8, parts: 10, fieldSize: 1024, fieldNameSize: 64, headerPairs: 100 },
  });

  registerCall(app, contract.certificateCity, { auth: 'public' }, async () => ({ errcode: '00', data: { xzqs: await listQueryCities(db) } }));

  for (const [call, kind] of [
    [contract.certificateSearch, 'zs'],
    [contract.dzzzcertificateSearch, 'dzzz'],
  ] as const) {
    registerCall(app, call, { auth: 'verified', rateLimit: { max: 20, timeWindow: '1 minute' } }, async (request) => {
      const id = await submitCertificateQuery(db, request.citizen.openid, kind, request.body);
      wakeResolver('documents');
      return { state: true, msg: '查询已提交，请稍后查看结果', data: { ID: id } };
    });
  }

  for (const [call, kind] of [
    [contract.getZsRecord, 'zs'],
    [contract.dzzzRecord, 'dzzz'],
    [contract.dzzzVerification, 'verify'],
  ] as const) {
    registerCall(app, call, { auth: 'citizen' }, async (request) => ({ state: true, data: await listRecords(db, request.citizen.openid, kind) }));
  }

  registerFileCall(app, contract.getDzzzPdf, async (request, reply) => {
    const row = await requireOwnRecord(db, request.citizen.openid, request.body.id, DOCUMENT_KINDS);
    return sendPdf(request, reply, await recordDocument(request, row));
  });

  registerFileCall(app, contract.licencePreview, async (request, reply) => {
    const row = await requireOwnRecord(db, request.citizen.openid, request.body.id, DOCUMENT_KINDS);
    return sendPdf(request, reply, await recordDocument(request, row));
  });

  registerCall(app, contract.getDzzzyqPdf, { auth: 'citizen' }, async (request) => {
    const row = await requireOwnRecord(db, request.citizen.openid, request.body.id, ['verify']);
    return { state: true, data: { path: verificationPreviewPath(row.id) } };
  });

  registerFileCall(app, contract.verificationPreview, async (request, reply) => {
    const row = await requireOwnRecord(db, request.citizen.openid, request.body.id, ['verify']);
    // Once verified, the record opens as the report the hall signed; until then, as the file uploaded.
    const reportId = typeof row.result?.reportFileId === 'string' ? row.result.reportFileId : null;
    const fileId = reportId ?? row.fileId;
    const file = fileId ? await findOwnedFile(db, request.citizen.openid, fileId) : null;
    // An OFD upload is no PDF the viewer can open: it shows as its report, once the check has written it.
    if (file?.mime === OFD_MIME) throw badRequest(OFD_REPORT_PENDING);
    return sendPdf(request, reply, file);
  });

  registerCall(app, contract.verifyQuery, { auth: 'citizen' }, async (request) => {
    const row = await requireOwnRecord(db, request.citizen.openid, request.body.code, ['zs', 'dzzz', 'verify']);
    const dyid = request.body.dyid?.trim();
    if (dyid && row.result?.bdcdyh !== dyid) throw notFound('未找到该查询记录');
    return { state: true, data: toRecordDetail(row) };
  });

  registerFileCall(app, contract.downloadPdf, async (request, reply) => {
    const path = request.body.path.trim();
    // Only a stored file's id or storage key names a file; anything path-like that leaves storage is refused outright.
    if (!path || path.includes('..') || path.includes('\\') || path.includes('\0') || path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.includes('%')) {
      throw badRequest(BAD_FILE_PATH);
    }
    return sendPdf(request, reply, await findOwnedFileByPath(db, request.citizen.openid, path));
  });

  app.route({
    method: 'POST',
    url: contract.getDzzzyqUpload.path,
    config: { envelope: 'state', rateLimit: firmLimit(30, '1 minute') },
    preValidation: requireVerifiedCitizen,
    handler: async (request) => {
      if (!request.isMultipart()) throw badRequest('请以文件上传的方式提交');
      // Storage stops writing at the citizen's remaining room when that is less than the upload limit.
      const bound = await streamedUploadBound(db, request.citizen.openid, { uploadMaxBytes: maxUploadBytes, quotaBytes: env.HALL_CITIZEN_QUOTA_BYTES });
      const id = await receiveSignatureUpload(hall, request.citizen.openid, request.parts(), bound.maxBytes).catch((error: unknown) => {
        throw bound.refusal(error);
      });
      wakeResolver('verification');
      return { state: 1, msg: SIGNATURE_UPLOAD_SUCCESS, data: { ID: id } };
    },
  });
}
