import { contract, OIDC_CALLBACK_PATH, OIDC_SIGN_IN_FAILURES, OIDC_SIGN_IN_PATH } from '@hall/api';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema';
import { readEnv } from '../../src/env';
import { missingProductionSettings } from '../../src/mode';
import { callHall } from '../call';
import { createTestHall, PRODUCTION_ENV, testHallForFile } from '../hall';
import { startTestProvider } from '../oidc-provider';
import { sameBlindIndex } from '../../src/db/sealed/sealed-columns';

const PUBLIC_URL = 'https://bdc.example.gov.cn';
const provider = await startTestProvider(`${PUBLIC_URL}${OIDC_CALLBACK_PATH}`);
afterAll(() => provider.stop());

const hall = testHallForFile({
  HALL_SIGN_IN: 'wechat,sms,password,oidc',
  HALL_PUBLIC_URL: PUBLIC_URL,
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: provider.clientId,
  OIDC_CLIENT_SECRET: provider.clientSecret,
  OIDC_SCOPE: 'openid profile',
  OIDC_REAL_NAME_CLAIM: 'real_name_verified',
});

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
let nextAddress = 1;

/** A browser on an address of its own, keeping the hall's cookies as a browser does. */
function openBrowser(address = `10.30.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (setCookie: unknown) => {
    for (const line of [setCookie ?? []].flat() as string[]) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (value && !/Expires=Thu, 01 Jan 1970/i.test(line)) jar.set(name, value);
      else jar.delete(name);
    }
  };
  async function visit(path: string) {
    const response = await hall.app.inject({ method: 'GET', url: path, headers: { cookie: cookie(), 'user-agent': ANDROID_CHROME }, remoteAddress: address });
    keep(response.headers['set-cookie']);
    return response;
  }
  /** The button: the hall's start, answered by a redirect to the provider (or back to /login). */
  async function start(redirect = '/my') {
    return visit(`${OIDC_SIGN_IN_PATH}?redirect=${encodeURIComponent(redirect)}`);
  }
  /** Opens the return address the provider sent the browser to. */
  async function back(to: URL) {
    expect(to.origin).toBe(PUBLIC_URL);
    return visit(`${to.pathname}${to.search}`);
  }
  return { jar, cookie, keep, visit, start, back, address };
}
type Browser = ReturnType<typeof openBrowser>;

/** Where a refused return lands: /login with the reason, which the page words as OIDC_SIGN_IN_FAILURES says. */
const refusedWith = (response: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(response.statusCode).toBe(302);
  const to = new URL(String(response.headers.location), PUBLIC_URL);
  expect(to.pathname).toBe('/login');
  return to.searchParams.get('oidc');
};
const hasSessionCookie = (response: { headers: Record<string, unknown> }) => /hall_sid=[^;]/.test(String(response.headers['set-cookie']));
const me = (cookie: string) => callHall(hall, contract.getYhxx, {}, cookie);

let nextSubject = 1;
function person(claims: Partial<{ name: string; id_card_number: string; phone_number: string; real_name_verified: boolean }> = {}) {
  const subject = `province-${nextSubject++}`;
  provider.people.set(subject, { name: '赵六', ...claims });
  return subject;
}

/** A whole sign-in: the hall's start, the provider's pages as `subject`, the return. */
async function signIn(subject: string, browser: Browser = openBrowser()) {
  const started = await browser.start();
  expect(started.statusCode).toBe(302);
  const returned = await provider.authorize(String(started.headers.location), subject);
  const done = await browser.back(returned);
  return { browser, started, returned, done };
}

describe('统一身份认证: the authorization code flow', () => {
  it('sends the browser to the provider with PKCE (S256), a fresh state and nonce, bound to the browser by a signed HttpOnly cookie', async () => {
    const browser = openBrowser();
    const first = await browser.start();
    const to = new URL(String(first.headers.location));
    expect(to.origin).toBe(provider.issuer);
    expect(to.searchParams.get('client_id')).toBe(provider.clientId);
    expect(to.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}${OIDC_CALLBACK_PATH}`);
    expect(to.searchParams.get('response_type')).toBe('code');
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/hall_oidc_pending=[^;]+\.[^;]+;/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const second = new URL(String((await openBrowser().start()).headers.location));
    expect(second.searchParams.get('state')).not.toBe(to.searchParams.get('state'));
    expect(second.searchParams.get('nonce')).not.toBe(to.searchParams.get('nonce'));
  });

  it('signs a verified person in with the provider’s name and ID number, real-name verified, and opens the page asked for', async () => {
    const subject = person({ name: '赵六', id_card_number: '11010519491231002X', phone_number: '13800138000', real_name_verified: true });
    const { browser, done } = await signIn(subject);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/my');
    const answer = await me(browser.cookie());
    expect(answer.body.data).toMatchObject({ name: '赵六', CARDNUM: '11010519491231002X', PHONE: '13800138000', realNameAuthentication: 1, iswebuser: '1' });
    const profile = await callHall(hall, contract.validateUserInfo, { data: {} }, browser.cookie());
    expect(profile.body).toMatchObject({ errcode: '0' });
    // The next time, the same account.
    const again = await signIn(subject);
    expect((await me(again.browser.cookie())).body.data!.openid).toBe(answer.body.data!.openid);
    const [row] = await hall.connection.db.select().from(users).where(eq(users.oidcSubject, subject));
    expect(row!.oidcIssuer).toBe(provider.issuer);
  });

  it('maps the name and ID number of a person the provider does not assert, but leaves real-name verification to the face check', async () => {
    const subject = person({ name: '钱七', id_card_number: '110105198001011238', real_name_verified: false });
    const { browser } = await signIn(subject);
    const answer = await me(browser.cookie());
    expect(answer.body.data).toMatchObject({ name: '钱七', CARDNUM: '110105198001011238', realNameAuthentication: 0 });
    const profile = await callHall(hall, contract.validateUserInfo, { data: {} }, browser.cookie());
    expect(profile.body.errcode).not.toBe('0');
  });

  it('joins a verified ID number to the account already real-name verified with it, so the WeChat citizen’s data is there', async () => {
    await hall.quickCitizen('wechat-verified-sun', { name: '孙八', cardnum: '130402198503151231', realNameAuth: 1 });
    const subject = person({ name: '孙八', id_card_number: '130402198503151231', real_name_verified: true });
    const { browser } = await signIn(subject);
    expect((await me(browser.cookie())).body.data!.openid).toBe('wechat-verified-sun');
  });

  it('refuses a second provider identity claiming an ID number another provider identity holds, and changes nothing', async () => {
    const owner = person({ name: '周九', id_card_number: '110105199002022347', real_name_verified: true });
    const { browser: ownerBrowser } = await signIn(owner);
    const ownerId = (await me(ownerBrowser.cookie())).body.data!.openid;
    const before = await hall.connection.db
      .select()
      .from(users)
      .where(sameBlindIndex(users.cardnum, 'idNumber', '110105199002022347'));
    const other = person({ name: '周九', id_card_number: '110105199002022347', real_name_verified: true });
    const { done } = await signIn(other);
    expect(refusedWith(done)).toBe('taken');
    expect(hasSessionCookie(done)).toBe(false);
    expect(
      await hall.connection.db
        .select()
        .from(users)
        .where(sameBlindIndex(users.cardnum, 'idNumber', '110105199002022347')),
    ).toEqual(before);
    expect(before.map((row) => row.openid)).toEqual([ownerId]);
  });

  it('an ID number merely typed into another profile joins nothing', async () => {
    await hall.quickCitizen('typed-id', { name: '吴十', cardnum: '110105197503033459', realNameAuth: 0 });
    const subject = person({ name: '吴十', id_card_number: '110105197503033459', real_name_verified: true });
    const { browser } = await signIn(subject);
    expect((await me(browser.cookie())).body.data!.openid).not.toBe('typed-id');
  });
});

describe('统一身份认证: what the hall refuses', () => {
  it.each([
    ['a forged ID token (signed with a key that is not the provider’s)', Object.assign((claims: Record<string, unknown>) => claims, { foreignKey: true })],
    ['an ID token for another client (audience)', (claims: Record<string, unknown>) => ({ ...claims, aud: 'another-hall' })],
    ['an ID token of another issuer', (claims: Record<string, unknown>) => ({ ...claims, iss: 'https://evil.example' })],
    ['an expired ID token', (claims: Record<string, unknown>) => ({ ...claims, exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 })],
    ['an ID token with another nonce', (claims: Record<string, unknown>) => ({ ...claims, nonce: 'someone-elses-nonce' })],
  ])('%s: no session, no account', async (_what, change) => {
    const subject = person({ name: '郑一', id_card_number: '110105198504044568', real_name_verified: true });
    const browser = openBrowser();
    const started = await browser.start();
    const returned = await provider.authorize(String(started.headers.location), subject);
    provider.tamperNextIdToken(change);
    const done = await browser.back(returned);
    expect(refusedWith(done)).toBe('rejected');
    expect(hasSessionCookie(done)).toBe(false);
    expect(await hall.connection.db.select().from(users).where(eq(users.oidcSubject, subject))).toHaveLength(0);
  });

  it('a nonce the browser was not given (swapped on the way to the provider) is refused', async () => {
    const subject = person();
    const browser = openBrowser();
    const started = await browser.start();
    provider.swapNextNonce('a-nonce-of-the-attacker');
    const returned = await provider.authorize(String(started.headers.location), subject);
    const done = await browser.back(returned);
    expect(refusedWith(done)).toBe('rejected');
    expect(hasSessionCookie(done)).toBe(false);
  });

  it('a code replayed, with the browser’s very cookies, signs nothing in', async () => {
    const subject = person();
    const browser = openBrowser();
    const started = await browser.start();
    const pendingCookie = browser.cookie();
    const returned = await provider.authorize(String(started.headers.location), subject);
    expect((await browser.back(returned)).headers.location).toBe('/my');
    const replay = await hall.app.inject({ method: 'GET', url: `${returned.pathname}${returned.search}`, headers: { cookie: pendingCookie }, remoteAddress: browser.address });
    expect(refusedWith(replay)).toBe('rejected');
    expect(hasSessionCookie(replay)).toBe(false);
  });

  it('login CSRF: a return the browser did not start is refused, with or without a start of its own', async () => {
    const subject = person();
    const attacker = openBrowser();
    const returned = await provider.authorize(String((await attacker.start()).headers.location), subject);
    const victim = openBrowser();
    const bare = await victim.back(returned);
    expect(refusedWith(bare)).toBe('expired');
    expect(hasSessionCookie(bare)).toBe(false);
    await victim.start();
    const started = await victim.back(returned);
    expect(refusedWith(started)).toBe('expired');
    expect(hasSessionCookie(started)).toBe(false);
    // The attacker's code was not spent on the victim: nothing was exchanged.
    expect((await attacker.back(returned)).headers.location).toBe('/my');
  });

  it('session fixation: a WeChat session planted before is ended and a fresh id set', async () => {
    const planted = await hall.login('oidc-fixation-planted');
    const browser = openBrowser();
    browser.keep(planted.split('; ').map((pair) => `${pair}; Path=/`));
    const plantedId = browser.jar.get('hall_sid');
    const { done } = await signIn(person(), browser);
    expect(done.headers.location).toBe('/my');
    expect(browser.jar.get('hall_sid')).not.toBe(plantedId);
    expect((await me(planted)).body.status).toBe(-1);
    // The web session at WeChat's bootstrap stays its own citizen's.
    const bootstrap = await callHall(hall, contract.authorize, {}, browser.cookie());
    expect(bootstrap.body.msg).toBe('noRefresh');
    const [session] = await hall.connection.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, browser.jar.get('hall_sid')!.split('.')[0]!));
    expect(session!.oauth).toEqual({ signIn: 'oidc' });
  });

  it('one address is held to 30 starts and returns a minute', async () => {
    const browser = openBrowser('10.31.0.1');
    const statuses: number[] = [];
    for (let i = 0; i <= 30; i++) statuses.push((await browser.visit(`${OIDC_CALLBACK_PATH}?code=x&state=y`)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 302)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await openBrowser('10.31.0.2').start()).statusCode).toBe(302);
  });

  it('a provider that goes down during a sign-in: the return lands on /login saying so, nothing changes, and it works again once back', async () => {
    const subject = person();
    const browser = openBrowser();
    const started = await browser.start();
    const returned = await provider.authorize(String(started.headers.location), subject);
    await provider.stop();
    try {
      const done = await browser.back(returned);
      expect(refusedWith(done)).toBe('unavailable');
      expect(hasSessionCookie(done)).toBe(false);
      expect(await hall.connection.db.select().from(users).where(eq(users.oidcSubject, subject))).toHaveLength(0);
    } finally {
      await provider.restart();
    }
    expect((await signIn(subject)).done.headers.location).toBe('/my');
  });

  it('a provider that does not answer at all: the button lands on /login saying so', async () => {
    const unreachable = await createTestHall({ HALL_SIGN_IN: 'sms,oidc', OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b', OIDC_TIMEOUT_MS: 2000 });
    try {
      const start = await unreachable.app.inject({ method: 'GET', url: `${OIDC_SIGN_IN_PATH}?redirect=/my` });
      expect(start.headers.location).toBe('/login?oidc=unavailable&redirect=%2Fmy');
      expect(String(start.headers['set-cookie'] ?? '')).not.toContain('hall_oidc_pending');
    } finally {
      await unreachable.close();
    }
  });
});

describe('HALL_SIGN_IN=…,oidc', () => {
  it('every refusal has its words on the sign-in page', () => {
    for (const words of Object.values(OIDC_SIGN_IN_FAILURES)) expect(words).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('the sign-in page offers it', async () => {
    const start = await callHall(hall, contract.webSignInStart, {}, undefined, { headers: { 'user-agent': ANDROID_CHROME } });
    expect(start.body.data!.methods).toEqual(['sms', 'password', 'oidc']);
  });

  it('a production hall that lists oidc refuses to start without the provider’s settings, naming them', () => {
    const env = readEnv({ ...PRODUCTION_ENV, HALL_SIGN_IN: 'wechat,oidc' });
    expect(missingProductionSettings(env).map((setting) => setting.name)).toEqual(['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']);
    expect(missingProductionSettings(readEnv({ ...PRODUCTION_ENV, HALL_SIGN_IN: 'wechat,oidc', OIDC_ISSUER: 'https://sso.example.gov.cn', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }))).toEqual([]);
  });
});

describe('the demo hall’s stand-in provider', () => {
  it('signs a person in through its page, real-name verified when ticked, and a cancel lands on /login saying so', async () => {
    const demo = await createTestHall({ HALL_SIGN_IN: 'sms,oidc' });
    try {
      expect(demo.app.hall.simulators.oidc).toBe(true);
      const jar = new Map<string, string>();
      const visit = async (url: string, init: { method?: 'GET' | 'POST'; form?: Record<string, string> } = {}) => {
        const response = await demo.app.inject({
          method: init.method ?? 'GET',
          url,
          headers: { cookie: [...jar].map(([n, v]) => `${n}=${v}`).join('; '), ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
          ...(init.form ? { payload: new URLSearchParams(init.form).toString() } : {}),
        });
        for (const line of [response.headers['set-cookie'] ?? []].flat()) {
          const [pair] = line.split(';');
          const at = pair!.indexOf('=');
          if (pair!.slice(at + 1)) jar.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        return response;
      };
      const pageFor = async () => {
        const start = await visit(`${OIDC_SIGN_IN_PATH}?redirect=/my`);
        const page = new URL(String(start.headers.location), 'http://localhost');
        expect(page.pathname).toBe('/simulator/oidc/authorize');
        const html = (await visit(`${page.pathname}${page.search}`)).body;
        expect(html).toContain('统一身份认证（模拟）');
        return Object.fromEntries(page.searchParams);
      };
      const cancelled = await visit('/simulator/oidc/authorize', { method: 'POST', form: { ...(await pageFor()), cancel: '1' } });
      const cancelBack = new URL(String(cancelled.headers.location));
      expect(refusedWith(await visit(`${cancelBack.pathname}${cancelBack.search}`))).toBe('cancelled');

      const chosen = await visit('/simulator/oidc/authorize', { method: 'POST', form: { ...(await pageFor()), name: '张三', idNumber: '130402198503151231', phone: '', verified: '1' } });
      const back = new URL(String(chosen.headers.location));
      const done = await visit(`${back.pathname}${back.search}`);
      expect(done.headers.location).toBe('/my');
      const answer = await callHall(demo, contract.getYhxx, {}, [...jar].map(([n, v]) => `${n}=${v}`).join('; '));
      expect(answer.body.data).toMatchObject({ name: '张三', CARDNUM: '130402198503151231', realNameAuthentication: 1 });
      // A return is taken once: the start it belonged to is spent.
      expect(refusedWith(await demo.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` }))).toBe('expired');
    } finally {
      await demo.close();
    }
  });
});
