import { idCheckCharacter } from '@hall/domain';
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { connectDatabase } from '../../../src/db/client';
import { users } from '../../../src/db/schema';
import { createContext } from '../../../src/hall';
import { resolvePendingRecords } from '../../../src/services/queries/fulfilment/query-resolver';
import { testHallForFile } from '../../hall';
import { citizenWithProfile, OWNER } from '../../query-helpers';
import { callHall } from '../../call';
import { contract } from '@hall/api/internal';

const RECORD = '/online/wx/apilist/getRecord';
const IMAGE = '/online/wx/apilist/getCatchCert';

const hall = testHallForFile({ HALL_QUERY_POLL_MS: 0 });

interface Person {
  openid: string;
  cookie: string;
  name: string;
  idcard: string;
  phone: string;
}

let phones = 0;
/** A signed-in, verified citizen with a phone of their own (a phone gets one code a minute). */
async function person(openid: string, who: { name: string; idcard: string } = OWNER): Promise<Person> {
  const cookie = await citizenWithProfile(hall, openid, who);
  phones += 1;
  const phone = `1390000${String(phones).padStart(4, '0')}`;
  await hall.connection.db.update(users).set({ phone }).where(eq(users.openid, openid));
  return { openid, name: who.name, idcard: who.idcard, phone, cookie };
}

/** The newest code in the SMS simulator's inbox. */
async function inbox(phone: string): Promise<string> {
  const response = await hall.app.inject({ method: 'GET', url: `/simulator/sms/inbox?phone=${phone}&format=json` });
  return (response.json() as { code: string }).code;
}

/** Sends a code and has the server check it: answers the step's bsm. */
async function checkedCode(p: Person): Promise<string> {
  expect((await callHall(hall, contract.phongQueryYzm, { qlrphone: p.phone, openid: p.openid }, p.cookie)).body).toMatchObject({ errcode: '00' });
  const code = await inbox(p.phone);
  const { status, body } = await callHall(hall, contract.getQueryYzm, { qlrphone: p.phone, yzm: code, openid: p.openid }, p.cookie);
  expect(status).toBe(200);
  expect(body.errcode).toBe(true);
  expect(JSON.stringify(body)).not.toContain(code);
  return body.data!.bsm;
}

/** A face check for the step through the simulator: pass or fail, then setDetectInfo as the /ok page does. */
async function faceCheck(p: Person, bsm: string, outcome: 'pass' | 'fail' = 'pass'): Promise<void> {
  const started = await callHall(hall, contract.getWxDetectAuth, { RedirectUrl: `http://localhost/ok?bsm=${bsm}`, name: p.name, idcard: p.idcard, bsm, openid: p.openid }, p.cookie);
  expect(started.body.errcode).toBe('00');
  const bizToken = started.body.data!.BizToken;
  const decided = await hall.app.inject({
    method: 'POST',
    url: '/simulator/faceid',
    payload: new URLSearchParams({ BizToken: bizToken, outcome }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(decided.statusCode).toBe(302);
  await callHall(hall, contract.setDetectInfo, { bsm, BizToken: bizToken }, p.cookie);
}

const requestBody = (p: Person, extra: Record<string, unknown> = {}) => ({ qlrname: p.name, qlrcode: p.idcard, qlrphone: p.phone, xzqmc: '邯郸市', xzqdm: '130400', openid: p.openid, ...extra });

async function requestQuery(p: Person): Promise<{ certId: string; sqdh: string }> {
  const bsm = await checkedCode(p);
  await faceCheck(p, bsm);
  const { status, body } = await callHall(hall, contract.sentquerycert, requestBody(p), p.cookie);
  expect(status).toBe(200);
  expect(body).toMatchObject({ errcode: '00', errmsg: '结果已提交，请耐心等待' });
  return body.data!;
}

const idNumber = (first17: string) => first17 + idCheckCharacter(first17);

describe('the phone code is checked by the server (part 3 §5)', () => {
  it('a blank or wrong code answers 请输入动态验证码; the right one errcode true without the code', async () => {
    const p = await person('aq-code');
    await callHall(hall, contract.phongQueryYzm, { qlrphone: p.phone }, p.cookie);
    const blank = await callHall(hall, contract.getQueryYzm, { qlrphone: p.phone, yzm: '' }, p.cookie);
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ errcode: '01', errmsg: '请输入动态验证码' });
    const code = await inbox(p.phone);
    const wrong = await callHall(hall, contract.getQueryYzm, { qlrphone: p.phone, yzm: code === '000000' ? '111111' : '000000' }, p.cookie);
    expect(wrong.body).toEqual({ errcode: '01', errmsg: '请输入动态验证码' });
    const right = await callHall(hall, contract.getQueryYzm, { qlrphone: p.phone, yzm: code }, p.cookie);
    expect(right.body.errcode).toBe(true);
    expect(JSON.stringify(right.body)).not.toContain(code);
    // A code works once.
    expect((await callHall(hall, contract.getQueryYzm, { qlrphone: p.phone, yzm: code }, p.cookie)).body).toEqual({ errcode: '01', errmsg: '验证码已使用，请重新获取' });
  });

  it('only the profile phone gets a code', async () => {
    const p = await person('aq-phone');
    const other = await callHall(hall, contract.phongQueryYzm, { qlrphone: '13900001111' }, p.cookie);
    expect(other.status).toBe(403);
    expect(other.body.errmsg).toBe('手机号须与个人信息中的手机号一致，请先在个人信息中修改');
  });
});

describe('the order code → face check → request is enforced (part 3 §4)', () => {
  it('no code: refused', async () => {
    const p = await person('aq-order-none');
    const { status, body } = await callHall(hall, contract.sentquerycert, requestBody(p), p.cookie);
    expect(status).toBe(403);
    expect(body).toEqual({ errcode: '01', errmsg: '请先获取并输入动态验证码，校验通过后再查询' });
    expect((await callHall(hall, contract.querycertrecord, {}, p.cookie)).body.data).toEqual([]);
  });

  it('a code but no face check, or a failed one: refused; after a pass: recorded once', async () => {
    const p = await person('aq-order-face');
    const bsm = await checkedCode(p);
    const early = await callHall(hall, contract.sentquerycert, requestBody(p), p.cookie);
    expect(early.status).toBe(403);
    expect(early.body.errmsg).toBe('请先完成人脸识别认证，认证通过后再提交查档申请');
    await faceCheck(p, bsm, 'fail');
    expect((await callHall(hall, contract.sentquerycert, requestBody(p), p.cookie)).body.errmsg).toBe('请先完成人脸识别认证，认证通过后再提交查档申请');
    // A face check of another business serial does not count either.
    await faceCheck(p, 'DZZZ-OTHER-SERIAL');
    expect((await callHall(hall, contract.sentquerycert, requestBody(p), p.cookie)).body.errmsg).toBe('请先完成人脸识别认证，认证通过后再提交查档申请');

    await faceCheck(p, bsm);
    const done = await callHall(hall, contract.sentquerycert, requestBody(p), p.cookie);
    expect(done.body).toMatchObject({ errcode: '00', errmsg: '结果已提交，请耐心等待' });
    // The step opens one request only.
    const again = await callHall(hall, contract.sentquerycert, requestBody(p), p.cookie);
    expect(again.status).toBe(403);
    expect(again.body.errmsg).toBe('动态验证码校验已失效，请重新获取验证码');
    expect((await callHall(hall, contract.querycertrecord, {}, p.cookie)).body.data).toHaveLength(1);
  });

  it("another citizen's name or ID is refused even after both checks", async () => {
    const p = await person('aq-not-own');
    await faceCheck(p, await checkedCode(p));
    const { status, body } = await callHall(hall, contract.sentquerycert, requestBody(p, { qlrname: '李四', qlrcode: '130403199001014561' }), p.cookie);
    expect(status).toBe(403);
    expect(body.errmsg).toBe('姓名和身份证号须与个人信息一致');
  });

  it('a step of another session of the same citizen does not count', async () => {
    const p = await person('aq-session');
    await faceCheck(p, await checkedCode(p));
    const secondSession = await hall.login(p.openid);
    expect((await callHall(hall, contract.sentquerycert, requestBody(p), secondSession)).body.errmsg).toBe('请先获取并输入动态验证码，校验通过后再查询');
  });
});

describe('records and the certificate', () => {
  it('a request is 未返回 until resolved, then 20 with the properties and a PNG certificate and a PDF titled 查档证明', async () => {
    const p = await person('aq-found');
    const { certId, sqdh } = await requestQuery(p);
    expect(sqdh).toMatch(/^CD\d{8}\d{6,}$/);
    const pending = (await callHall(hall, contract.querycertrecord, {}, p.cookie)).body.data as Array<{ certId: string; state: number }>;
    expect(pending).toEqual([expect.objectContaining({ certId, sqdh, qlrname: '张三', state: 0 })]);
    const early = await callHall(hall, contract.getCatchCert, { cerId: certId, ismobel: 'true', openid: p.openid }, p.cookie);
    expect(early.status).toBe(400);
    expect(early.body.errmsg).toBe('查档结果尚未返回，请稍后刷新查看');

    await resolvePendingRecords(hall.app.hall);
    const detail = await callHall(hall, contract.getRecord, { certId, openid: p.openid }, p.cookie);
    expect(detail.body).toMatchObject({ errcode: '00', data: { certId, state: 20, qlrcode: OWNER.idcard } });
    const properties = detail.body.data!.properties;
    expect(properties.map((x) => x.bdcqzh)).toContain(OWNER.qzh);
    expect(properties.map((x) => x.bdcqzh)).toContain('新(2024)第六师不动产权第0001234号');
    expect(properties.find((x) => x.bdcqzh === OWNER.qzh)?.dyxx).toBe('中国建设银行邯郸分行（60万元）');

    const image = await callHall(hall, contract.getCatchCert, { cerId: certId, ismobel: 'true', openid: p.openid }, p.cookie);
    const imagedata = image.body.data!.imagedata;
    expect(imagedata.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(imagedata.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    expect(width).toBeGreaterThan(900);
    // Not a blank page: the pixels hold ink (the title's red) as well as white.
    const idat = png.indexOf('IDAT');
    const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    expect(raw.length).toBe(height * (width * 3 + 1));
    expect(raw.some((byte, i) => i % (width * 3 + 1) !== 0 && byte < 100)).toBe(true);

    const pdfPath = await callHall(hall, contract.createpdf, { certId }, p.cookie);
    expect(pdfPath.body).toEqual({ errcode: '00', data: { path: `/online/public/search/createpdf1?certId=${certId}` } });
    const pdf = await hall.app.inject({ method: 'GET', url: `/online/public/search/createpdf1?certId=${certId}`, headers: { cookie: p.cookie } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const document = await PDFDocument.load(pdf.rawPayload);
    expect(document.getTitle()).toBe('查档证明');
    expect(document.getSubject()).toContain(`${sqdh}；张三；${OWNER.qzh}`);

    const print = await callHall(hall, contract.getCatchcertex, { certId }, p.cookie);
    expect(print.body).toMatchObject({ errcode: '00', data: { qlrmc: '张三', sqdh, mbmc: '查档证明' } });

    const records = await callHall(hall, contract.getqueryRecordWx, { id: certId, openid: p.openid, bdcqzh: OWNER.qzh }, p.cookie);
    expect(records.body).toMatchObject({ state: 1, data: { records: [expect.objectContaining({ bdcqzh: OWNER.qzh, bdcdyh: OWNER.bdcdyh })] } });
  });

  it('nobody registered: 21, still returned, with a certificate saying so', async () => {
    const p = await person('aq-none', { name: '赵敏', idcard: idNumber('11010519900307002') });
    const { certId } = await requestQuery(p);
    await resolvePendingRecords(hall.app.hall);
    const list = (await callHall(hall, contract.querycertrecord, {}, p.cookie)).body.data as Array<{ state: number; state_msg: string }>;
    expect(list[0]).toMatchObject({ state: 21, state_msg: '未查询到不动产登记记录' });
    const image = await callHall(hall, contract.getCatchCert, { cerId: certId, ismobel: 'true' }, p.cookie);
    expect(image.body.errcode).toBe('00');
    const print = await callHall(hall, contract.getCatchcertex, { certId }, p.cookie);
    expect(print.body.data!.jg).toBe('经查询，未发现申请人名下有不动产登记记录。');
  });

  it('getCertRecord finds a request by its acceptance number; an unknown number finds nothing', async () => {
    const p = await person('aq-search');
    const { sqdh } = await requestQuery(p);
    const hit = await callHall(hall, contract.getCertRecord, { code: sqdh.toLowerCase() }, p.cookie);
    expect(hit.body.data!.data.map((r) => r.sqdh)).toEqual([sqdh]);
    const miss = await callHall(hall, contract.getCertRecord, { code: 'CD20000101999999' }, p.cookie);
    expect(miss.body).toEqual({ errcode: '00', data: { data: [] } });
    const all = await callHall(hall, contract.getCertRecord, {}, p.cookie);
    expect(all.body.data!.data.length).toBeGreaterThanOrEqual(1);
  });

  it("a second citizen cannot read the first one's records, certificate image or PDF", async () => {
    const owner = await person('aq-owner');
    const { certId, sqdh } = await requestQuery(owner);
    await resolvePendingRecords(hall.app.hall);
    const other = await person('aq-other', { name: '李四', idcard: '130403199001014561' });
    expect((await callHall(hall, contract.querycertrecord, {}, other.cookie)).body.data).toEqual([]);
    expect((await callHall(hall, contract.getCertRecord, { code: sqdh }, other.cookie)).body).toEqual({ errcode: '00', data: { data: [] } });
    for (const [path, body] of [
      [RECORD, { certId }],
      [IMAGE, { cerId: certId, ismobel: 'true' }],
      ['/online/wx/apilist/getCatchcertex', { certId }],
      ['/online/wx/apilist/createpdf', { certId }],
      ['/online/public/search/getqueryRecordWx', { id: certId }],
    ] as const) {
      const { status, body: reply } = await hall.post(path, body, other.cookie);
      expect(status, path).toBe(404);
      expect(JSON.stringify(reply)).not.toContain('张三');
    }
    const pdf = await hall.app.inject({ method: 'GET', url: `/online/public/search/createpdf1?certId=${certId}`, headers: { cookie: other.cookie } });
    expect(pdf.statusCode).toBe(404);
    // A payload naming the owner's openid is refused outright.
    expect((await callHall(hall, contract.getCatchCert, { cerId: certId, ismobel: 'true', openid: owner.openid }, other.cookie)).status).toBe(403);
  });

  it('a request left pending by a closed app is returned by a new app on the same database', async () => {
    const p = await person('aq-restart');
    const { certId } = await requestQuery(p);
    const connection = connectDatabase(hall.databaseUrl, 3);
    const context = await createContext({ env: hall.env, db: connection.db, pool: connection.pool, filesDir: hall.filesDir });
    const app = await buildApp(context);
    await app.ready();
    try {
      await resolvePendingRecords(context);
      const reply = await app.inject({ method: 'POST', url: RECORD, payload: { certId }, headers: { cookie: p.cookie } });
      expect(reply.json()).toMatchObject({ errcode: '00', data: { certId, state: 20 } });
    } finally {
      await app.close();
      await connection.close();
    }
  });
});

describe('relationfilesearch (selecttype 8)', () => {
  it("finds the citizen's own certificate by number; another's or an unknown number is refused", async () => {
    const p = await person('aq-relation');
    const found = await callHall(hall, contract.relationfilesearch, { openid: p.openid, bdcqzh: OWNER.qzh, card: OWNER.idcard, name: OWNER.name, selecttype: 8 }, p.cookie);
    expect(found.body).toMatchObject({ state: 1, data: { bdcqzh: OWNER.qzh, bdcdyh: OWNER.bdcdyh, qlr: '张三' } });
    const missing = await callHall(hall, contract.relationfilesearch, { bdcqzh: '冀(2020)邯郸市不动产权第9999999号', card: OWNER.idcard, name: OWNER.name, selecttype: 8 }, p.cookie);
    expect(missing.body).toEqual({ state: 0, msg: '未查询到该证书信息，请核对后重新查询', errmsg: '未查询到该证书信息，请核对后重新查询' });
    const foreign = await callHall(hall, contract.relationfilesearch, { bdcqzh: '冀(2024)邯郸市不动产权第0023456号', card: '130403199001014561', name: '李四', selecttype: 8 }, p.cookie);
    expect(foreign.status).toBe(403);
  });
});
