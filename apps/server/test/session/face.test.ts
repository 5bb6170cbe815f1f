import { idCheckCharacter } from '@hall/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaceIdError, type FaceIdAdapter } from '../../src/adapters/faceid/faceid';
import { SimulatedFaceId } from '../../src/adapters/faceid/simulator';
import { TencentFaceId } from '../../src/adapters/faceid/tencent';
import { faceChecks, users } from '../../src/db/schema';
import { readEnv } from '../../src/env';
import { createContext } from '../../src/hall';
import { withBizToken } from '../../src/routes/simulator/faceid';
import { FACE_CHECK_DAILY_LIMIT, hasPassedFaceCheck } from '../../src/services/session/face-checks';
import { startFakeFaceId, type FakeFaceId } from '../fake-faceid';
import { createTestHall, type TestHall, testHallForFile } from '../hall';
import { callHall } from '../call';
import { contract } from '@hall/api';

const START = '/online/wx/face/WxDetectAuth';
const SET_DETECT = '/online/wx/apilist/setDetectInfo';

const hall = testHallForFile();

/** A valid 18-digit ID number from its first 17 digits. */
const idNumber = (first17: string) => first17 + idCheckCharacter(first17);

interface Citizen {
  openid: string;
  cookie: string;
  name: string;
  idcard: string;
}

let serial = 0;
/** Signs a citizen in and saves a complete profile (unverified). */
async function citizen(openid: string, name = '张三'): Promise<Citizen> {
  serial += 1;
  const idcard = idNumber(`11010519800101${String(serial).padStart(3, '0')}`);
  const cookie = await hall.login(openid);
  const saved = await callHall(hall, contract.saveUserInfo, { name, cardnum: idcard, phone: '13812341234', password: 'abc123' }, cookie);
  expect(saved.body.errcode).toBe('00');
  return { openid, cookie, name, idcard };
}

const startBody = (c: Citizen, extra: Record<string, unknown> = {}) => ({ RedirectUrl: 'http://localhost/userInfo?type=1', openid: c.openid, idcard: c.idcard, name: c.name, bsm: '', ...extra });

async function start(c: Citizen, extra: Record<string, unknown> = {}) {
  const { status, body } = await callHall(hall, contract.getWxDetectAuth, startBody(c, extra), c.cookie);
  expect(status).toBe(200);
  expect(body.errcode).toBe('00');
  return body.data!;
}

/** Presses a button on the simulator page and answers where the browser is sent. */
async function decide(bizToken: string, outcome: 'pass' | 'fail' | `fail-${string}`): Promise<string> {
  const response = await hall.app.inject({
    method: 'POST',
    url: '/simulator/faceid',
    payload: new URLSearchParams({ BizToken: bizToken, outcome }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(response.statusCode).toBe(302);
  return response.headers.location as string;
}

const userRow = async (openid: string) => (await hall.connection.db.select().from(users).where(eq(users.openid, openid)))[0]!;
const checkRow = async (bizToken: string) => (await hall.connection.db.select().from(faceChecks).where(eq(faceChecks.bizToken, bizToken)))[0];

describe('face verification through the simulator, end to end', () => {
  it('WxDetectAuth → simulator page → 认证通过 → back with BizToken → getUserInfo verifies the user', async () => {
    const c = await citizen('face-happy');
    // The screen may send the ID with a lower-case x; it is the same number.
    const started = await start(c, { idcard: c.idcard.toLowerCase() });
    expect(started.Url).toBe(`/simulator/faceid?BizToken=${started.BizToken}`);

    const page = await hall.app.inject({ method: 'GET', url: started.Url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(c.name);
    expect(page.body).toContain(`${c.idcard.slice(0, 4)}${'*'.repeat(10)}${c.idcard.slice(-4)}`);
    expect(page.body).not.toContain(c.idcard);
    expect(page.body).toContain('认证通过');
    expect(page.body).toContain('认证失败');

    const location = await decide(started.BizToken, 'pass');
    expect(location).toBe(`http://localhost/userInfo?type=1&BizToken=${started.BizToken}`);
    const bizToken = new URL(location).searchParams.get('BizToken')!;

    // Still unverified until the hall itself has read the result.
    expect((await userRow(c.openid)).realNameAuth).toBe(0);
    const me = await callHall(hall, contract.getUserInfo, { data: { openid: c.openid, BizToken: bizToken } }, c.cookie);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ errcode: '00', faceResult: 'passed', faceMessage: '认证通过', data: { realNameAuthentication: 1, isRealNameAuth: 'true' } });
    expect(await checkRow(bizToken)).toMatchObject({ status: 'passed', openid: c.openid });
    expect((await checkRow(bizToken))!.finishedAt).not.toBeNull();
    expect((await callHall(hall, contract.validateUserInfo, {}, c.cookie)).body.errcode).toBe('0');

    // Completing the same token again is harmless.
    const again = await callHall(hall, contract.getUserInfo, { data: { BizToken: bizToken } }, c.cookie);
    expect(again.body).toMatchObject({ faceResult: 'passed', data: { realNameAuthentication: 1 } });
    // Without a token the reply carries no face result.
    const plain = await callHall(hall, contract.getUserInfo, { data: {} }, c.cookie);
    expect(plain.body.faceResult).toBeUndefined();

    // A verified user is not verified again, and the simulator page of the settled check is gone.
    const refused = await callHall(hall, contract.getWxDetectAuth, startBody(c), c.cookie);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ errcode: '01', errmsg: '您已完成实名认证，无需重复认证' });
    expect((await hall.app.inject({ method: 'GET', url: started.Url })).statusCode).toBe(404);
  });

  it('认证失败 leaves the user unverified and says so', async () => {
    const c = await citizen('face-fails');
    const started = await start(c, { RedirectUrl: 'http://localhost/userInfo' });
    const location = await decide(started.BizToken, 'fail');
    expect(location).toBe(`http://localhost/userInfo?BizToken=${started.BizToken}`);
    const me = await callHall(hall, contract.getUserInfo, { data: { BizToken: started.BizToken } }, c.cookie);
    expect(me.body).toMatchObject({ errcode: '00', faceResult: 'failed', faceMessage: '人脸核身未通过', data: { realNameAuthentication: 0, isRealNameAuth: 'false' } });
    expect((await userRow(c.openid)).realNameAuth).toBe(0);
    expect((await checkRow(started.BizToken))!.status).toBe('failed');
    // The check is settled: pressing 认证通过 afterwards changes nothing.
    const late = await hall.app.inject({
      method: 'POST',
      url: '/simulator/faceid',
      payload: new URLSearchParams({ BizToken: started.BizToken, outcome: 'pass' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(late.statusCode).toBe(404);
    expect((await callHall(hall, contract.getUserInfo, { data: { BizToken: started.BizToken } }, c.cookie)).body.faceResult).toBe('failed');
    expect((await userRow(c.openid)).realNameAuth).toBe(0);
  });

  it('the simulator offers the real reasons a check fails, and the hall words each as the citizen reads it', async () => {
    const page = await hall.app.inject({ method: 'GET', url: (await start(await citizen('face-reasons-page'))).Url });
    for (const reason of ['人脸与身份证照片不一致', '活体检测未通过', '身份信息不一致']) expect(page.body).toContain(`认证失败：${reason}`);
    for (const [outcome, reason] of [
      ['fail-faceMismatch', '人脸与身份证照片不一致'],
      ['fail-liveness', '活体检测未通过'],
      ['fail-identityMismatch', '身份信息不一致'],
    ] as const) {
      const c = await citizen(`face-${outcome}`);
      const started = await start(c);
      await decide(started.BizToken, outcome);
      const me = await callHall(hall, contract.getUserInfo, { data: { BizToken: started.BizToken } }, c.cookie);
      expect(me.body, outcome).toMatchObject({ faceResult: 'failed', faceMessage: reason, data: { realNameAuthentication: 0 } });
      expect((await userRow(c.openid)).realNameAuth).toBe(0);
    }
    // An outcome the page does not offer changes nothing.
    const c = await citizen('face-bad-outcome');
    const started = await start(c);
    const odd = await hall.app.inject({
      method: 'POST',
      url: '/simulator/faceid',
      payload: new URLSearchParams({ BizToken: started.BizToken, outcome: 'fail-other' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(odd.statusCode).toBe(404);
    expect((await checkRow(started.BizToken))!.status).toBe('pending');
  });

  it('returning before the check is done settles it as failed; a fresh check can still pass', async () => {
    const c = await citizen('face-early');
    const first = await start(c);
    const early = await callHall(hall, contract.getUserInfo, { data: { BizToken: first.BizToken } }, c.cookie);
    expect(early.body).toMatchObject({ faceResult: 'failed', faceMessage: '人脸核身尚未完成', data: { realNameAuthentication: 0 } });
    const second = await start(c);
    await decide(second.BizToken, 'pass');
    expect((await callHall(hall, contract.getUserInfo, { data: { BizToken: second.BizToken } }, c.cookie)).body).toMatchObject({ faceResult: 'passed', data: { realNameAuthentication: 1 } });
  });

  it('the first button pressed counts', async () => {
    const c = await citizen('face-double');
    const started = await start(c);
    await decide(started.BizToken, 'fail');
    await decide(started.BizToken, 'pass');
    expect((await callHall(hall, contract.getUserInfo, { data: { BizToken: started.BizToken } }, c.cookie)).body.faceResult).toBe('failed');
  });

  it('a check whose name or ID number differs from the profile does not verify', async () => {
    const c = await citizen('face-mismatch');
    const started = await start(c);
    // The profile changes after the check was started (unverified users may still edit it).
    const other = idNumber('11010519900307123');
    expect((await callHall(hall, contract.saveUserInfo, { name: c.name, cardnum: other, phone: '13812341234', password: 'abc123' }, c.cookie)).body.errcode).toBe('00');
    await decide(started.BizToken, 'pass');
    const me = await callHall(hall, contract.getUserInfo, { data: { BizToken: started.BizToken } }, c.cookie);
    expect(me.body).toMatchObject({ faceResult: 'failed', faceMessage: '人脸核身的姓名或身份证号与个人信息不一致，未能完成实名认证', data: { realNameAuthentication: 0 } });
    expect((await checkRow(started.BizToken))!.status).toBe('failed');
  });

  it('a check past its 30 minutes is over: no page, and reading it fails', async () => {
    const c = await citizen('face-late');
    const started = await start(c);
    await hall.connection.db
      .update(faceChecks)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(faceChecks.bizToken, started.BizToken));
    expect((await hall.app.inject({ method: 'GET', url: started.Url })).statusCode).toBe(404);
    const me = await callHall(hall, contract.getUserInfo, { data: { BizToken: started.BizToken } }, c.cookie);
    expect(me.body).toMatchObject({ faceResult: 'failed', faceMessage: '人脸核身已超时，请重新认证', data: { realNameAuthentication: 0 } });
  });
});

describe('whose check it is', () => {
  it("a second citizen cannot complete the first one's BizToken, and trying changes nothing", async () => {
    const a = await citizen('face-owner-a');
    const b = await citizen('face-owner-b', '李四');
    const started = await start(a);
    await decide(started.BizToken, 'pass');

    const stolen = await callHall(hall, contract.getUserInfo, { data: { openid: b.openid, BizToken: started.BizToken } }, b.cookie);
    expect(stolen.body).toMatchObject({ errcode: '00', faceResult: 'failed', faceMessage: '未找到本次人脸核身记录，请重新认证', data: { openid: b.openid, realNameAuthentication: 0 } });
    expect((await userRow(b.openid)).realNameAuth).toBe(0);
    expect((await userRow(a.openid)).realNameAuth).toBe(0);
    expect((await checkRow(started.BizToken))!.finishedAt).toBeNull();

    // Nor by naming the first citizen in the payload.
    const named = await callHall(hall, contract.getUserInfo, { data: { openid: a.openid, BizToken: started.BizToken } }, b.cookie);
    expect(named.status).toBe(403);

    // The same citizen in another session (another device) cannot either.
    const otherSession = await hall.login(a.openid);
    expect((await callHall(hall, contract.getUserInfo, { data: { BizToken: started.BizToken } }, otherSession)).body.faceResult).toBe('failed');
    expect((await checkRow(started.BizToken))!.finishedAt).toBeNull();

    // The owner still can.
    expect((await callHall(hall, contract.getUserInfo, { data: { BizToken: started.BizToken } }, a.cookie)).body).toMatchObject({ faceResult: 'passed', data: { realNameAuthentication: 1 } });
  });

  it('an invented BizToken is unknown and changes nothing', async () => {
    const c = await citizen('face-invented');
    const me = await callHall(hall, contract.getUserInfo, { data: { BizToken: 'CE661F1A-0F1E-45BD-BE13-34C05CEA7681' } }, c.cookie);
    expect(me.body).toMatchObject({ faceResult: 'failed', data: { realNameAuthentication: 0 } });
  });

  it("refuses a payload openid that is not the session's", async () => {
    const a = await citizen('face-payload-a');
    const b = await citizen('face-payload-b');
    const { status, body } = await callHall(hall, contract.getWxDetectAuth, startBody(b, { openid: a.openid }), b.cookie);
    expect(status).toBe(403);
    expect(body).toEqual({ errcode: '01', errmsg: '身份信息不一致，请重新进入办事大厅' });
  });
});

describe('WxDetectAuth validation', () => {
  let c: Citizen;
  beforeAll(async () => {
    c = await citizen('face-validate');
  });

  it.each([
    [{ name: '' }, '请先填写姓名和手机号'],
    [{ idcard: '' }, '请先填写姓名和手机号'],
    [{ name: '  ' }, '请先填写姓名和手机号'],
    [{ name: '王五' }, '请先保存个人信息，再进行实名认证'],
    [{ idcard: idNumber('11010519700101123') }, '请先保存个人信息，再进行实名认证'],
    [{ RedirectUrl: 'https://evil.example/steal' }, '认证完成后的返回地址无效，请从办事大厅重新发起认证'],
    [{ RedirectUrl: 'javascript:alert(1)' }, '认证完成后的返回地址无效，请从办事大厅重新发起认证'],
    [{ RedirectUrl: '//evil.example/x' }, '认证完成后的返回地址无效，请从办事大厅重新发起认证'],
  ])('refuses %j with its message and starts nothing', async (change, message) => {
    const before = await hall.connection.db.select().from(faceChecks).where(eq(faceChecks.openid, c.openid));
    const { status, body } = await callHall(hall, contract.getWxDetectAuth, startBody(c, change), c.cookie);
    expect(status).toBe(400);
    expect(body).toEqual({ errcode: '01', errmsg: message });
    expect(await hall.connection.db.select().from(faceChecks).where(eq(faceChecks.openid, c.openid))).toHaveLength(before.length);
  });

  it('needs the profile saved: name and ID number (请先填写姓名和手机号)', async () => {
    const cookie = await hall.login('face-no-profile');
    const { status, body } = await callHall(hall, contract.getWxDetectAuth, { RedirectUrl: 'http://localhost/userInfo', idcard: idNumber('11010519800101555'), name: '赵六' }, cookie);
    expect(status).toBe(400);
    expect(body).toEqual({ errcode: '01', errmsg: '请先填写姓名和手机号' });
  });

  it('accepts a return path on the hall and stores it absolute, without an old BizToken', async () => {
    const started = await start(c, { RedirectUrl: '/userInfo?BizToken=OLD&type=1' });
    expect((await checkRow(started.BizToken))!.redirectUrl).toBe('http://localhost/userInfo?type=1');
  });

  it('answers malformed JSON, wrong types and oversize input with a 4xx and a Chinese errmsg', async () => {
    // A citizen of its own: the per-session request limit is not what is tested here.
    const c = await citizen('face-malformed');
    const malformed = await hall.app.inject({ method: 'POST', url: START, payload: '{"name":', headers: { cookie: c.cookie, 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errmsg).toMatch(/[\u4e00-\u9fa5]/);
    for (const change of [{ name: { a: 1 } }, { RedirectUrl: 'http://localhost/'.padEnd(3000, 'a') }, { idcard: '1'.repeat(100) }, { RedirectUrl: undefined }]) {
      const { status, body } = await callHall(hall, contract.getWxDetectAuth, startBody(c, change), c.cookie);
      expect(status).toBe(400);
      expect(String(body.errmsg)).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('needs a session', async () => {
    const { status, body } = await callHall(hall, contract.getWxDetectAuth, startBody(c));
    expect(status).toBe(401);
    expect(body.status).toBe(-1);
  });

  it(`at most ${FACE_CHECK_DAILY_LIMIT} checks a day`, async () => {
    const d = await citizen('face-daily');
    await hall.connection.db.insert(faceChecks).values(
      Array.from({ length: FACE_CHECK_DAILY_LIMIT }, (_, i) => ({
        bizToken: `DAILY-${i}`,
        openid: d.openid,
        sessionId: 'x',
        name: d.name,
        idcard: d.idcard,
        redirectUrl: 'http://localhost/',
        status: 'failed',
      })),
    );
    const { status, body } = await callHall(hall, contract.getWxDetectAuth, startBody(d), d.cookie);
    expect(status).toBe(429);
    expect(body).toEqual({ errcode: '01', errmsg: '今日人脸核身次数已达10次，请明天再试' });
  });

  it('a provider that cannot start a check answers 获取腾讯云人脸识别地址失败 and stores nothing', async () => {
    const d = await citizen('face-provider-down');
    const original = hall.app.hall.faceid;
    const broken: FaceIdAdapter = {
      detectAuth: () => Promise.reject(new FaceIdError('connect ECONNREFUSED')),
      getDetectInfo: () => Promise.reject(new FaceIdError('connect ECONNREFUSED')),
    };
    hall.app.hall.faceid = broken;
    try {
      const { status, body } = await callHall(hall, contract.getWxDetectAuth, startBody(d), d.cookie);
      expect(status).toBe(502);
      expect(body).toEqual({ errcode: '01', errmsg: '获取腾讯云人脸识别地址失败' });
      expect(await hall.connection.db.select().from(faceChecks).where(eq(faceChecks.openid, d.openid))).toHaveLength(0);
    } finally {
      hall.app.hall.faceid = original;
    }
  });

  it('a provider that cannot answer the result leaves the check open for a retry', async () => {
    const d = await citizen('face-result-down');
    const started = await start(d);
    await decide(started.BizToken, 'pass');
    const original = hall.app.hall.faceid;
    hall.app.hall.faceid = { detectAuth: original.detectAuth.bind(original), getDetectInfo: () => Promise.reject(new FaceIdError('timeout')) };
    try {
      const me = await callHall(hall, contract.getUserInfo, { data: { BizToken: started.BizToken } }, d.cookie);
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ faceResult: 'failed', faceMessage: '暂时无法获取人脸核身结果，请稍后再试', data: { realNameAuthentication: 0 } });
      expect((await checkRow(started.BizToken))!.finishedAt).toBeNull();
    } finally {
      hall.app.hall.faceid = original;
    }
    expect((await callHall(hall, contract.getUserInfo, { data: { BizToken: started.BizToken } }, d.cookie)).body).toMatchObject({ faceResult: 'passed', data: { realNameAuthentication: 1 } });
  });
});

describe('setDetectInfo (a business face check, bsm from the URL)', () => {
  it('a verified user takes a business check; a pass answers 认证成功 and is recorded for that bsm', async () => {
    const c = await citizen('face-bsm');
    await hall.connection.db.update(users).set({ realNameAuth: 1 }).where(eq(users.openid, c.openid));
    const started = await start(c, { bsm: 'DZZZ-2024-0001', RedirectUrl: 'http://localhost/dzzzQuery?bsm=DZZZ-2024-0001' });
    const location = await decide(started.BizToken, 'pass');
    const back = new URL(location);
    expect(back.searchParams.get('bsm')).toBe('DZZZ-2024-0001');
    expect(await hasPassedFaceCheck(hall.connection.db, { openid: c.openid, bsm: 'DZZZ-2024-0001' })).toBe(false);
    const { status, body } = await hall.post(SET_DETECT, { bsm: back.searchParams.get('bsm'), BizToken: back.searchParams.get('BizToken') }, c.cookie);
    expect(status).toBe(200);
    expect(body).toEqual({ errcode: '00', errmsg: '认证成功' });
    expect(await hasPassedFaceCheck(hall.connection.db, { openid: c.openid, bsm: 'DZZZ-2024-0001' })).toBe(true);
    expect(await hasPassedFaceCheck(hall.connection.db, { openid: c.openid, bsm: 'DZZZ-OTHER' })).toBe(false);

    // Another citizen cannot settle or use it.
    const other = await citizen('face-bsm-other', '李四');
    const stolen = await callHall(hall, contract.setDetectInfo, { bsm: 'DZZZ-2024-0001' }, other.cookie);
    expect(stolen.status).toBe(400);
    expect(stolen.body).toEqual({ errcode: '01', errmsg: '未找到本次人脸核身记录，请重新认证' });
    expect(await hasPassedFaceCheck(hall.connection.db, { openid: other.openid, bsm: 'DZZZ-2024-0001' })).toBe(false);
  });

  it('a failed business check answers errcode 01 with the reason; without a bsm it is refused', async () => {
    const c = await citizen('face-bsm-fail');
    const started = await start(c, { bsm: 'DZZZ-2024-0002' });
    await decide(started.BizToken, 'fail');
    const { status, body } = await callHall(hall, contract.setDetectInfo, { bsm: 'DZZZ-2024-0002' }, c.cookie);
    expect(status).toBe(400);
    expect(body).toEqual({ errcode: '01', errmsg: '人脸核身未通过' });
    expect((await callHall(hall, contract.setDetectInfo, { bsm: ' ' }, c.cookie)).body).toEqual({ errcode: '01', errmsg: '缺少业务编号，请重新发起认证' });
    expect((await userRow(c.openid)).realNameAuth).toBe(0);
  });
});

describe('with Tencent Cloud FaceID configured (a fake service on loopback)', () => {
  const credentials = { secretId: 'AKIDhallFaceTest', secretKey: 'hall-face-test-key' };
  let fake: FakeFaceId;
  let real: TestHall;
  beforeAll(async () => {
    fake = await startFakeFaceId(credentials);
    real = await createTestHall({ FACEID_SECRET_ID: credentials.secretId, FACEID_SECRET_KEY: credentials.secretKey, FACEID_RULE_ID: '3', FACEID_ENDPOINT: fake.url });
    expect(real.app.hall.faceid).toBeInstanceOf(TencentFaceId);
    // The test hall routes the server's own fetches into the app; the fake is outside, so reach it directly.
    real.app.hall.faceid = new TencentFaceId({ ...credentials, ruleId: '3', endpoint: fake.url, fetch });
  });
  afterAll(async () => {
    await real.close();
    await fake.close();
  });

  async function realCitizen(openid: string, name: string, first17: string) {
    const cookie = await real.login(openid);
    const idcard = idNumber(first17);
    expect((await callHall(real, contract.saveUserInfo, { name, cardnum: idcard, phone: '13812341234', password: 'abc123' }, cookie)).body.errcode).toBe('00');
    return { openid, cookie, name, idcard };
  }

  it('has no simulator page in real mode', async () => {
    expect(real.app.hall.simulators.faceid).toBe(false);
    expect((await real.app.inject({ method: 'GET', url: '/simulator/faceid?BizToken=X' })).statusCode).toBe(404);
  });

  it("starts at Tencent's page and verifies from GetDetectInfoEnhanced's Name and IdCard", async () => {
    const c = await realCitizen('tencent-pass', '王小明', '44030119850615201');
    const { body } = await callHall(real, contract.getWxDetectAuth, startBody(c), c.cookie);
    expect(body.errcode).toBe('00');
    const data = body.data!;
    expect(data.Url).toBe(`https://faceid.qq.com/api/v1/detect?token=${data.BizToken}`);
    expect(fake.calls.at(-1)).toMatchObject({ action: 'DetectAuth', signatureValid: true, body: { RuleId: '3', Name: '王小明', IdCard: c.idcard, RedirectUrl: 'http://localhost/userInfo?type=1' } });
    // Tencent reports the ID with a lower-case x sometimes; it is compared after normalising case.
    fake.setOutcome(data.BizToken, { ErrCode: 0, ErrMsg: '成功', Name: '王小明', IdCard: c.idcard.toLowerCase() });
    const me = await callHall(real, contract.getUserInfo, { data: { BizToken: data.BizToken } }, c.cookie);
    expect(me.body).toMatchObject({ faceResult: 'passed', data: { realNameAuthentication: 1, isRealNameAuth: 'true' } });
    expect(fake.calls.at(-1)).toMatchObject({ action: 'GetDetectInfoEnhanced', signatureValid: true, body: { BizToken: data.BizToken, RuleId: '3' } });
  });

  it('a pass for another person (name or ID number differ) does not verify', async () => {
    const c = await realCitizen('tencent-other-person', '王小红', '44030119850615202');
    const { body } = await callHall(real, contract.getWxDetectAuth, startBody(c), c.cookie);
    const { BizToken } = body.data!;
    fake.setOutcome(BizToken, { ErrCode: 0, ErrMsg: '成功', Name: '王小红', IdCard: idNumber('44030119850615209') });
    const me = await callHall(real, contract.getUserInfo, { data: { BizToken } }, c.cookie);
    expect(me.body).toMatchObject({ faceResult: 'failed', faceMessage: '人脸核身的姓名或身份证号与个人信息不一致，未能完成实名认证', data: { realNameAuthentication: 0 } });

    const d = await realCitizen('tencent-other-name', '王小蓝', '44030119850615203');
    const second = (await callHall(real, contract.getWxDetectAuth, startBody(d), d.cookie)).body.data!.BizToken;
    fake.setOutcome(second, { ErrCode: 0, ErrMsg: '成功', Name: '王小绿', IdCard: d.idcard });
    expect((await callHall(real, contract.getUserInfo, { data: { BizToken: second } }, d.cookie)).body).toMatchObject({ faceResult: 'failed', data: { realNameAuthentication: 0 } });
  });

  it("a failed check keeps Tencent's message and the user unverified", async () => {
    const c = await realCitizen('tencent-fail', '王小白', '44030119850615204');
    const { BizToken } = (await callHall(real, contract.getWxDetectAuth, startBody(c), c.cookie)).body.data!;
    fake.setOutcome(BizToken, { ErrCode: 1001, ErrMsg: '比对相似度未达到通过标准', Name: '王小白', IdCard: c.idcard });
    expect((await callHall(real, contract.getUserInfo, { data: { BizToken } }, c.cookie)).body).toMatchObject({
      faceResult: 'failed',
      faceMessage: '比对相似度未达到通过标准',
      data: { realNameAuthentication: 0 },
    });
  });

  it('needs FACEID_RULE_ID with the credentials', async () => {
    const env = readEnv({ LOG_LEVEL: 'silent', HALL_MODE: 'demo', FACEID_SECRET_ID: 'a', FACEID_SECRET_KEY: 'b' });
    await expect(createContext({ env, db: real.connection.db, pool: real.connection.pool })).rejects.toThrow(/FACEID_RULE_ID/);
  });
});

describe('the simulator adapter and the return address', () => {
  it('appends BizToken with or without a query string, before a fragment', () => {
    expect(withBizToken('http://localhost/userInfo', 'T1')).toBe('http://localhost/userInfo?BizToken=T1');
    expect(withBizToken('http://localhost/userInfo?type=1', 'T1')).toBe('http://localhost/userInfo?type=1&BizToken=T1');
    expect(withBizToken('http://localhost/x?BizToken=OLD#top', 'T2')).toBe('http://localhost/x?BizToken=T2#top');
  });

  it('getDetectInfo reads the outcome recorded for the token', async () => {
    const sim = new SimulatedFaceId(hall.connection.db);
    const { bizToken, url } = await sim.detectAuth({ name: '张三', idcard: '11010519491231002X', redirectUrl: 'http://localhost/', ruleId: '0' });
    expect(url).toBe(`/simulator/faceid?BizToken=${bizToken}`);
    await expect(sim.getDetectInfo(bizToken)).rejects.toBeInstanceOf(FaceIdError);
    await hall.connection.db.insert(faceChecks).values({ bizToken, openid: 'nobody', sessionId: 's', name: '张三', idcard: '11010519491231002X', redirectUrl: 'http://localhost/' });
    expect(await sim.getDetectInfo(bizToken)).toMatchObject({ passed: false, message: '人脸核身尚未完成' });
    await hall.connection.db
      .update(faceChecks)
      .set({ status: 'passed' })
      .where(and(eq(faceChecks.bizToken, bizToken)));
    expect(await sim.getDetectInfo(bizToken)).toEqual({ passed: true, name: '张三', idcard: '11010519491231002X', message: '认证通过' });
  });
});
