import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../register-call';
import { issuePhoneCode, PHONE_CODE_MESSAGES } from '../../services/session/phone-codes';

/** getPhoneCode (spec part 1 §7): an SMS code to the phone, bound to the session's user. */
export async function phoneCodeRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, contract.getPhoneCode, { auth: 'citizen', rateLimit: { max: 10, timeWindow: '1 minute', firm: true } }, async (request) => {
    await issuePhoneCode(app.hall, { openid: request.citizen.openid, phone: request.body.phone, clientAddress: request.ip }, request.log);
    return { stat: 1, msg: PHONE_CODE_MESSAGES.sent };
  });
}
