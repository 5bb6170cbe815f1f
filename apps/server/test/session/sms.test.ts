import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSmsSender } from '../../src/adapters/sms/sms';
import { buildApp } from '../../src/app';
import { smsCodes, users } from '../../src/db/schema';
import { consumePhoneCode, SMS_DAILY_LIMIT_PER_PHONE } from '../../src/services/session/phone-codes';
import { createTestHall, type TestHall, testHallForFile } from '../hall';
import { callHall } from '../call';
import { contract } from '@hall/api';
import { maskMobileNumber } from '@hall/domain';
import { sameBlindIndex } from '../../src/db/sealed/sealed-columns';

const PATH = '/mp/api/user/getphonecode';

const hall = testHallForFile();
let cookie: string;
beforeAll(async () => {
  cookie = await hall.login('sms-owner');
});

/** A distinct valid mobile per test, so their countdowns do not meet. */
let nextPhone = 13900000000;
const freshPhone = () => String(nextPhone++);

const codesFor = (phone: string) =>
  hall.connection.db
    .select()
    .from(smsCodes)
    .where(sameBlindIndex(smsCodes.phone, 'phone', phone))
    .orderBy(smsCodes.id);
/** Moves a phone's codes into the past, as if the time had passed. */
const age = (phone: string, seconds: number) =>
  hall.connection.db
    .update(smsCodes)
    .set({ createdAt: sql`${smsCodes.createdAt} - make_interval(secs => ${seconds})`, expiresAt: sql`${smsCodes.expiresAt} - make_interval(secs => ${seconds})` })
    .where(sameBlindIndex(smsCodes.phone, 'phone', phone));

async function inboxCode(phone: string): Promise<string> {
  const response = await hall.app.inject({ method: 'GET', url: `/simulator/sms/inbox?phone=${phone}&format=json` });
  expect(response.statusCode).toBe(200);
  return (response.json() as { code: string }).code;
}

describe('getPhoneCode', () => {
  it('sends a 6-digit code bound to the session openid, valid 5 minutes; the reply never carries it', async () => {
    const phone = freshPhone();
    const { status, body } = await callHall(hall, contract.getPhoneCode, { phone }, cookie);
    expect(status).toBe(200);
    expect(body).toEqual({ stat: 1, msg: '验证码已发送，请注意查收' });
    const [row] = await codesFor(phone);
    expect(row).toMatchObject({ phone, openid: 'sms-owner', usedAt: null });
    expect(row!.code).toMatch(/^\d{6}$/);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(5 * 60 * 1000);
    expect(JSON.stringify(body)).not.toContain(row!.code);
  });

  it.each([[''], ['23812341234'], ['1381234123'], ['138123412345'], ['1381234123a']])('refuses the phone %j with the mobile rule and stores nothing', async (phone) => {
    const { status, body } = await callHall(hall, contract.getPhoneCode, { phone }, cookie);
    expect(status).toBe(400);
    expect(body).toEqual({ stat: 0, msg: '请确认手机号码是否正确!' });
    expect(await codesFor(phone)).toHaveLength(0);
  });

  it('one code per phone per 60 s, saying the seconds left; allowed again after 60 s', async () => {
    const phone = freshPhone();
    const cookie = await hall.login('sms-countdown');
    expect((await callHall(hall, contract.getPhoneCode, { phone }, cookie)).body.stat).toBe(1);
    const again = await callHall(hall, contract.getPhoneCode, { phone }, cookie);
    expect(again.status).toBe(429);
    expect(again.body.stat).toBe(0);
    const seconds = Number(/^验证码已发送，请(\d+)秒后再重新获取$/.exec(String(again.body.msg))?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(55);
    expect(seconds).toBeLessThanOrEqual(60);
    await age(phone, 45);
    const later = await callHall(hall, contract.getPhoneCode, { phone }, cookie);
    expect(later.body.msg).toMatch(/^验证码已发送，请1[0-5]秒后再重新获取$/);
    await age(phone, 16);
    expect((await callHall(hall, contract.getPhoneCode, { phone }, cookie)).body.stat).toBe(1);
    expect(await codesFor(phone)).toHaveLength(2);
  });

  it('the 60 s rule is per phone, whoever asks', async () => {
    const phone = freshPhone();
    const other = await hall.login('sms-other-asker');
    expect((await callHall(hall, contract.getPhoneCode, { phone }, cookie)).body.stat).toBe(1);
    expect((await callHall(hall, contract.getPhoneCode, { phone }, other)).status).toBe(429);
  });

  it(`at most ${SMS_DAILY_LIMIT_PER_PHONE} codes a phone a day`, async () => {
    const phone = freshPhone();
    for (let i = 0; i < SMS_DAILY_LIMIT_PER_PHONE; i++) {
      // A session of its own for each request: the per-session request limit is not what is tested here.
      expect((await callHall(hall, contract.getPhoneCode, { phone }, await hall.login(`sms-daily-${i}`))).body.stat).toBe(1);
      await age(phone, 61);
    }
    // Aged codes from the very start of the day may have slipped into yesterday; move them back into today.
    await hall.connection.db
      .update(smsCodes)
      .set({ createdAt: sql`greatest(${smsCodes.createdAt}, date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')` })
      .where(sameBlindIndex(smsCodes.phone, 'phone', phone));
    await age(phone, 0);
    const refused = await callHall(hall, contract.getPhoneCode, { phone }, await hall.login('sms-daily-last'));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ stat: 0, msg: '该手机号今日获取验证码已达10次，请明天再试' });
    expect(await codesFor(phone)).toHaveLength(SMS_DAILY_LIMIT_PER_PHONE);
  });

  it('concurrent requests for one phone: exactly one is sent', async () => {
    const phone = freshPhone();
    const racer = await hall.login('sms-racer');
    const results = await Promise.all(Array.from({ length: 6 }, () => callHall(hall, contract.getPhoneCode, { phone }, racer)));
    expect(results.filter((r) => r.body.stat === 1)).toHaveLength(1);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
    expect(await codesFor(phone)).toHaveLength(1);
  });

  it('needs a session', async () => {
    const { status, body } = await callHall(hall, contract.getPhoneCode, { phone: freshPhone() });
    expect(status).toBe(401);
    expect(body.status).toBe(-1);
  });

  it('answers malformed JSON, wrong types and oversize input with a 4xx and a Chinese msg', async () => {
    const cookie = await hall.login('sms-malformed');
    const malformed = await hall.app.inject({ method: 'POST', url: PATH, payload: '{"phone":', headers: { cookie, 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ stat: 0 });
    expect(malformed.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    for (const phone of [{ a: 1 }, ['13800000000'], '1'.repeat(500)]) {
      const { status, body } = await hall.post(PATH, { phone }, cookie);
      expect(status).toBe(400);
      expect(body.stat).toBe(0);
      expect(String(body.msg)).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await hall.post(PATH, {}, cookie)).status).toBe(400);
  });

  it('writes 短信验证码 phone code to the app logger in simulator mode', async () => {
    const lines: string[] = [];
    const logged = await buildApp(hall.app.hall, { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    try {
      const phone = freshPhone();
      const response = await logged.inject({ method: 'POST', url: PATH, payload: { phone }, headers: { cookie } });
      expect(response.json()).toMatchObject({ stat: 1 });
      const [row] = await codesFor(phone);
      expect(lines.some((line) => line.includes(`短信验证码 ${maskMobileNumber(phone)} ${row!.code}`))).toBe(true);
      expect(lines.some((line) => line.includes(phone))).toBe(false);
    } finally {
      await logged.close();
    }
  });
});

describe('the SMS simulator inbox', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await hall.login('sms-inbox-reader');
  });

  it('shows the newest code as a Chinese page with data-code, and as JSON', async () => {
    const phone = freshPhone();
    await callHall(hall, contract.getPhoneCode, { phone }, cookie);
    await age(phone, 61);
    await callHall(hall, contract.getPhoneCode, { phone }, cookie);
    const rows = await codesFor(phone);
    const newest = rows.at(-1)!;
    const page = await hall.app.inject({ method: 'GET', url: `/simulator/sms/inbox?phone=${phone}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('短信收件箱');
    expect(page.body).toContain(`data-code="${newest.code}"`);
    const json = await hall.app.inject({ method: 'GET', url: `/simulator/sms/inbox?phone=${phone}&format=json` });
    expect(json.json()).toEqual({ phone, code: newest.code, sentAt: newest.createdAt.toISOString(), messages: [] });
  });

  it('answers 404 for a phone without codes, and a lookup form without a phone', async () => {
    const none = await hall.app.inject({ method: 'GET', url: '/simulator/sms/inbox?phone=13000000009&format=json' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ phone: '13000000009', code: null });
    const form = await hall.app.inject({ method: 'GET', url: '/simulator/sms/inbox' });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('查看短信');
  });
});

describe('consumePhoneCode', () => {
  const db = () => hall.connection.db;
  let cookie: string;
  beforeAll(async () => {
    cookie = await hall.login('sms-consumer');
  });

  it('accepts the right code once; a second use is refused', async () => {
    const phone = freshPhone();
    await callHall(hall, contract.getPhoneCode, { phone }, cookie);
    const code = await inboxCode(phone);
    expect(await consumePhoneCode(db(), { openid: 'sms-consumer', phone, code })).toEqual({ ok: true });
    expect(await consumePhoneCode(db(), { openid: 'sms-consumer', phone, code })).toEqual({ ok: false, reason: '验证码已使用，请重新获取' });
    const [row] = await codesFor(phone);
    expect(row!.usedAt).not.toBeNull();
  });

  it('says why a code does not work: empty, never requested, wrong, expired', async () => {
    const phone = freshPhone();
    expect(await consumePhoneCode(db(), { openid: 'sms-consumer', phone, code: ' ' })).toEqual({ ok: false, reason: '请输入动态验证码' });
    expect(await consumePhoneCode(db(), { openid: 'sms-consumer', phone, code: '123456' })).toEqual({ ok: false, reason: '请先获取验证码' });
    await callHall(hall, contract.getPhoneCode, { phone }, cookie);
    const code = await inboxCode(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await consumePhoneCode(db(), { openid: 'sms-consumer', phone, code: wrong })).toEqual({ ok: false, reason: '验证码错误，请重新输入' });
    await age(phone, 5 * 60 + 1);
    expect(await consumePhoneCode(db(), { openid: 'sms-consumer', phone, code })).toEqual({ ok: false, reason: '验证码已过期，请重新获取' });
  });

  it('only the newest code of a phone works', async () => {
    const phone = freshPhone();
    await callHall(hall, contract.getPhoneCode, { phone }, cookie);
    const first = await inboxCode(phone);
    await age(phone, 61);
    await callHall(hall, contract.getPhoneCode, { phone }, cookie);
    const second = await inboxCode(phone);
    if (first !== second) expect(await consumePhoneCode(db(), { openid: 'sms-consumer', phone, code: first })).toMatchObject({ ok: false, reason: '验证码已过期，请重新获取' });
    expect(await consumePhoneCode(db(), { openid: 'sms-consumer', phone, code: second })).toEqual({ ok: true });
  });

  it("a second citizen cannot use the first one's code, and trying does not spend it", async () => {
    const phone = freshPhone();
    await callHall(hall, contract.getPhoneCode, { phone }, cookie);
    const code = await inboxCode(phone);
    expect(await consumePhoneCode(db(), { openid: 'sms-intruder', phone, code })).toEqual({ ok: false, reason: '请先获取验证码' });
    const [row] = await codesFor(phone);
    expect(row!.usedAt).toBeNull();
    expect(await consumePhoneCode(db(), { openid: 'sms-consumer', phone, code })).toEqual({ ok: true });
  });

  it('of concurrent uses of one code exactly one succeeds', async () => {
    const phone = freshPhone();
    await callHall(hall, contract.getPhoneCode, { phone }, cookie);
    const code = await inboxCode(phone);
    const results = await Promise.all(Array.from({ length: 5 }, () => consumePhoneCode(db(), { openid: 'sms-consumer', phone, code })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const used = await db()
      .select()
      .from(smsCodes)
      .where(and(sameBlindIndex(smsCodes.phone, 'phone', phone), sql`${smsCodes.usedAt} is not null`));
    expect(used).toHaveLength(1);
  });
});

describe('with an SMS provider configured (real mode)', () => {
  let real: TestHall;
  let server: Server;
  let status = 200;
  const received: { authorization: string; body: Record<string, unknown> }[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ authorization: String(request.headers.authorization), body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
        response.writeHead(status).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
    real = await createTestHall({ SMS_API_URL: url, SMS_API_KEY: 'provider-key' });
    // The test hall routes the server's own fetches into the app; the provider is outside, so reach it directly.
    expect(real.app.hall.sms).toBeInstanceOf(HttpSmsSender);
    real.app.hall.sms = new HttpSmsSender({ url, apiKey: 'provider-key', fetch }, 5);
  });
  afterAll(async () => {
    await real.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the code through the provider; the inbox does not exist', async () => {
    const owner = await real.login('sms-real-owner');
    const { body } = await callHall(real, contract.getPhoneCode, { phone: '13712345678' }, owner);
    expect(body.stat).toBe(1);
    const [row] = await real.connection.db
      .select()
      .from(smsCodes)
      .where(sameBlindIndex(smsCodes.phone, 'phone', '13712345678'));
    expect(received.at(-1)).toMatchObject({ authorization: 'Bearer provider-key', body: { phone: '13712345678', code: row!.code } });
    expect(real.app.hall.simulators.sms).toBe(false);
    expect((await real.app.inject({ method: 'GET', url: '/simulator/sms/inbox?phone=13712345678' })).statusCode).toBe(404);
    expect((await real.app.inject({ method: 'GET', url: '/simulator/sms/inbox?phone=13712345678&format=json' })).statusCode).toBe(404);
  });

  it('a provider failure answers stat 0 and leaves no code behind (no countdown either)', async () => {
    const owner = await real.login('sms-real-owner-2');
    status = 500;
    const failed = await callHall(real, contract.getPhoneCode, { phone: '13712340000' }, owner);
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ stat: 0, msg: '验证码发送失败，请稍后再试' });
    expect(
      await real.connection.db
        .select()
        .from(smsCodes)
        .where(sameBlindIndex(smsCodes.phone, 'phone', '13712340000')),
    ).toHaveLength(0);
    status = 200;
    expect((await callHall(real, contract.getPhoneCode, { phone: '13712340000' }, owner)).body.stat).toBe(1);
  });
});

describe('changePhone', () => {
  it('gives a real-name verified citizen a new phone once the code sent to it is typed; the code works once, verification stays', async () => {
    const verified = await hall.login('sms-verified');
    await hall.connection.db.update(users).set({ name: '张三', cardnum: '11010519491231002X', phone: '13812341234', realNameAuth: 1 }).where(eq(users.openid, 'sms-verified'));
    const phone = freshPhone();

    // Without the code sent to the new phone, or with a wrong one, nothing changes.
    const early = await callHall(hall, contract.changePhone, { phone, yzm: '123456' }, verified);
    expect(early.body).toMatchObject({ errcode: '01', errmsg: '请先获取验证码' });
    expect((await callHall(hall, contract.getPhoneCode, { phone }, verified)).body.stat).toBe(1);
    const code = await inboxCode(phone);
    const wrong = await callHall(hall, contract.changePhone, { phone, yzm: code === '000000' ? '111111' : '000000' }, verified);
    expect(wrong.body.errmsg).toBe('验证码错误，请重新输入');
    expect((await userRow('sms-verified')).phone).toBe('13812341234');

    const changed = await callHall(hall, contract.changePhone, { phone, yzm: code }, verified);
    expect(changed.status).toBe(200);
    expect(changed.body.errcode).toBe('00');
    expect(await userRow('sms-verified')).toMatchObject({ phone, realNameAuth: 1, phoneVerified: true });

    // The code is spent: used again (say, by someone who saw it) it changes nothing.
    await hall.connection.db.update(users).set({ phone: '13812341234' }).where(eq(users.openid, 'sms-verified'));
    expect((await callHall(hall, contract.changePhone, { phone, yzm: code }, verified)).body.errmsg).toBe('验证码已使用，请重新获取');
    expect((await userRow('sms-verified')).phone).toBe('13812341234');
  });

  it("refuses a number that is not a mobile, the current number, and another citizen's code", async () => {
    const owner = await hall.login('sms-changer');
    await hall.connection.db.update(users).set({ phone: '13812341234' }).where(eq(users.openid, 'sms-changer'));
    expect((await callHall(hall, contract.changePhone, { phone: '2381234123', yzm: '123456' }, owner)).body.errmsg).toBe('请确认手机号码是否正确!');
    expect((await callHall(hall, contract.changePhone, { phone: '13812341234', yzm: '123456' }, owner)).body.errmsg).toBe('新手机号与当前手机号相同，无需更换');
    const phone = freshPhone();
    await callHall(hall, contract.getPhoneCode, { phone }, cookie);
    const theirs = await inboxCode(phone);
    expect((await callHall(hall, contract.changePhone, { phone, yzm: theirs }, owner)).body.errmsg).toBe('请先获取验证码');
    expect((await userRow('sms-changer')).phone).toBe('13812341234');
  });
});

async function userRow(openid: string) {
  const [row] = await hall.connection.db.select().from(users).where(eq(users.openid, openid));
  return row!;
}
