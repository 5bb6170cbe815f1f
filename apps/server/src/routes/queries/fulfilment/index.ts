import multipart from '@fastify/multipart';
import { contract, FULFILMENT_UPLOAD_MAX_BYTES, FULFILMENT_UPLOAD_MISSING, FULFILMENT_UPLOAD_TOO_LARGE, NO_DATA_MESSAGE } from '@hall/api/internal';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../../../lib/errors';
import { registerCall } from '../../register-call';
import { auditActor, requireOperator } from '../../../plugins/operator-session';
import { answerFulfilmentRecord, answerWithUploadedDocument, listFulfilmentQueue, readFulfilmentRecord } from '../../../services/queries/fulfilment/fulfilment';

const COUNTER = { role: 'counter' } as const;
const ANSWER_LIMIT = { max: 120, timeWindow: '1 minute' };

/** The uploaded PDF and the record id of a multipart body; the file is held in memory, it is bounded and must be signed whole. */
async function readUpload(request: FastifyRequest): Promise<{ id: string; pdf: Buffer }> {
  if (!request.isMultipart()) throw badRequest('请以文件上传的方式提交');
  let id = '';
  let pdf: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'Filedata' || pdf) {
        part.file.resume();
        continue;
      }
      pdf = await part.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(FULFILMENT_UPLOAD_TOO_LARGE);
        throw error;
      });
      // busboy stops a file at the limit and marks it truncated: never keep a part of a file.
      if (part.file.truncated) throw badRequest(FULFILMENT_UPLOAD_TOO_LARGE);
    } else if (part.fieldname === 'id') {
      id = String(part.value).trim();
    }
  }
  if (!/^\d{1,19}$/.test(id)) throw notFound(NO_DATA_MESSAGE);
  if (!pdf || pdf.length === 0) throw badRequest(FULFILMENT_UPLOAD_MISSING);
  return { id, pdf };
}

/**
 * Query fulfilment in the console (docs/architecture.md §6, §12) for the 窗口人员: the queries no registry
 * answers, and the operator's answer — 未查到, the result entered, or an uploaded PDF the hall
 * signs — each in the audit trail.
 */
export async function fulfilmentArea(app: FastifyInstance): Promise<void> {
  const hall = app.hall;

  // Only this plugin's upload takes multipart bodies: one file of at most the cap, a few small fields.
  await app.register(multipart, {
    limits: { fileSize: FULFILMENT_UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 6, fieldSize: 1024, fieldNameSize: 64, headerPairs: 100 },
  });

  registerCall(app, contract.listFulfilmentQueue, { auth: 'operator', operator: COUNTER }, async (request) => {
    return { errcode: '00', data: await listFulfilmentQueue(hall, request.body) };
  });

  registerCall(app, contract.getFulfilmentRecord, { auth: 'operator', operator: COUNTER }, async (request) => {
    return { errcode: '00', data: await readFulfilmentRecord(hall, request.body.id) };
  });

  registerCall(app, contract.answerFulfilmentRecord, { auth: 'operator', operator: COUNTER, rateLimit: ANSWER_LIMIT }, async (request) => {
    const data = await answerFulfilmentRecord(hall, auditActor(request), request.body.id, request.body.answer);
    return { errcode: '00', errmsg: '已答复', data };
  });

  app.route({
    method: 'POST',
    url: contract.uploadFulfilmentDocument.path,
    // The body may be the PDF's size and a little more for the multipart framing.
    bodyLimit: FULFILMENT_UPLOAD_MAX_BYTES + 64 * 1024,
    config: { envelope: 'errcode', rateLimit: ANSWER_LIMIT },
    // Without a console session and the role, nothing of the body is read.
    preValidation: (request) => requireOperator(request, COUNTER),
    handler: async (request) => {
      const { id, pdf } = await readUpload(request);
      const data = await answerWithUploadedDocument(hall, auditActor(request), id, pdf);
      return { errcode: '00', errmsg: '已答复', data };
    },
  });
}
