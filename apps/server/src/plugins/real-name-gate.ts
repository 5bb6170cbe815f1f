import type { FastifyRequest } from 'fastify';
import { HallError } from '../lib/errors';
import { profileState } from '../services/session/profile';
import { findUser } from '../services/session/users';
import { requireCitizen } from './session';

/**
 * The server's own guard of every business call (spec part 1 §6: business paths require a
 * completed profile and real-name verification; docs/architecture.md §5). The client's menu check only guides;
 * this one decides. A refusal carries validateUserInfo's code (1, 2, 4 profile incomplete; 3 not
 * verified) and its message, so the screens can send the citizen to /userInfo?type=1.
 */
export async function requireVerifiedCitizen(request: FastifyRequest): Promise<void> {
  await requireCitizen(request);
  const user = await findUser(request.hall.db, request.citizen.openid);
  const state = user ? profileState(user) : { errcode: '1' as const, errmsg: '请完善用户信息' };
  if (state.errcode !== '0') throw new HallError(403, state.errmsg, state.errcode);
}
