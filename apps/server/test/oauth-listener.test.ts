import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type HallApp } from '../src/app';
import { connectDatabase, type DatabaseConnection } from '../src/db/client';
import { readEnv } from '../src/env';
import { createContext } from '../src/hall';
import { cookieFrom, WECHAT_USER_AGENT } from './hall';
import { createDatabase, dropDatabase } from './databases';

/**
 * The whole WeChat OAuth2 round trip over real HTTP: the browser's hops and the server's own
 * code exchange with the simulator both go through a listening socket, as in production. The calls
 * come from WeChat's browser: any other is sent to the hall's own sign-in page instead.
 */
let app: HallApp;
let connection: DatabaseConnection;
let origin: string;
const database = `hall_oauth_${process.pid}`;

beforeAll(async () => {
  connection = connectDatabase(await createDatabase(database, inject('templateDatabase')), 5);
  let port = 0;
  const hall = await createContext({ env: readEnv({ LOG_LEVEL: 'silent', HALL_MODE: 'demo' }), db: connection.db, pool: connection.pool, selfOrigin: () => `http://127.0.0.1:${port}` });
  app = await buildApp(hall);
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(origin).port);
});

afterAll(async () => {
  await app.close();
  await connection.close();
  await dropDatabase(database);
});

async function postJson(path: string, body: unknown, cookie = '') {
  const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'user-agent': WECHAT_USER_AGENT }, body: JSON.stringify(body) });
  return { response, body: (await response.json()) as Record<string, unknown> };
}

describe('OAuth round trip through the simulator on a real listener', () => {
  it('lands, is sent to WeChat, picks a citizen, comes back with a code and ends with a session', async () => {
    const landing = `${origin}/my`;
    const first = await postJson('/wechat/api/outh2/authorize', { redirect: landing });
    expect(first.body.status).toBe(-1);
    const authorizeUrl = new URL(first.body.url as string, origin);
    const stateCookie = cookieFrom(first.response.headers.getSetCookie());

    const page = await fetch(authorizeUrl);
    const html = await page.text();
    expect(html).toContain('微信授权（模拟）');
    expect(html).toContain('新建测试市民');

    const form = new URLSearchParams(Object.fromEntries(authorizeUrl.searchParams));
    form.set('openid', 'listener-citizen');
    form.set('nickname', '李雷');
    const chosen = await fetch(`${origin}${authorizeUrl.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
    expect(chosen.status).toBe(302);
    const back = new URL(chosen.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(landing);
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    expect(state).toBe(authorizeUrl.searchParams.get('state'));

    const authorized = await postJson('/wechat/api/outh2/authorize', { code, state, redirect: back.toString() }, stateCookie);
    expect(authorized.body).toMatchObject({ state: 1, msg: 'newUser' });
    const pending = cookieFrom(authorized.response.headers.getSetCookie());
    const created = await postJson('/wechat/api/wechatuser/newuser', {}, pending);
    expect(created.body).toMatchObject({ state: 1, data: { openid: 'listener-citizen', nickname: '李雷' } });
    const refreshed = await postJson('/wechat/api/outh2/refresh', {}, pending);
    const session = cookieFrom(refreshed.response.headers.getSetCookie());
    const me = await postJson('/online/wx/apilist/getYhxx', {}, session);
    expect(me.body).toMatchObject({ errcode: '00', data: { openid: 'listener-citizen' } });

    // Back navigation repeats the used code: the session carries on.
    const repeated = await postJson('/wechat/api/outh2/authorize', { code }, session);
    expect(repeated.body).toMatchObject({ state: 1, msg: 'noRefresh' });
  });
});
