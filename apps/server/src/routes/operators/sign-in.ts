import { contract } from '@hall/api';
import { OPERATOR_MESSAGES } from '@hall/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors';
import { registerCall } from '../register-call';
import { auditActor, clearOperatorCookie, setOperatorCookie } from '../../plugins/operator-session';
import { readSession } from '../../plugins/session';
import { changeOperatorPassword, endOperatorSession, setOperatorWechat, signInWithPassword, toOperatorProfile } from '../../services/operators/operator-sessions';

/** Any signed-in operator, even one whose password is temporary. */
const ANY_OPERATOR = { beforePasswordChange: true } as const;

/** Signing in to the console and out of it, the password, and the WeChat an operator signs in with on the phone. */
export async function consoleSignInRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  // Firm: counted in PostgreSQL by client address alone (a cookie buys no tries), shared by every process, on top of
  // the count by name and the lock-outs (services/operators/sign-in-locks.ts); 60 a minute leaves room for a shift
  // signing in behind one address.
  registerCall(app, contract.operatorSignIn, { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute', firm: true, byAddress: true } }, async (request, reply) => {
    const operator = await signInWithPassword(db, request.ip, request.body.username, request.body.password);
    setOperatorCookie(request, reply, operator.sessionId);
    return { errcode: '00', errmsg: '登录成功', data: toOperatorProfile(operator) };
  });

  registerCall(app, contract.operatorSignOut, { auth: 'operator', operator: ANY_OPERATOR }, async (request, reply) => {
    await endOperatorSession(db, auditActor(request), request.operator.sessionId);
    clearOperatorCookie(reply);
    return { errcode: '00', errmsg: '已退出登录', data: {} };
  });

  registerCall(app, contract.getOperatorMe, { auth: 'operator', operator: ANY_OPERATOR }, async (request) => ({ errcode: '00', data: toOperatorProfile(request.operator) }));

  registerCall(app, contract.changeOperatorPassword, { auth: 'operator', operator: ANY_OPERATOR, rateLimit: { max: 10, timeWindow: '1 minute', firm: true } }, async (request) => {
    const account = await changeOperatorPassword(db, auditActor(request), request.operator, request.body.current, request.body.next);
    return { errcode: '00', errmsg: '密码已修改', data: toOperatorProfile({ ...request.operator, account }) };
  });

  registerCall(app, contract.bindOperatorWechat, { auth: 'operator' }, async (request) => {
    const citizen = await readSession(request);
    if (!citizen || citizen.state !== 'active' || !citizen.openid) throw badRequest(OPERATOR_MESSAGES.wechatNotSignedIn);
    const account = await setOperatorWechat(db, auditActor(request), request.operator.account.id, citizen.openid);
    return { errcode: '00', errmsg: '已绑定微信', data: toOperatorProfile({ ...request.operator, account }) };
  });

  registerCall(app, contract.unbindOperatorWechat, { auth: 'operator' }, async (request) => {
    const account = await setOperatorWechat(db, auditActor(request), request.operator.account.id, null);
    return { errcode: '00', errmsg: '已解除绑定', data: toOperatorProfile({ ...request.operator, account }) };
  });
}
