import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../src/db/schema';
import { readEnv } from '../src/env';
import { CROSS_SITE_REFUSED, FORM_BODY_REFUSED } from '../src/plugins/cross-site-guard';
import { createTestHall, PRODUCTION_ENV, type TestHall, testHallForFile } from './hall';
import { callHall } from './call';
import { contract } from '@hall/api';

/** A browser on the demo hall at http://192.168.1.20:8080 (a phone on the hall's Wi-Fi). */
const HOST = '192.168.1.20:8080';
const OWN = `http://${HOST}`;
const ADD_FEEDBACK = '/online/wx/apilist/addSugge';

const hall = testHallForFile();

async function feedbackOf(openid: string) {
  return hall.connection.db.select().from(feedback).where(eq(feedback.openid, openid));
}

function postFeedback(cookie: string, headers: Record<string, string>, content = '希望增加周末预约') {
  return hall.app.inject({ method: 'POST', url: ADD_FEEDBACK, payload: { content }, headers: { host: HOST, cookie, ...headers } });
}

describe('state-changing calls from another site', () => {
  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['an opaque Origin (a sandboxed frame)', { origin: 'null' }],
    ['no Origin but a Referer of another site', { referer: 'https://evil.example/page.html' }],
    ['the same host on another scheme', { origin: `https://${HOST}` }],
    ["the browser's word that it comes from another site", { 'sec-fetch-site': 'cross-site', origin: OWN }],
    ['a sibling subdomain (same-site, not same-origin)', { 'sec-fetch-site': 'same-site' }],
  ])('are refused with %s, and write nothing', async (_label, headers) => {
    const openid = `cs-${Object.keys(headers)[0]}-${Object.values(headers)[0]!.length}`;
    const response = await postFeedback(await hall.quickCitizen(openid), headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ webstate: -1, errmsg: CROSS_SITE_REFUSED });
    expect(await feedbackOf(openid)).toHaveLength(0);
  });

  it('a forged urlencoded form post with the session cookie changes nothing', async () => {
    const cookie = await hall.quickCitizen('cs-form');
    const response = await hall.app.inject({
      method: 'POST',
      url: ADD_FEEDBACK,
      payload: 'content=%E4%BC%AA%E9%80%A0',
      headers: { host: HOST, cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(403);
    expect(await feedbackOf('cs-form')).toHaveLength(0);
  });

  it("are taken from the hall's own pages, and from clients that are not browser pages", async () => {
    const cookie = await hall.quickCitizen('cs-own');
    expect((await postFeedback(cookie, { origin: OWN })).statusCode).toBe(200);
    expect((await postFeedback(cookie, { referer: `${OWN}/feedback` })).statusCode).toBe(200);
    expect((await postFeedback(cookie, {})).statusCode).toBe(200);
    // A form on the hall's own page may say Origin null under a strict referrer policy; the browser's Sec-Fetch-Site still says same-origin.
    expect((await postFeedback(cookie, { 'sec-fetch-site': 'same-origin', origin: 'null' })).statusCode).toBe(200);
    expect(await feedbackOf('cs-own')).toHaveLength(4);
  });
});

describe('urlencoded bodies', () => {
  it('are refused by a call whose specification says JSON, even from the hall itself', async () => {
    const cookie = await hall.quickCitizen('cs-json-only');
    const response = await hall.app.inject({
      method: 'POST',
      url: ADD_FEEDBACK,
      payload: 'content=%E4%BD%A0%E5%A5%BD',
      headers: { host: HOST, cookie, origin: OWN, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ webstate: -1, errmsg: FORM_BODY_REFUSED });
    expect(await feedbackOf('cs-json-only')).toHaveLength(0);
  });

  it('are taken by a call whose specification says form (the online appointment)', async () => {
    const cookie = await hall.quickCitizen('cs-form-call');
    const response = await hall.app.inject({
      method: 'POST',
      url: '/online/public/appointment/addByWlsh/',
      payload: 'area=x',
      headers: { host: HOST, cookie, origin: OWN, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).not.toBe(415);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('GET /logout', () => {
  const logout = (cookie: string, headers: Record<string, string>) => hall.app.inject({ method: 'GET', url: '/logout', headers: { host: HOST, cookie, ...headers } });
  const signedIn = async (cookie: string) => (await callHall(hall, contract.getYhxx, {}, cookie)).body.errcode === '00';

  it('from another site lands on the root and leaves the session alone', async () => {
    const cookie = await hall.quickCitizen('cs-logout-foreign');
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { referer: 'https://evil.example/' }] as Record<string, string>[]) {
      const response = await logout(cookie, headers);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/');
      expect(String(response.headers['set-cookie'] ?? '')).not.toContain('hall_sid=;');
    }
    expect(await signedIn(cookie)).toBe(true);
  });

  it("from the hall's own page ends the session", async () => {
    const cookie = await hall.quickCitizen('cs-logout-own');
    const response = await logout(cookie, { 'sec-fetch-site': 'same-origin', referer: `${OWN}/my` });
    expect(String(response.headers['set-cookie'])).toMatch(/hall_sid=;/);
    expect(await signedIn(cookie)).toBe(false);
  });
});

describe('a hall with a configured public address', () => {
  let configured: TestHall;
  beforeAll(async () => {
    configured = await createTestHall({ ...readEnv({ HALL_MODE: 'demo', LOG_LEVEL: 'silent', HALL_PUBLIC_URL: PRODUCTION_ENV.HALL_PUBLIC_URL }) });
  });
  afterAll(() => configured.close());

  it('takes only that origin, whatever Host the request names', async () => {
    const cookie = await configured.quickCitizen('cs-configured');
    const send = (origin: string, host: string) => configured.app.inject({ method: 'POST', url: ADD_FEEDBACK, payload: { content: '你好' }, headers: { host, cookie, origin } });
    expect((await send('https://evil.example', 'evil.example')).statusCode).toBe(403);
    expect((await send(PRODUCTION_ENV.HALL_PUBLIC_URL, 'bdc.example.gov.cn')).statusCode).toBe(200);
  });

  it('builds return addresses and the QR code from it, never from the Host header', async () => {
    const lost = await configured.app.inject({ method: 'POST', url: '/wechat/api/outh2/authorize', payload: {}, headers: { host: 'evil.example' } });
    const redirect = new URL((lost.json() as { url: string }).url, 'http://x').searchParams.get('redirect_uri');
    expect(redirect).toBe(`${PRODUCTION_ENV.HALL_PUBLIC_URL}/`);
    const qr = await configured.app.inject({ method: 'GET', url: '/online/public/hall-qrcode.svg', headers: { host: 'evil.example' } });
    expect(qr.headers['cache-control']).toBe('public, max-age=86400');
    const demoQr = await hall.app.inject({ method: 'GET', url: '/online/public/hall-qrcode.svg', headers: { host: HOST } });
    expect(demoQr.headers['cache-control']).toBe('private, no-store');
  });

  it('sends upgrade-insecure-requests only for an https hall', async () => {
    const https = await configured.app.inject({ method: 'GET', url: '/healthz' });
    expect(https.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    const plain = await hall.app.inject({ method: 'GET', url: '/healthz', headers: { host: HOST } });
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});
