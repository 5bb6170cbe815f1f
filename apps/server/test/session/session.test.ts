import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoot } from '../../src/lib/app-root';
import { OAUTH_STATE_MISMATCH } from '../../src/routes/session/session';
import { cookieFrom, testHallForFile } from '../hall';
import { callHall } from '../call';
import { contract } from '@hall/api';

const hall = testHallForFile();

/** A browser without a session starts a sign-in: WeChat's address with a state, and the cookie that binds it. */
async function startSignIn(cookie = ''): Promise<{ state: string; cookie: string }> {
  const start = await hall.app.inject({ method: 'POST', url: '/wechat/api/outh2/authorize', payload: {}, headers: cookie ? { cookie } : {} });
  const state = new URL((start.json() as { url: string }).url, 'http://localhost').searchParams.get('state')!;
  return { state, cookie: cookieFrom(start.headers['set-cookie']).replace(/(^|; )hall_sid=[^;]*(; )?/, '$1') };
}

async function simulatorCode(openid: string, state = 'hall'): Promise<string> {
  const page = await hall.app.inject({
    method: 'POST',
    url: '/simulator/wechat/connect/oauth2/authorize',
    payload: new URLSearchParams({ appid: hall.app.hall.wechat.appid, redirect_uri: 'http://localhost/prodoing?x=1', scope: 'snsapi_userinfo', state, openid, nickname: '王小明' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(page.statusCode).toBe(302);
  const back = new URL(page.headers.location as string);
  expect(back.pathname).toBe('/prodoing');
  expect(back.searchParams.get('state')).toBe(state);
  return back.searchParams.get('code')!;
}

/** A complete return from WeChat in one browser: the sign-in it started, the code it came back with. */
async function signedReturn(openid: string): Promise<{ code: string; state: string; cookie: string }> {
  const started = await startSignIn();
  return { ...started, code: await simulatorCode(openid, started.state) };
}

describe('session bootstrap', () => {
  it('without a session, authorize answers status -1 with the WeChat authorize address', async () => {
    const { status, body } = await callHall(hall, contract.authorize, { redirect: 'http://localhost/my?code=old&state=hall' });
    expect(status).toBe(401);
    expect(body.status).toBe(-1);
    const url = new URL(body.url as string, 'http://localhost');
    expect(url.pathname).toBe('/simulator/wechat/connect/oauth2/authorize');
    expect(url.searchParams.get('appid')).toBe(hall.app.hall.wechat.appid);
    expect(url.searchParams.get('response_type')).toBe('code');
    // The old code never goes back to WeChat as part of the return address.
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost/my');
  });

  it('a new openid goes newUser → newuser → refresh and gets an active session cookie', async () => {
    const { code, state, cookie } = await signedReturn('new-citizen-1');
    const authorize = await hall.app.inject({ method: 'POST', url: '/wechat/api/outh2/authorize', payload: { code, state }, headers: { cookie } });
    expect(authorize.json()).toMatchObject({ state: 1, msg: 'newUser' });
    const pending = cookieFrom(authorize.headers['set-cookie']);
    const sessionCookie = [authorize.headers['set-cookie']].flat().find((c) => c?.startsWith('hall_sid='));
    expect(sessionCookie).toContain('HttpOnly');
    expect(sessionCookie).toContain('SameSite=Lax');

    // A pending session is not yet a citizen.
    expect((await callHall(hall, contract.getYhxx, {}, pending)).body.status).toBe(-1);

    const created = await callHall(hall, contract.newUser, {}, pending);
    expect(created.body).toMatchObject({ state: 1, data: { openid: 'new-citizen-1', nickname: '王小明', realNameAuthentication: 0, isRealNameAuth: 'false' } });
    const refresh = await hall.app.inject({ method: 'POST', url: '/wechat/api/outh2/refresh', payload: {}, headers: { cookie: pending } });
    const active = cookieFrom(refresh.headers['set-cookie']);
    expect(active).not.toBe(pending);

    // The pending cookie was rotated away; the new one works.
    expect((await callHall(hall, contract.getYhxx, {}, pending)).body.status).toBe(-1);
    const me = await callHall(hall, contract.getYhxx, {}, active);
    expect(me.body).toMatchObject({ errcode: '00', data: { openid: 'new-citizen-1' } });

    // With a session, authorize says noRefresh, even if an old, used code comes along again.
    const again = await hall.app.inject({ method: 'POST', url: '/wechat/api/outh2/authorize', payload: { code }, headers: { cookie: active } });
    expect(again.json()).toMatchObject({ state: 1, msg: 'noRefresh' });
  });

  it('a returning openid goes oldUser', async () => {
    await hall.login('returning-1');
    const { code, state, cookie } = await signedReturn('returning-1');
    const authorize = await callHall(hall, contract.authorize, { code, state }, cookie);
    expect(authorize.body).toMatchObject({ state: 1, msg: 'oldUser' });
  });

  it('a used code without a session starts over at WeChat instead of failing (40163)', async () => {
    const { code, state, cookie } = await signedReturn('reused-code-1');
    expect((await callHall(hall, contract.authorize, { code, state }, cookie)).body.msg).toBe('newUser');
    const again = await startSignIn();
    const reused = await callHall(hall, contract.authorize, { code, state: again.state, redirect: 'http://localhost/my' }, again.cookie);
    expect(reused.status).toBe(401);
    expect(reused.body.status).toBe(-1);
  });

  it('an unknown code starts over too (40029)', async () => {
    const { state, cookie } = await startSignIn();
    const { body } = await callHall(hall, contract.authorize, { code: 'not-a-code', state }, cookie);
    expect(body.status).toBe(-1);
  });
});

describe('the OAuth state (login CSRF, RFC 6749 §10.12)', () => {
  it('is random for every sign-in and bound to the browser by a signed, HttpOnly, short-lived cookie', async () => {
    const first = await hall.app.inject({ method: 'POST', url: '/wechat/api/outh2/authorize', payload: {} });
    const second = await startSignIn();
    const state = new URL((first.json() as { url: string }).url, 'http://localhost').searchParams.get('state')!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(state).not.toBe(second.state);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/hall_oauth_state=[^;]+\.[^;]+;/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Max-Age=600');
  });

  it("refuses an attacker's code brought into a victim's browser that started its own sign-in", async () => {
    const attacker = await signedReturn('csrf-attacker');
    const victim = await startSignIn();
    const forced = await hall.app.inject({ method: 'POST', url: '/wechat/api/outh2/authorize', payload: { code: attacker.code, state: attacker.state }, headers: { cookie: victim.cookie } });
    expect(forced.statusCode).toBe(400);
    expect(forced.json()).toMatchObject({ state: 0, msg: OAUTH_STATE_MISMATCH });
    expect(String(forced.headers['set-cookie'])).not.toMatch(/hall_sid=[^;]/);
    // The code was never exchanged: the attacker's own browser can still use it, the victim has no session.
    expect((await callHall(hall, contract.authorize, { code: attacker.code, state: attacker.state }, attacker.cookie)).body.msg).toBe('newUser');
  });

  it('never exchanges a code brought into a browser that started no sign-in; it is sent to sign in itself', async () => {
    const attacker = await signedReturn('csrf-attacker-2');
    const forced = await callHall(hall, contract.authorize, { code: attacker.code, state: attacker.state });
    expect(forced.status).toBe(401);
    expect(forced.body.status).toBe(-1);
    expect(new URL(forced.body.url as string, 'http://localhost').searchParams.get('state')).not.toBe(attacker.state);
    expect((await callHall(hall, contract.authorize, { code: attacker.code, state: attacker.state }, attacker.cookie)).body.msg).toBe('newUser');
  });

  it('a state is good for one return only', async () => {
    const { code, state, cookie } = await signedReturn('state-once');
    const first = await hall.app.inject({ method: 'POST', url: '/wechat/api/outh2/authorize', payload: { code, state }, headers: { cookie } });
    expect(first.json()).toMatchObject({ msg: 'newUser' });
    expect(String(first.headers['set-cookie'])).toMatch(/hall_oauth_state=;/);
  });

  it('logout ends the session in the database and clears the cookie', async () => {
    const cookie = await hall.login('logout-1');
    const out = await hall.app.inject({ method: 'GET', url: '/logout', headers: { cookie } });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    expect(String(out.headers['set-cookie'])).toMatch(/hall_sid=;/);
    expect((await callHall(hall, contract.getYhxx, {}, cookie)).body.status).toBe(-1);
  });

  it('a forged or unsigned cookie is no session', async () => {
    const cookie = await hall.login('forgery-1');
    const id = cookie.split('=')[1]!.split('.')[0]!;
    expect((await callHall(hall, contract.getYhxx, {}, `hall_sid=${id}`)).body.status).toBe(-1);
  });

  it('menus come as groups with second-level tiles, one of them a view link', async () => {
    const { body } = await callHall(hall, contract.getWxMenu, { AppID: 'x' });
    const data = body.data!;
    expect(data.menus.length).toBeGreaterThanOrEqual(3);
    expect(data.menus.every((g) => g.secondmenus.length > 0)).toBe(true);
    expect(data.menus.flatMap((g) => g.secondmenus).some((m) => m.menutype === 'view' && m.url.startsWith('http'))).toBe(true);
    expect(data.banners.length).toBeGreaterThan(0);
  });

  it("the hall's own menu icons come inlined as data: addresses of their SVG files, so the home asks for no icon file", async () => {
    const { body } = await callHall(hall, contract.getWxMenu, {});
    const tiles = body.data!.menus.flatMap((g) => g.secondmenus);
    const prodoing = tiles.find((m) => m.url === '/prodoing');
    const prefix = 'data:image/svg+xml;base64,';
    expect(prodoing?.imgpath.startsWith(prefix)).toBe(true);
    const svg = Buffer.from(prodoing!.imgpath.slice(prefix.length), 'base64');
    expect(svg.equals(await readFile(join(appRoot(), 'public', 'icons', 'list.svg')))).toBe(true);
    expect(tiles.filter((m) => m.imgpath.startsWith('/online/assets/icons/'))).toEqual([]);
  });

  it('appinfo answers the version 1.0beta', async () => {
    const response = await hall.app.inject({ method: 'GET', url: '/api/app/appinfo' });
    expect(response.json()).toMatchObject({ state: 1, data: { version: '1.0beta' } });
  });
});
