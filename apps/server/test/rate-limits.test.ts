import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type HallApp } from '../src/app';
import { rateLimitHits, smsCodes } from '../src/db/schema';
import { createContext } from '../src/hall';
import { randomId } from '../src/lib/ids';
import { PHONE_CODE_MESSAGES, SMS_DAILY_LIMIT_PER_ADDRESS } from '../src/services/session/phone-codes';
import { SIGN_IN_LIMIT_PER_MINUTE } from '../src/routes/session/session';
import { createTestHall, type TestHall } from './hall';
import { sameBlindIndex } from '../src/db/sealed/sealed-columns';

const AUTHORIZE = '/wechat/api/outh2/authorize';
const PHONE_CODE = '/mp/api/user/getphonecode';

let hall: TestHall;
/** A second server process on the same database, as behind a load balancer. */
let second: HallApp;
beforeAll(async () => {
  hall = await createTestHall();
  const context = await createContext({ env: hall.env, db: hall.connection.db, pool: hall.connection.pool, filesDir: hall.filesDir });
  second = await buildApp(context);
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await hall.close();
});

/** Limits count in fixed one-minute windows: a burst that must land in one window starts well inside it. */
async function awayFromWindowEdge(): Promise<void> {
  const intoWindow = Date.now() % 60_000;
  if (intoWindow > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoWindow + 50));
}

const signIn = (app: HallApp, headers: Record<string, string> = {}, remoteAddress = '203.0.113.7') => app.inject({ method: 'POST', url: AUTHORIZE, payload: {}, headers, remoteAddress });

describe('the sign-in limit', () => {
  it('is not reset by made-up session cookies: they count by the client address', async () => {
    await awayFromWindowEdge();
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_LIMIT_PER_MINUTE; i += 1) {
      statuses.push((await signIn(hall.app, { cookie: `hall_sid=${randomId()}.forged` }, '203.0.113.20')).statusCode);
    }
    expect(statuses.slice(0, SIGN_IN_LIMIT_PER_MINUTE).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('is shared by every process and kept in the database, and a throttled sign-in says so in words', async () => {
    const address = '203.0.113.30';
    await awayFromWindowEdge();
    const half = SIGN_IN_LIMIT_PER_MINUTE / 2;
    for (let i = 0; i < half; i += 1) expect((await signIn(hall.app, {}, address)).statusCode).toBe(401);
    for (let i = 0; i < half; i += 1) expect((await signIn(second, {}, address)).statusCode).toBe(401);
    const throttled = await signIn(second, {}, address);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ state: 0, msg: '操作过于频繁，请稍后再试', errmsg: '操作过于频繁，请稍后再试' });
    const [row] = await hall.connection.db
      .select()
      .from(rateLimitHits)
      .where(like(rateLimitHits.key, `%address:${address}`));
    expect(row?.hits).toBe(SIGN_IN_LIMIT_PER_MINUTE + 1);
  });

  it('counts a verified session by itself, not by the address it shares', async () => {
    const cookie = await hall.quickCitizen('rl-session');
    const response = await signIn(hall.app, { cookie }, '203.0.113.30');
    expect(response.statusCode).toBe(200);
  });
});

describe('SMS codes per client address', () => {
  it(`stop at ${SMS_DAILY_LIMIT_PER_ADDRESS} a day from one address, whatever the phones and the citizens`, async () => {
    const address = '198.51.100.9';
    for (let i = 0; i < SMS_DAILY_LIMIT_PER_ADDRESS; i += 1) {
      const cookie = await hall.quickCitizen(`rl-pump-${i}`);
      const phone = `1390000${String(i).padStart(4, '0')}`;
      const sent = await hall.app.inject({ method: 'POST', url: PHONE_CODE, payload: { phone }, headers: { cookie }, remoteAddress: address });
      expect(sent.json(), phone).toMatchObject({ stat: 1 });
    }
    const cookie = await hall.quickCitizen('rl-pump-last');
    const refused = await hall.app.inject({ method: 'POST', url: PHONE_CODE, payload: { phone: '13911112222' }, headers: { cookie }, remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ stat: 0, msg: PHONE_CODE_MESSAGES.addressLimit });
    expect(
      (
        await hall.connection.db
          .select({ n: count() })
          .from(smsCodes)
          .where(sameBlindIndex(smsCodes.phone, 'phone', '13911112222'))
      )[0]!.n,
    ).toBe(0);
    // Another address is not held up.
    const elsewhere = await hall.app.inject({ method: 'POST', url: PHONE_CODE, payload: { phone: '13911112222' }, headers: { cookie }, remoteAddress: '198.51.100.10' });
    expect(elsewhere.json()).toMatchObject({ stat: 1 });
  });
});
