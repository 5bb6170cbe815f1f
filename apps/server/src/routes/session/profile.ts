import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../register-call';
import { completeFaceCheck } from '../../services/session/face-checks';
import { changePhone, profileState, saveElderMode, saveProfile } from '../../services/session/profile';
import { requireUser, toHallUser } from '../../services/session/users';

/** Profile calls of spec part 1 §7: read, validate and save the session user's profile; and the user's 长辈模式. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  registerCall(app, contract.getUserInfo, { auth: 'citizen' }, async (request) => {
    // Back from a face check (BizToken in the URL): settle it first, so the answer already shows the result.
    const bizToken = request.body.data?.BizToken?.trim();
    const face = bizToken ? await completeFaceCheck(app.hall, request.citizen, bizToken, request.log) : null;
    return {
      errcode: '00',
      data: toHallUser(await requireUser(db, request.citizen.openid)),
      ...(face ? { faceResult: face.result, faceMessage: face.message } : {}),
    };
  });

  registerCall(app, contract.validateUserInfo, { auth: 'citizen' }, async (request) => profileState(await requireUser(db, request.citizen.openid)));

  registerCall(app, contract.saveUserInfo, { auth: 'citizen', rateLimit: { max: 20, timeWindow: '1 minute' } }, async (request) => {
    await saveProfile(db, request.citizen.openid, request.body);
    return { errcode: '00', errmsg: '保存成功' };
  });

  registerCall(app, contract.changePhone, { auth: 'citizen', rateLimit: { max: 10, timeWindow: '1 minute', firm: true } }, async (request) => {
    await changePhone(db, request.citizen.openid, { phone: request.body.phone, code: request.body.yzm });
    return { errcode: '00', errmsg: '手机号已更换' };
  });

  registerCall(app, contract.setElderMode, { auth: 'citizen', rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => ({
    errcode: '00',
    data: { elderMode: await saveElderMode(db, request.citizen.openid, request.body.data.elderMode) },
  }));
}
