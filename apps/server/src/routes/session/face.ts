import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors';
import { publicOrigin } from '../../lib/public-origin';
import { registerCall } from '../register-call';
import { completeBusinessFaceCheck, FACE_MESSAGES, startFaceCheck } from '../../services/session/face-checks';

/**
 * Face verification (人脸核身, spec part 1 §7): getWxDetectAuth starts a check and answers the
 * address to send the browser to; setDetectInfo settles a business's check after the return.
 * The real-name result itself is settled by getUserInfo with the BizToken (routes/profile.ts).
 */
export async function faceRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, contract.getWxDetectAuth, { auth: 'citizen', rateLimit: { max: 10, timeWindow: '1 minute', firm: true } }, async (request) => {
    const { RedirectUrl, name, idcard, bsm } = request.body;
    const started = await startFaceCheck(app.hall, request.citizen, { name, idcard, bsm, redirectUrl: RedirectUrl, origin: publicOrigin(request) }, request.log);
    return { errcode: '00', data: { Url: started.url, BizToken: started.bizToken } };
  });

  registerCall(app, contract.setDetectInfo, { auth: 'citizen', rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => {
    const outcome = await completeBusinessFaceCheck(app.hall, request.citizen, { bsm: request.body.bsm, bizToken: request.body.BizToken }, request.log);
    if (outcome.result !== 'passed') throw badRequest(outcome.message);
    return { errcode: '00', errmsg: FACE_MESSAGES.licencePassed };
  });
}
