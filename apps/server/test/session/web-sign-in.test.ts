import { contract, OIDC_SIGN_IN_PATH, type CallBody, type CallDefinition } from '@hall/api';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, smsCodes, users } from '../../src/db/schema';
import { readEnv } from '../../src/env';
import { missingProductionSettings } from '../../src/mode';
import { CROSS_SITE_REFUSED } from '../../src/plugins/cross-site-guard';
import { SESSION_IDLE_MS, SESSION_LIFETIME_MS } from '../../src/services/session/sessions';
import { CODE_ATTEMPTS_PER_CODE, CODE_ATTEMPTS_PER_PHONE, PASSWORD_FAILURES_PER_ADDRESS, WEB_SIGN_IN_MESSAGES } from '../../src/services/session/web-sign-in';
import { PHONE_CODE_MESSAGES } from '../../src/services/session/phone-codes';
import { callHall } from '../call';
import { PRODUCTION_ENV, testHallForFile, WECHAT_USER_AGENT as WECHAT } from '../hall';
import { sameBlindIndex } from '../../src/db/sealed/sealed-columns';
import { skipSmsCountdown } from '../sms-countdown';

const hall = testHallForFile({ HALL_SIGN_IN: 'wechat,sms,password' });

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

let nextPhone = 13700000000;
const freshPhone = () => String(nextPhone++);
let nextAddress = 1;

/** A browser on its own address: its cookies kept as a browser keeps them, and the sign-in page's ticket. */
async function openBrowser(address = `10.20.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (setCookie: unknown) => {
    for (const line of [setCookie ?? []].flat() as string[]) {
      const [pair] = line.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
  };
  async function call<C extends CallDefinition>(definition: C, input: CallBody<C>, headers: Record<string, string> = {}) {
    const answer = await callHall(hall, definition, input, cookie(), { remoteAddress: address, headers: { 'user-agent': ANDROID_CHROME, ...headers } });
    keep(answer.headers['set-cookie']);
    return answer;
  }
  const start = await call(contract.webSignInStart, {});
  return { ticket: start.body.data!.ticket, start, call, cookie, jar, address, keep };
}
type Browser = Awaited<ReturnType<typeof openBrowser>>;

async function inboxCode(phone: string): Promise<string> {
  const response = await hall.app.inject({ method: 'GET', url: `/simulator/sms/inbox?phone=${phone}&format=json` });
  return (response.json() as { code: string }).code;
}

async function askCode(browser: Browser, phone: string): Promise<string> {
  await skipSmsCountdown(hall.connection.db, phone);
  const sent = await browser.call(contract.webSignInCode, { ticket: browser.ticket, phone });
  expect(sent.body).toMatchObject({ state: 1, msg: PHONE_CODE_MESSAGES.sent });
  return inboxCode(phone);
}

/** A browser signed in by SMS code as the owner of `phone`. */
async function signedInBySms(phone = freshPhone()) {
  const browser = await openBrowser();
  const code = await askCode(browser, phone);
  const signedIn = await browser.call(contract.webSignInBySms, { ticket: browser.ticket, phone, code });
  expect(signedIn.status).toBe(200);
  return { browser, phone, user: signedIn.body.data! };
}

const me = (cookie: string) => callHall(hall, contract.getYhxx, {}, cookie);
const hasSessionCookie = (headers: Record<string, unknown>) => /hall_sid=[^;]/.test(String(headers['set-cookie']));

describe('the hall’s own sign-in page, for browsers other than WeChat', () => {
  it('is where a plain browser without a session is sent, back to where it was; WeChat’s browser still goes to WeChat', async () => {
    const plain = await callHall(hall, contract.authorize, { redirect: 'http://localhost/my?tab=1' }, undefined, { headers: { 'user-agent': ANDROID_CHROME } });
    expect(plain.status).toBe(401);
    expect(plain.body).toMatchObject({ status: -1 });
    const to = new URL(plain.body.url!);
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('redirect')).toBe('/my?tab=1');
    // No WeChat state is bound to a browser that does not go to WeChat.
    expect(String(plain.headers['set-cookie'])).not.toContain('hall_oauth_state=');

    const wechat = await callHall(hall, contract.authorize, { redirect: 'http://localhost/my' }, undefined, { headers: { 'user-agent': WECHAT } });
    expect(new URL(wechat.body.url!, 'http://localhost').pathname).toBe('/simulator/wechat/connect/oauth2/authorize');
  });

  it('hands out a random ticket bound to the browser by a signed, HttpOnly cookie, and the sign-ins offered', async () => {
    const first = await openBrowser();
    const second = await openBrowser();
    expect(first.ticket).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.ticket).not.toBe(second.ticket);
    expect(first.start.body.data!.methods).toEqual(['sms', 'password']);
    const setCookie = String(first.start.headers['set-cookie']);
    expect(setCookie).toMatch(/hall_signin_ticket=[^;]+\.[^;]+;/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
  });
});

describe('手机验证码登录', () => {
  it('registers a phone new to the hall as a web user and signs the browser in with a session like WeChat’s', async () => {
    const { browser, phone, user } = await signedInBySms();
    expect(user).toMatchObject({ PHONE: phone, mobile: phone, iswebuser: '1', realNameAuthentication: 0, name: '' });
    const answer = await me(browser.cookie());
    expect(answer.body).toMatchObject({ errcode: '00', data: { openid: user.openid } });
    const [session] = await hall.connection.db.select().from(sessions).where(eq(sessions.openid, user.openid));
    expect(session!.state).toBe('active');
    expect(session!.expiresAt.getTime() - session!.createdAt.getTime()).toBeGreaterThan(SESSION_LIFETIME_MS - 60_000);
    // The profile then asks to set a login password (not yet a registration one), as for any new citizen.
    const profile = await callHall(hall, contract.validateUserInfo, { data: {} }, browser.cookie());
    expect(profile.body).toMatchObject({ errcode: '1', errmsg: '请完善用户信息' });
  });

  it('signs the same phone in to the same account the next time', async () => {
    const { phone, user } = await signedInBySms();
    const again = await signedInBySms(phone);
    expect(again.user.openid).toBe(user.openid);
    expect(
      await hall.connection.db
        .select()
        .from(users)
        .where(sameBlindIndex(users.phone, 'phone', phone)),
    ).toHaveLength(1);
  });

  it('an idle session ends like WeChat’s', async () => {
    const { browser, user } = await signedInBySms();
    await hall.connection.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) })
      .where(eq(sessions.openid, user.openid));
    expect((await me(browser.cookie())).body.status).toBe(-1);
  });

  it('refuses a code for another phone, and signs nothing in', async () => {
    const browser = await openBrowser();
    const [mine, other] = [freshPhone(), freshPhone()];
    const code = await askCode(browser, mine);
    const tried = await browser.call(contract.webSignInBySms, { ticket: browser.ticket, phone: other, code });
    expect(tried.status).toBe(400);
    expect(tried.body).toMatchObject({ state: 0, msg: PHONE_CODE_MESSAGES.notRequested });
    expect(hasSessionCookie(tried.headers)).toBe(false);
    // The other phone's own code does not take the first phone's either.
    const otherCode = await askCode(browser, other);
    const crossed = await browser.call(contract.webSignInBySms, { ticket: browser.ticket, phone: other, code: otherCode === code ? '000000' : code });
    expect(crossed.body.msg).toBe(PHONE_CODE_MESSAGES.wrong);
    expect(
      await hall.connection.db
        .select()
        .from(users)
        .where(sameBlindIndex(users.phone, 'phone', other)),
    ).toHaveLength(0);
  });

  it('a code works once', async () => {
    const browser = await openBrowser();
    const phone = freshPhone();
    const code = await askCode(browser, phone);
    expect((await browser.call(contract.webSignInBySms, { ticket: browser.ticket, phone, code })).status).toBe(200);
    const again = await browser.call(contract.webSignInBySms, { ticket: browser.ticket, phone, code });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(PHONE_CODE_MESSAGES.used);
  });

  it('a code is refused after its 5 minutes', async () => {
    const browser = await openBrowser();
    const phone = freshPhone();
    const code = await askCode(browser, phone);
    await hall.connection.db
      .update(smsCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sameBlindIndex(smsCodes.phone, 'phone', phone));
    const late = await browser.call(contract.webSignInBySms, { ticket: browser.ticket, phone, code });
    expect(late.body).toMatchObject({ state: 0, msg: PHONE_CODE_MESSAGES.expired });
    expect(hasSessionCookie(late.headers)).toBe(false);
  });

  it(`a code stops working after ${CODE_ATTEMPTS_PER_CODE} wrong guesses, the right one included`, async () => {
    const browser = await openBrowser();
    const phone = freshPhone();
    const code = await askCode(browser, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= CODE_ATTEMPTS_PER_CODE; i++) {
      const guess = await browser.call(contract.webSignInBySms, { ticket: browser.ticket, phone, code: wrong });
      expect(guess.body.msg).toBe(i < CODE_ATTEMPTS_PER_CODE ? PHONE_CODE_MESSAGES.wrong : WEB_SIGN_IN_MESSAGES.codeLocked);
    }
    const right = await browser.call(contract.webSignInBySms, { ticket: browser.ticket, phone, code });
    expect(right.body).toMatchObject({ state: 0, msg: WEB_SIGN_IN_MESSAGES.codeLocked });
  });

  it(`a phone takes ${CODE_ATTEMPTS_PER_PHONE} tries in the window, from any number of addresses`, async () => {
    const phone = freshPhone();
    const owner = await openBrowser();
    const code = await askCode(owner, phone);
    for (let i = 0; i < CODE_ATTEMPTS_PER_PHONE; i++) {
      const guesser = await openBrowser();
      expect((await guesser.call(contract.webSignInBySms, { ticket: guesser.ticket, phone, code: '123456' })).status).toBe(400);
    }
    const right = await owner.call(contract.webSignInBySms, { ticket: owner.ticket, phone, code });
    expect(right.status).toBe(429);
    expect(right.body.msg).toBe(WEB_SIGN_IN_MESSAGES.tooManyCodes);
  });

  it('one address trying codes for many phones is stopped', async () => {
    const guesser = await openBrowser();
    let last = 0;
    for (let i = 0; i <= 30; i++) last = (await guesser.call(contract.webSignInBySms, { ticket: guesser.ticket, phone: freshPhone(), code: '123456' })).status;
    expect(last).toBe(429);
    // The address stays stopped, a right code included; another address is not.
    const phone = freshPhone();
    const elsewhere = await openBrowser();
    const code = await askCode(elsewhere, phone);
    expect((await elsewhere.call(contract.webSignInBySms, { ticket: elsewhere.ticket, phone, code })).status).toBe(200);
  });

  it.each([['1381234'], ['23812341234'], ['']])('refuses the phone %j with the mobile rule', async (phone) => {
    const browser = await openBrowser();
    const sent = await browser.call(contract.webSignInCode, { ticket: browser.ticket, phone });
    expect(sent.body).toMatchObject({ state: 0, msg: '请确认手机号码是否正确!' });
  });
});

describe('login CSRF and session fixation', () => {
  it('a code asked for in the attacker’s browser never signs the victim’s browser in', async () => {
    const attacker = await openBrowser();
    const phone = freshPhone();
    const code = await askCode(attacker, phone);
    const victim = await openBrowser();
    const forced = await victim.call(contract.webSignInBySms, { ticket: victim.ticket, phone, code });
    expect(forced.body).toMatchObject({ state: 0, msg: PHONE_CODE_MESSAGES.notRequested });
    expect(hasSessionCookie(forced.headers)).toBe(false);
    // With the attacker's ticket the victim's cookie does not match.
    const withTicket = await victim.call(contract.webSignInBySms, { ticket: attacker.ticket, phone, code });
    expect(withTicket.body).toMatchObject({ state: 0, msg: WEB_SIGN_IN_MESSAGES.ticket });
    // The code was not spent: the attacker's own browser still signs in with it.
    expect((await attacker.call(contract.webSignInBySms, { ticket: attacker.ticket, phone, code })).status).toBe(200);
  });

  it('a password sign-in without the browser’s own ticket, or from another site, is refused', async () => {
    await hall.quickCitizen('csrf-password', { phone: '13600000001', passwordHash: await passwordHashOf('abc123') });
    const victim = await openBrowser();
    const noTicket = await victim.call(contract.webSignInByPassword, { ticket: 'made-up', account: '13600000001', password: 'abc123' });
    expect(noTicket.body).toMatchObject({ state: 0, msg: WEB_SIGN_IN_MESSAGES.ticket });
    const crossSite = await victim.call(contract.webSignInByPassword, { ticket: victim.ticket, account: '13600000001', password: 'abc123' }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.msg).toBe(CROSS_SITE_REFUSED);
    expect(hasSessionCookie(noTicket.headers) || hasSessionCookie(crossSite.headers)).toBe(false);
  });

  it('a session cookie planted before sign-in is ended, and the signed-in browser gets a fresh id', async () => {
    const planted = await hall.login('fixation-planted');
    const browser = await openBrowser();
    browser.keep(planted.split('; ').map((pair) => `${pair}; Path=/`));
    const plantedId = browser.jar.get('hall_sid');
    const phone = freshPhone();
    const code = await askCode(browser, phone);
    const signedIn = await browser.call(contract.webSignInBySms, { ticket: browser.ticket, phone, code });
    expect(browser.jar.get('hall_sid')).not.toBe(plantedId);
    expect((await me(planted)).body.status).toBe(-1);
    expect((await me(browser.cookie())).body.data!.openid).toBe(signedIn.body.data!.openid);
  });

  it('a WeChat session that is still pending brings nothing to a web sign-in, and a web session at WeChat’s calls stays its own citizen’s', async () => {
    // A WeChat code exchanged, the user not registered: the session is pending.
    const browser = await openBrowser();
    const start = await browser.call(contract.authorize, {}, { 'user-agent': WECHAT });
    const state = new URL(start.body.url!, 'http://localhost').searchParams.get('state')!;
    const page = await hall.app.inject({
      method: 'POST',
      url: '/simulator/wechat/connect/oauth2/authorize',
      payload: new URLSearchParams({ appid: hall.app.hall.wechat.appid, redirect_uri: 'http://localhost/', scope: 'snsapi_userinfo', state, openid: 'pending-wechat', nickname: '王小明' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const code = new URL(page.headers.location as string).searchParams.get('code')!;
    const authorize = await browser.call(contract.authorize, { code, state }, { 'user-agent': WECHAT });
    expect(authorize.body.msg).toBe('newUser');
    const pendingId = browser.jar.get('hall_sid');
    const phone = freshPhone();
    const signedIn = await browser.call(contract.webSignInBySms, { ticket: browser.ticket, phone, code: await askCode(browser, phone) });
    expect(signedIn.body.data!.openid).not.toBe('pending-wechat');
    expect(await hall.connection.db.select().from(sessions).where(eq(sessions.openid, 'pending-wechat'))).toHaveLength(0);
    expect(browser.jar.get('hall_sid')).not.toBe(pendingId);
    // The web session at WeChat's bootstrap: the same citizen, never another.
    expect((await browser.call(contract.authorize, {})).body.msg).toBe('noRefresh');
    expect((await browser.call(contract.oldUser, {})).body.data!.openid).toBe(signedIn.body.data!.openid);
  });

  it('logout ends a web session on the server', async () => {
    const { browser } = await signedInBySms();
    const cookie = browser.cookie();
    const out = await hall.app.inject({ method: 'GET', url: '/logout', headers: { cookie } });
    expect(out.headers.location).toBe('/');
    expect((await me(cookie)).body.status).toBe(-1);
  });
});

async function passwordHashOf(password: string): Promise<string> {
  const { hashPassword } = await import('../../src/lib/password');
  return hashPassword(password);
}

describe('密码登录', () => {
  it('a citizen who set a password inside WeChat signs in to the same account by phone and sees the same data', async () => {
    const wechatCookie = await hall.login('wechat-with-password');
    const saved = await callHall(hall, contract.saveUserInfo, { name: '李四', cardnum: '11010519491231002X', phone: '13600000002', password: 'abc123', cardtype: '1' } as never, wechatCookie);
    expect(saved.body).toMatchObject({ errcode: '00' });
    const browser = await openBrowser();
    const signedIn = await browser.call(contract.webSignInByPassword, { ticket: browser.ticket, account: '13600000002', password: 'abc123' });
    expect(signedIn.body).toMatchObject({ state: 1, data: { openid: 'wechat-with-password', name: '李四' } });
    expect((await me(browser.cookie())).body.data).toEqual((await me(wechatCookie)).body.data);
  });

  it('answers a wrong password and an account that does not exist alike', async () => {
    await hall.quickCitizen('password-owner', { phone: '13600000003', passwordHash: await passwordHashOf('abc123') });
    const browser = await openBrowser();
    const wrong = await browser.call(contract.webSignInByPassword, { ticket: browser.ticket, account: '13600000003', password: 'xyz789' });
    const nobody = await browser.call(contract.webSignInByPassword, { ticket: browser.ticket, account: '13600009999', password: 'xyz789' });
    expect(wrong.status).toBe(400);
    expect(nobody.status).toBe(wrong.status);
    expect(nobody.body).toEqual(wrong.body);
    expect(wrong.body).toMatchObject({ state: 0, msg: WEB_SIGN_IN_MESSAGES.wrongPassword });
    expect(hasSessionCookie(wrong.headers) || hasSessionCookie(nobody.headers)).toBe(false);
  });

  it(`locks the address after ${PASSWORD_FAILURES_PER_ADDRESS} wrong passwords, never the owner at another address`, async () => {
    await hall.quickCitizen('password-locked', { phone: '13600000004', passwordHash: await passwordHashOf('abc123') });
    const guesser = await openBrowser();
    const answers: number[] = [];
    for (let i = 0; i < PASSWORD_FAILURES_PER_ADDRESS; i++)
      answers.push((await guesser.call(contract.webSignInByPassword, { ticket: guesser.ticket, account: '13600000004', password: `guess${i}x` })).status);
    expect(answers).toEqual([400, 400, 400, 400, 423]);
    const right = await guesser.call(contract.webSignInByPassword, { ticket: guesser.ticket, account: '13600000004', password: 'abc123' });
    expect(right.status).toBe(423);
    expect(right.body.msg).toMatch(/^密码错误次数过多，请([1-9]|1[0-5])分钟后再试，或使用手机验证码登录$/);
    const owner = await openBrowser();
    expect((await owner.call(contract.webSignInByPassword, { ticket: owner.ticket, account: '13600000004', password: 'abc123' })).body.data!.openid).toBe('password-locked');
  });

  it('an account name signs in too', async () => {
    await hall.quickCitizen('password-account', { phone: '13600000005', account: 'wangwu2026', passwordHash: await passwordHashOf('abc123') });
    const browser = await openBrowser();
    expect((await browser.call(contract.webSignInByPassword, { ticket: browser.ticket, account: 'wangwu2026', password: 'abc123' })).body.data!.openid).toBe('password-account');
  });
});

describe('忘记密码', () => {
  it('sets a new password through an SMS code, ends every other session and signs the browser in', async () => {
    const { browser: first, phone, user } = await signedInBySms();
    const resetter = await openBrowser();
    const code = await askCode(resetter, phone);
    const weak = await resetter.call(contract.webResetPassword, { ticket: resetter.ticket, phone, code, password: 'abcdef' });
    expect(weak.body).toMatchObject({ state: 0, msg: '密码须为6位以上的数字和字母' });
    // The weak password cost no code.
    const reset = await resetter.call(contract.webResetPassword, { ticket: resetter.ticket, phone, code, password: 'newpass1' });
    expect(reset.body).toMatchObject({ state: 1, data: { openid: user.openid } });
    expect((await me(first.cookie())).body.status).toBe(-1);
    const again = await openBrowser();
    expect((await again.call(contract.webSignInByPassword, { ticket: again.ticket, account: phone, password: 'newpass1' })).body.data!.openid).toBe(user.openid);
  });

  it('a phone typed into a WeChat profile never leads its owner into that account', async () => {
    await hall.quickCitizen('typed-phone', { phone: '13600000006', passwordHash: await passwordHashOf('abc123') });
    const owner = await openBrowser();
    const code = await askCode(owner, '13600000006');
    const reset = await owner.call(contract.webResetPassword, { ticket: owner.ticket, phone: '13600000006', code, password: 'taken12' });
    expect(reset.body).toMatchObject({ state: 0, msg: WEB_SIGN_IN_MESSAGES.noAccount });
    const { user } = await signedInBySms('13600000006');
    expect(user.openid).not.toBe('typed-phone');
    const [typed] = await hall.connection.db.select().from(users).where(eq(users.openid, 'typed-phone'));
    expect(typed!.passwordHash).not.toBeNull();
  });
});

describe('HALL_SIGN_IN', () => {
  it('names the sign-ins; an unknown one is refused naming the setting', () => {
    expect(() => readEnv({ HALL_SIGN_IN: 'wechat,fax' })).toThrow(/HALL_SIGN_IN names \\"fax\\": this hall offers wechat, sms, password, oidc/);
  });

  it('a hall that does not list oidc sends the 统一身份认证 button back to /login, saying so', async () => {
    const off = await hall.app.inject({ method: 'GET', url: `${OIDC_SIGN_IN_PATH}?redirect=/my`, headers: { 'user-agent': ANDROID_CHROME } });
    expect(off.statusCode).toBe(302);
    expect(off.headers.location).toBe('/login?oidc=off&redirect=%2Fmy');
    expect(String(off.headers['set-cookie'] ?? '')).not.toContain('hall_oidc_pending');
  });

  it('a production hall asks for WeChat’s settings only when it offers WeChat’s sign-in', () => {
    const without = { ...PRODUCTION_ENV, WECHAT_APPID: '', WECHAT_SECRET: '' };
    expect(missingProductionSettings(readEnv({ ...without })).map((s) => s.name)).toEqual(['WECHAT_APPID', 'WECHAT_SECRET']);
    expect(missingProductionSettings(readEnv({ ...without, HALL_SIGN_IN: 'sms,password' }))).toEqual([]);
  });
});
