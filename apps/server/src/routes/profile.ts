import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../lib/register-call';
import { profileState, saveProfile } from '../services/profile';
import { requireUser, toHallUser } from '../services/users';

/** Profile calls of spec part 1 §7: read, validate and save the session user's profile. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  registerCall(app, contract.getUserInfo, { auth: 'citizen' }, async (request) => ({
    errcode: '00',
    data: toHallUser(await requireUser(db, request.citizen.openid)),
  }));

  registerCall(app, contract.validateUserInfo, { auth: 'citizen' }, async (request) => profileState(await requireUser(db, request.citizen.openid)));

  registerCall(app, contract.saveUserInfo, { auth: 'citizen', rateLimit: { max: 20, timeWindow: '1 minute' } }, async (request) => {
    await saveProfile(db, request.citizen.openid, request.body);
    return { errcode: '00', errmsg: '保存成功' };
  });
}
