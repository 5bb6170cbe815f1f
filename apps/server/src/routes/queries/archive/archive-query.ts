import { archivePdfPath, contract } from '@hall/api/internal';
import { ARCHIVE_QUERY_MESSAGES, normalizeIdNumber, normalizeTypedNumber, PROPERTY_QUERY_MESSAGES } from '@hall/domain';
import type { FastifyInstance } from 'fastify';
import { renderArchiveCertificatePdf, renderArchiveCertificatePng } from '../../../documents/archive-certificate';
import { badRequest, forbidden } from '../../../lib/errors';
import { registerCall } from '../../register-call';
import {
  archiveCertificateInput,
  listArchiveRecords,
  requireOwnArchiveRecord,
  requestArchiveQuery,
  requireReturnedArchiveRecord,
  toArchiveDetail,
  toArchiveProperty,
} from '../../../services/queries/archive/archive-queries';
import { sendArchiveCode, verifyArchiveCode } from '../../../services/queries/archive/archive-steps';
import { PHONE_CODE_MESSAGES } from '../../../services/session/phone-codes';
import { readPropertyQuery, submitPropertyQuery } from '../../../services/queries/archive/property-queries';
import { findCertificateNow, REGISTRY_UNAVAILABLE } from '../../../services/queries/archive/relation-search';
import { requireUser } from '../../../services/session/users';
import { registerFileCall, sendInlinePdf } from '../../file-reply';

/**
 * The archive query (查档证明, spec part 3 §2.7, §2.8, §4, §7): the phone code sent and checked by
 * the server, the request (only after the code and a passed face check), the records and the
 * certificate as a picture and a PDF, for their owner only; and the registration property query
 * (§2.9). The background resolver (routes/queries.ts) answers the pending records.
 */
export async function archiveQueryRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  registerCall(app, contract.phongQueryYzm, { auth: 'verified', rateLimit: { max: 10, timeWindow: '1 minute', firm: true } }, async (request) => {
    await sendArchiveCode(app.hall, { openid: request.citizen.openid, clientAddress: request.ip }, request.body.qlrphone, request.log);
    return { errcode: '00', errmsg: PHONE_CODE_MESSAGES.sent };
  });

  registerCall(app, contract.getQueryYzm, { auth: 'verified', rateLimit: { max: 20, timeWindow: '1 minute' } }, async (request) => {
    const bsm = await verifyArchiveCode(db, request.citizen, { phone: request.body.qlrphone, code: request.body.yzm });
    return { errcode: true, errmsg: ARCHIVE_QUERY_MESSAGES.codeChecked, data: { bsm } };
  });

  for (const call of [contract.sentquerycert, contract.queryCertRecord]) {
    registerCall(app, call, { auth: 'verified', rateLimit: { max: 10, timeWindow: '1 minute' } }, async (request) => {
      const created = await requestArchiveQuery(db, request.citizen, request.body);
      return { errcode: '00', errmsg: ARCHIVE_QUERY_MESSAGES.submitted, data: created };
    });
  }

  registerCall(app, contract.querycertrecord, { auth: 'citizen' }, async (request) => ({ errcode: '00', data: await listArchiveRecords(db, request.citizen.openid) }));

  registerCall(app, contract.getCertRecord, { auth: 'citizen' }, async (request) => {
    const code = request.body.code === undefined ? undefined : String(request.body.code);
    return { errcode: '00', data: { data: await listArchiveRecords(db, request.citizen.openid, code) } };
  });

  registerCall(app, contract.getRecord, { auth: 'citizen' }, async (request) => ({
    errcode: '00',
    data: toArchiveDetail(await requireOwnArchiveRecord(db, request.citizen.openid, request.body.certId)),
  }));

  registerCall(app, contract.getCatchCert, { auth: 'citizen', rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => {
    const row = await requireReturnedArchiveRecord(db, request.citizen.openid, request.body.cerId);
    const png = await renderArchiveCertificatePng(archiveCertificateInput(row));
    return { errcode: '00', data: { imagedata: `data:image/png;base64,${png.toString('base64')}` } };
  });

  registerCall(app, contract.getCatchcertex, { auth: 'citizen' }, async (request) => {
    const row = await requireReturnedArchiveRecord(db, request.citizen.openid, request.body.certId);
    const input = archiveCertificateInput(row);
    return {
      errcode: '00',
      data: {
        qlrmc: input.name,
        zjh: input.idcard,
        sqdh: input.sqdh,
        cxsj: input.queriedAt,
        jg: input.properties.length ? ARCHIVE_QUERY_MESSAGES.registered(input.properties.length) : ARCHIVE_QUERY_MESSAGES.nothingRegistered,
        properties: input.properties,
        mbmc: '查档证明',
      },
    };
  });

  registerCall(app, contract.createpdf, { auth: 'citizen' }, async (request) => {
    const row = await requireReturnedArchiveRecord(db, request.citizen.openid, request.body.certId);
    return { errcode: '00', data: { path: archivePdfPath(row.id) } };
  });

  registerFileCall(app, contract.createpdf1, async (request, reply) => {
    const row = await requireReturnedArchiveRecord(db, request.citizen.openid, request.body.certId);
    const pdf = await renderArchiveCertificatePdf(archiveCertificateInput(row), app.hall.documentSigner);
    return sendInlinePdf(reply, `查档证明-${row.params.sqdh ?? row.id}.pdf`, pdf, pdf.length);
  });

  registerCall(app, contract.relationfilesearch, { auth: 'verified', rateLimit: { max: 20, timeWindow: '1 minute' } }, async (request) => {
    const user = await requireUser(db, request.citizen.openid);
    const name = String(request.body.name ?? user.name).trim();
    const card = normalizeIdNumber(String(request.body.card ?? user.cardnum));
    if (name !== user.name.trim() || card !== normalizeIdNumber(user.cardnum)) throw forbidden(ARCHIVE_QUERY_MESSAGES.notOwn);
    const bdcqzh = normalizeTypedNumber(String(request.body.bdcqzh ?? ''));
    if (!bdcqzh) throw badRequest(PROPERTY_QUERY_MESSAGES.legacyNumberRequired);
    const certificate = await findCertificateNow(app.hall.certificateRegistry, { name, idcard: card, qzh: bdcqzh, xzqdm: '' }, request.log);
    // This lookup answers at once and cannot wait for an operator: without a registry that answers, the citizen is told where to go instead.
    if (certificate === REGISTRY_UNAVAILABLE) return { state: 0, msg: PROPERTY_QUERY_MESSAGES.registryUnavailable, errmsg: PROPERTY_QUERY_MESSAGES.registryUnavailable };
    if (!certificate) throw badRequest(PROPERTY_QUERY_MESSAGES.notFound);
    return { state: 1, data: { ...toArchiveProperty(certificate), qlr: certificate.ownerName } };
  });

  registerCall(app, contract.getqueryRecordWx, { auth: 'citizen' }, async (request) => {
    const row = await requireReturnedArchiveRecord(db, request.citizen.openid, request.body.id);
    const bdcqzh = normalizeTypedNumber(String(request.body.bdcqzh ?? ''));
    const records = archiveCertificateInput(row).properties.filter((p) => !bdcqzh || p.bdcqzh === bdcqzh);
    return { state: 1, data: { records } };
  });

  registerCall(app, contract.searchBdcdyInfoByBdcqzh, { auth: 'verified', rateLimit: { max: 20, timeWindow: '1 minute' } }, async (request) => ({
    state: 1,
    msg: PROPERTY_QUERY_MESSAGES.submitted,
    data: await submitPropertyQuery(db, request.citizen.openid, request.body),
  }));

  registerCall(app, contract.getBdcqzhQuery, { auth: 'citizen' }, async (request) => ({ state: 1, data: await readPropertyQuery(db, request.citizen.openid, request.body.id) }));
}
