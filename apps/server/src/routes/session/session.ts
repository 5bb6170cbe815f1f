import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { registerCall } from '../register-call';
import { isOwnNavigation } from '../../plugins/cross-site-guard';
import { HallError } from '../../lib/errors';
import { STALE_CODE_ERRORS } from '../../adapters/wechat/oauth';
import { clearOAuthState, clearSessionCookie, oauthStateOf, readSession, sessionLost, setSessionCookie } from '../../plugins/session';
import { createPendingSession, endSession, rotateSession, touchSession, USER_REFRESH_AFTER_MS } from '../../services/session/sessions';
import { findUser, requireUser, toHallUser } from '../../services/session/users';
import { signInMethods } from '../../sign-in-methods';
import { APP_NAME, APP_VERSION, appInfoOf } from '../../services/session/app-info';

/** Sign-in attempts a minute, counted in the database for every process together. */
export const SIGN_IN_LIMIT_PER_MINUTE = 120;

/** A return from WeChat that this browser did not start (or started in another tab since). */
export const OAUTH_STATE_MISMATCH = '登录校验未通过，请关闭本页面后从公众号菜单重新进入办事大厅';
/**
 * The session bootstrap of spec part 1 §4: app item → authorise → newUser/oldUser → refresh cookie,
 * or refreshUser, or noRefresh. Identity lives in the database session; the cookie holds its id.
 */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { wechat, env, db } = app.hall;

  registerCall(app, contract.wechatItemGet, { auth: 'public' }, async () => ({
    state: 1,
    data: { appid: wechat.appid, appname: APP_NAME, version: APP_VERSION, scope: wechat.scope },
  }));

  // Per session, else per address: a hall's Wi-Fi or a carrier's NAT puts many citizens behind one address.
  registerCall(app, contract.authorize, { auth: 'public', rateLimit: { max: SIGN_IN_LIMIT_PER_MINUTE, timeWindow: '1 minute', firm: true } }, async (request, reply) => {
    const session = await readSession(request);
    // A session that already exists wins over a code in the address bar: a reload or a back
    // navigation that repeats a used code (WeChat 40163) must not break a working session.
    if (session?.state === 'active') {
      const stale = Date.now() - session.refreshedAt.getTime() > USER_REFRESH_AFTER_MS;
      return { state: 1, msg: stale ? ('refreshUser' as const) : ('noRefresh' as const) };
    }
    const code = request.body.code;
    // A hall that does not offer WeChat's sign-in exchanges no WeChat code.
    if (!code || !signInMethods(env).has('wechat')) throw sessionLost(request, request.body.redirect);
    const bound = oauthStateOf(request, request.body.state);
    // A code this browser did not ask for is never exchanged. Without a state (it expired on WeChat's
    // page) the sign-in starts again; with another one the return is refused outright.
    if (bound === 'unbound') throw sessionLost(request, request.body.redirect);
    if (bound === 'foreign') {
      clearOAuthState(reply);
      throw new HallError(400, OAUTH_STATE_MISMATCH);
    }
    clearOAuthState(reply);
    const exchange = await wechat.exchangeCode(code);
    if (!exchange.ok) {
      // A used or unknown code: start again with a fresh one rather than a dead end.
      if ((STALE_CODE_ERRORS as readonly number[]).includes(exchange.errcode)) throw sessionLost(request, request.body.redirect);
      request.log.warn({ errcode: exchange.errcode, errmsg: exchange.errmsg }, 'wechat code exchange failed');
      throw new HallError(502, '微信授权失败，请稍后重新进入');
    }
    const profile = exchange.scope.includes('userinfo') ? await wechat.userInfo(exchange.accessToken, exchange.openid) : null;
    const pending = await createPendingSession(db, exchange.openid, {
      nickname: profile?.nickname ?? '',
      headimgurl: profile?.headimgurl ?? '',
      sex: profile?.sex ?? '',
    });
    setSessionCookie(request, reply, pending.id);
    const existing = await findUser(db, exchange.openid);
    return { state: 1, msg: existing ? ('oldUser' as const) : ('newUser' as const) };
  });

  /** Registers the user the pending session's code belongs to. */
  registerCall(app, contract.newUser, { auth: 'public' }, async (request) => {
    const session = await readSession(request);
    if (!session?.openid) throw sessionLost(request);
    const oauth = session.oauth;
    await db
      .insert(users)
      .values({ openid: session.openid, appid: wechat.appid, nickname: oauth.nickname ?? '', headimgurl: oauth.headimgurl ?? '', sex: oauth.sex ?? '', xzqdm: env.HALL_XZQDM })
      .onConflictDoNothing();
    return { state: 1, data: toHallUser(await requireUser(db, session.openid)) };
  });

  /** Checks the returning user and takes WeChat's current nickname and avatar. */
  registerCall(app, contract.oldUser, { auth: 'public' }, async (request) => {
    const session = await readSession(request);
    if (!session?.openid) throw sessionLost(request);
    const user = await findUser(db, session.openid);
    if (!user) throw sessionLost(request);
    return { state: 1, data: toHallUser(user) };
  });

  /** Issues the session cookie proper: a fresh id, active. */
  registerCall(app, contract.refreshCookie, { auth: 'public' }, async (request, reply) => {
    const session = await readSession(request);
    if (!session?.openid || !(await findUser(db, session.openid))) throw sessionLost(request);
    const active = await rotateSession(db, session);
    setSessionCookie(request, reply, active.id);
    return { state: 1 };
  });

  registerCall(app, contract.refreshUser, { auth: 'citizen' }, async (request) => {
    await touchSession(db, request.citizen.sessionId);
    return { state: 1, data: toHallUser(await requireUser(db, request.citizen.openid)) };
  });

  registerCall(app, contract.getYhxx, { auth: 'citizen' }, async (request) => ({
    errcode: '00',
    data: toHallUser(await requireUser(db, request.citizen.openid)),
  }));

  registerCall(app, contract.appInfo, { auth: 'public' }, async () => ({ state: 1, data: appInfoOf(app.hall) }));

  registerCall(app, contract.modsInfo, { auth: 'public' }, async () => ({
    state: 1,
    data: [
      { code: 'apply', name: '网上申请', enabled: true },
      { code: 'appointment', name: '预约办理', enabled: true },
      { code: 'query', name: '查询服务', enabled: true },
    ],
  }));

  registerCall(app, contract.pageInfo, { auth: 'public' }, async () => ({
    state: 1,
    data: [
      { path: '/', title: APP_NAME },
      { path: '/my', title: '个人中心' },
    ],
  }));

  // The same for everyone: read once per process and kept until the content console changes it (app.wxMenu).
  registerCall(app, contract.getWxMenu, { auth: 'public' }, () => app.wxMenu());

  /**
   * Logout ends the session in the database, clears the cookie and goes to the root. It is a GET the
   * apps navigate to, so another site could link to it: only a navigation from the hall's own pages
   * (or one the citizen typed) ends the session; any other just lands on the root.
   */
  app.get('/logout', async (request, reply) => {
    if (isOwnNavigation(request)) {
      const session = await readSession(request);
      if (session) await endSession(db, session.id);
      clearSessionCookie(reply);
    }
    return reply.redirect('/');
  });
}
