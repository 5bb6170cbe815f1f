import { contract } from '@hall/api';
import { OPERATOR_MESSAGES } from '@hall/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerCall } from '../register-call';
import { HallError } from '../../lib/errors';
import { OPERATOR_SIGNED_OUT_ERRCODE, readOperatorSession, setOperatorCookie } from '../../plugins/operator-session';
import { readSession } from '../../plugins/session';
import { hallStatistics } from '../../services/operators/hall-statistics';
import { signInWithWechat, toOperatorProfile, type SignedInOperator } from '../../services/operators/operator-sessions';
import { appInfoOf } from '../../services/session/app-info';

/**
 * The console of this request: its own session, else (an operator on the phone) the operator whose
 * bound WeChat the browser's citizen session belongs to, signed in here. Null when neither.
 */
async function consoleOf(request: FastifyRequest, reply: Parameters<typeof setOperatorCookie>[1]): Promise<SignedInOperator | null> {
  const current = await readOperatorSession(request);
  if (current) return current;
  const citizen = await readSession(request);
  if (!citizen || citizen.state !== 'active' || !citizen.openid) return null;
  const operator = await signInWithWechat(request.hall.db, request.ip, citizen.openid);
  if (!operator) throw new HallError(403, OPERATOR_MESSAGES.notAnOperator);
  setOperatorCookie(request, reply, operator.sessionId);
  return operator;
}

/** The admin shell's start (spec part 1 §7): the app, the operator and the statistics it asks for. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;
  registerCall(app, contract.initAdminShell, { auth: 'public' }, async (request, reply) => {
    const operator = await consoleOf(request, reply);
    if (!operator) throw new HallError(401, OPERATOR_MESSAGES.signInRequired, OPERATOR_SIGNED_OUT_ERRCODE);
    request.operator = operator;
    const fields = new Set(request.body.dbfields);
    const ready = !operator.account.mustChangePassword;
    return {
      state: 1,
      data: {
        app: fields.has('app') ? { ...appInfoOf(app.hall), syscode: 'sys_admin' } : undefined,
        me: fields.has('me') ? toOperatorProfile(operator) : undefined,
        // Nothing of the hall is shown before a temporary password is replaced.
        stat: fields.has('stat') && ready ? await hallStatistics(db) : undefined,
      },
    };
  });
}
