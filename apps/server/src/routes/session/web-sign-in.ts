import { contract, WEB_SIGN_IN_METHODS } from '@hall/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerCall } from '../register-call';
import { forbidden, badRequest } from '../../lib/errors';
import { isOwnWebSignInTicket, issueWebSignInTicket, signInBrowser } from '../../plugins/session';
import { offersSignInCodes, signInMethods, type SignInMethod } from '../../sign-in-methods';
import { issuePhoneCode, PHONE_CODE_MESSAGES } from '../../services/session/phone-codes';
import { toHallUser, type UserRow } from '../../services/session/users';
import { accountForPassword, accountForProvedPhone, checkNewPassword, consumeSignInCode, resetPassword, WEB_SIGN_IN_MESSAGES } from '../../services/session/web-sign-in';

/** Counted in PostgreSQL by address alone: a cookie buys no tries (the limits per phone, code and account come on top). */
const SIGN_IN_LIMIT = { max: 30, timeWindow: '1 minute', firm: true, byAddress: true } as const;

/**
 * The hall's own sign-in page (手机验证码登录, 密码登录, 忘记密码), for browsers other than WeChat's. Each
 * sign-in ends whatever session the browser came with and sets a fresh one (plugins/session.ts, signInBrowser).
 */
export async function webSignInRoutes(app: FastifyInstance): Promise<void> {
  const { db, env, wechat } = app.hall;
  const methods = signInMethods(env);

  function admit(request: FastifyRequest & { body: { ticket: string } }, method: SignInMethod | 'either'): void {
    if (method === 'either' ? !offersSignInCodes(methods) : !methods.has(method)) throw forbidden(WEB_SIGN_IN_MESSAGES.methodOff);
    if (!isOwnWebSignInTicket(request, request.body.ticket)) throw badRequest(WEB_SIGN_IN_MESSAGES.ticket);
  }

  async function signIn(request: FastifyRequest, reply: FastifyReply, user: UserRow, method: 'sms' | 'password') {
    await signInBrowser(request, reply, user.openid, method);
    return { state: 1, msg: '登录成功', data: toHallUser(user) };
  }

  registerCall(app, contract.webSignInStart, { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute', byAddress: true } }, async (request, reply) => ({
    state: 1,
    data: { ticket: issueWebSignInTicket(request, reply), methods: WEB_SIGN_IN_METHODS.filter((method) => methods.has(method)) },
  }));

  // A code serves the sign-in by code and 忘记密码 alike; the limits per phone and per address are getPhoneCode's.
  registerCall(app, contract.webSignInCode, { auth: 'public', rateLimit: { max: 10, timeWindow: '1 minute', firm: true, byAddress: true } }, async (request) => {
    admit(request, 'either');
    await issuePhoneCode(app.hall, { phone: request.body.phone, clientAddress: request.ip, browserTicket: request.body.ticket }, request.log);
    return { state: 1, msg: PHONE_CODE_MESSAGES.sent };
  });

  registerCall(app, contract.webSignInBySms, { auth: 'public', rateLimit: SIGN_IN_LIMIT }, async (request, reply) => {
    admit(request, 'sms');
    const phone = await consumeSignInCode(db, { ...request.body, clientAddress: request.ip });
    return signIn(request, reply, await accountForProvedPhone(db, phone, { appid: wechat.appid, xzqdm: env.HALL_XZQDM }), 'sms');
  });

  registerCall(app, contract.webSignInByPassword, { auth: 'public', rateLimit: SIGN_IN_LIMIT }, async (request, reply) => {
    admit(request, 'password');
    return signIn(request, reply, await accountForPassword(db, { account: request.body.account, password: request.body.password, clientAddress: request.ip }), 'password');
  });

  registerCall(app, contract.webResetPassword, { auth: 'public', rateLimit: { max: 10, timeWindow: '1 minute', firm: true, byAddress: true } }, async (request, reply) => {
    admit(request, 'password');
    checkNewPassword(request.body.password);
    const phone = await consumeSignInCode(db, { ...request.body, clientAddress: request.ip });
    return signIn(request, reply, await resetPassword(db, phone, request.body.password), 'password');
  });
}
