import { SIGNATURE_IMAGE_MAX_BYTES, contract } from '@hall/api/internal';
import { SIGNATURE_MESSAGES } from '@hall/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors';
import { registerCall } from '../register-call';
import { saveHandSignature } from '../../services/applications/hand-signatures';
import { NO_APPLICATION_ID, listStatementTemplates, readGuaranteePreview, readStatementBundle } from '../../services/applications/statements';

/**
 * Hand signatures and the written statements of a case (spec part 3 §2.11–§2.17, §7): signing an
 * applicant, reading the house, statements and signatures back, the statement templates and the
 * guarantee preview. Every call works on the session user's own applications only.
 */
export async function statementRoutes(app: FastifyInstance): Promise<void> {
  const { db, files } = app.hall;

  registerCall(
    app,
    contract.saveQzxxWx,
    // base64 of the largest signature, with room for the form's other fields.
    { auth: 'verified', rateLimit: { max: 60, timeWindow: '1 minute', firm: true }, bodyLimit: Math.ceil(SIGNATURE_IMAGE_MAX_BYTES * 1.4) + 64 * 1024 },
    async (request) => {
      await saveHandSignature({ db, files, quotaBytes: app.hall.env.HALL_CITIZEN_QUOTA_BYTES, log: request.log }, request.citizen.openid, request.body.id.trim(), request.body.decodeInfo);
      return { state: 1, msg: SIGNATURE_MESSAGES.saved };
    },
  );

  registerCall(app, contract.querySqrWx, { auth: 'citizen' }, async (request) => {
    const id = request.body.proinstid?.trim() || request.body.slsqId?.trim();
    if (!id) throw badRequest(NO_APPLICATION_ID);
    const { bundle, signatures } = await readStatementBundle(db, files, request.citizen.openid, id);
    return { state: 1, fwxx: JSON.stringify(bundle), qzinfo: signatures };
  });

  registerCall(app, contract.queryTyp, { auth: 'citizen' }, async (request) => ({
    state: 1,
    data: await listStatementTemplates(db, request.citizen.openid, request.body.slsqId),
  }));

  registerCall(app, contract.htpreviewWx, { auth: 'citizen' }, async (request) => ({
    state: 1,
    data: await readGuaranteePreview(db, files, request.citizen.openid, request.body.proinstid),
  }));
}
