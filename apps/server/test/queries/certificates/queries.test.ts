import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { buildApp } from '../../../src/app';
import { connectDatabase } from '../../../src/db/client';
import { queryRecords, storedFiles } from '../../../src/db/schema';
import { createContext } from '../../../src/hall';
import { resolvePendingRecords } from '../../../src/services/queries/fulfilment/query-resolver';
import { createTestHall, type TestHall } from '../../hall';
import { rowById } from '../../rows';
import { OWNER, citizenWithProfile, citizenFilesIn, queryForm } from '../../query-helpers';
import { callHall, refusalOf } from '../../call';
import { contract } from '@hall/api/internal';

let hall: TestHall;
let owner: string;
let stranger: string;
beforeAll(async () => {
  // The background loop is off here so each test decides when records are resolved.
  hall = await createTestHall({ HALL_QUERY_POLL_MS: 0 });
  owner = await citizenWithProfile(hall, 'zs-owner', OWNER);
  stranger = await citizenWithProfile(hall, 'zs-stranger', { name: '李四', idcard: '130403199001014561' });
});
afterAll(() => hall.close());

async function records(path: string, cookie: string) {
  const { body } = await hall.post(path, {}, cookie);
  expect(body.state).toBe(true);
  return body.data as Array<{ ID: string; searchtime: string; state: number; state_msg: string }>;
}

async function submit(path: '/online/query/wx/zsquery' | '/online/query/wx/dzzzquery', cookie: string, form = queryForm()) {
  const { status, body } = await hall.post(path, form, cookie);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.state).toBe(true);
  return (body.data as { ID: string }).ID;
}

describe('zsqueryPage (certificateCity)', () => {
  it('answers data.xzqs with xzqMc and xzqBm from the query cities', async () => {
    const response = await hall.app.inject({ method: 'GET', url: '/online/query/wx/zsqueryPage?openid=zs-owner' });
    const body = response.json() as { errcode: string; data: { xzqs: Array<{ xzqMc: string; xzqBm: string }> } };
    expect(body.errcode).toBe('00');
    expect(body.data.xzqs[0]).toEqual({ xzqMc: '邯郸市', xzqBm: '130400' });
    expect(body.data.xzqs.map((c) => c.xzqBm)).toContain('130403');
  });
});

describe('zsquery (certificateSearch)', () => {
  it.each([
    [{ username: '', zjh: '', qzh: '', xzqmc: '' }, '请填入内容'],
    [{ qzh: undefined }, '请填入内容'],
    [{ username: '   ' }, '没有输入姓名!'],
    [{ zjh: '13040219850315' }, '身份证格式有误!'],
    [{ zjh: '13040219850315123Y' }, '身份证格式有误!'],
    [{ qzh: '   ' }, '请输入权证号!'],
  ])('refuses %j with its message and writes no record', async (overrides, message) => {
    const { status, body } = await callHall(hall, contract.certificateSearch, queryForm(overrides), owner);
    expect(status).toBe(400);
    expect(body).toMatchObject({ state: 0, errmsg: message });
    expect(await hall.connection.db.select().from(queryRecords).where(eq(queryRecords.openid, 'zs-owner'))).toHaveLength(0);
  });

  it('refuses a city the hall does not offer', async () => {
    const { status, body } = await callHall(hall, contract.certificateSearch, queryForm({ xzqdm: '110000', xzqmc: '北京市' }), owner);
    expect(status).toBe(400);
    expect(body.errmsg).toBe('所选城市不在查询范围内，请重新选择');
  });

  it("refuses someone else's name or ID number: only the profile's own may be queried", async () => {
    for (const overrides of [{ username: '李四' }, { zjh: '130403199001014561' }]) {
      const { status, body } = await callHall(hall, contract.certificateSearch, queryForm(overrides), owner);
      expect(status).toBe(403);
      expect(body.errmsg).toBe('只能查询本人名下的不动产，姓名和身份证号须与个人信息一致');
    }
  });

  it('asks for a profile first when the user has none', async () => {
    const bare = await hall.login('zs-bare');
    const { status, body } = await callHall(hall, contract.certificateSearch, queryForm(), bare);
    expect(status).toBe(403);
    expect(body).toMatchObject({ state: 0, errmsg: '请完善用户信息', errcode: '1' });
  });

  it("refuses a payload openid that is not the session's", async () => {
    const { status, body } = await callHall(hall, contract.certificateSearch, queryForm({ openid: 'zs-stranger' }), owner);
    expect(status).toBe(403);
    expect(body.state).toBe(0);
  });

  it('refuses malformed input with a 4xx and a Chinese message', async () => {
    const wrongType = await hall.post('/online/query/wx/zsquery', { ...queryForm(), qzh: { $ne: '' } }, owner);
    expect(wrongType.status).toBe(400);
    expect(String(wrongType.body.errmsg)).toMatch(/[\u4e00-\u9fa5]/);
    const tooLong = await hall.post('/online/query/wx/zsquery', queryForm({ qzh: 'x'.repeat(500) }), owner);
    expect(tooLong.status).toBe(400);
    const broken = await hall.app.inject({ method: 'POST', url: '/online/query/wx/zsquery', payload: '{"username":', headers: { cookie: owner, 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(refusalOf(broken).errmsg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('needs a session', async () => {
    expect((await callHall(hall, contract.certificateSearch, queryForm())).body.status).toBe(-1);
  });

  it('a certificate in the registry: state 0, then 20 after a resolver pass, with a PDF that opens', async () => {
    const id = await submit('/online/query/wx/zsquery', owner, queryForm({ zjh: OWNER.idcard.toLowerCase() }));
    let list = await records('/online/wx/apilist/getZsRecord', owner);
    expect(list[0]).toMatchObject({ ID: id, state: 0, state_msg: '查询中' });
    expect(list[0]!.searchtime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect(await resolvePendingRecords(hall.app.hall)).toBeGreaterThanOrEqual(1);
    list = await records('/online/wx/apilist/getZsRecord', owner);
    expect(list[0]).toMatchObject({ ID: id, state: 20 });

    const pdf = await hall.app.inject({ method: 'POST', url: '/online/wx/apilist/getDzzzPdf', payload: { id }, headers: { cookie: owner } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('不动产权属证明');
    expect(doc.getSubject()).toContain(OWNER.qzh);
    expect(doc.getSubject()).toContain('130402********1231');
    expect(doc.getSubject()).not.toContain(OWNER.idcard);

    const preview = await hall.app.inject({ method: 'GET', url: `/online/public/dzzz/signature/preview?id=${id}`, headers: { cookie: owner } });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.rawPayload.equals(pdf.rawPayload)).toBe(true);

    const row = await rowById(hall, queryRecords, id);
    expect(row!.result).toMatchObject({ qzh: OWNER.qzh, qlr: OWNER.name, bdcdyh: OWNER.bdcdyh, zjh: '130402********1231' });
    const [file] = await hall.connection.db.select().from(storedFiles).where(eq(storedFiles.id, row!.fileId!));
    expect(file).toMatchObject({ openid: 'zs-owner', mime: 'application/pdf', size: pdf.rawPayload.length });

    const detail = await hall.app.inject({ method: 'GET', url: `/online/public/verify/verifyquery?code=${id}&dyid=${OWNER.bdcdyh}`, headers: { cookie: owner } });
    expect(detail.json()).toMatchObject({ state: true, data: { ID: id, kind: 'zs', state: 20, preview: `/online/public/dzzz/signature/preview?id=${id}` } });
    const wrongUnit = await hall.app.inject({ method: 'GET', url: `/online/public/verify/verifyquery?code=${id}&dyid=nope`, headers: { cookie: owner } });
    expect(wrongUnit.statusCode).toBe(404);

    const byId = await hall.app.inject({ method: 'GET', url: `/online/public/search/downpdf?path=${encodeURIComponent(file!.id)}`, headers: { cookie: owner } });
    expect(byId.statusCode).toBe(200);
    expect(byId.rawPayload.equals(pdf.rawPayload)).toBe(true);
    const byKey = await hall.app.inject({ method: 'GET', url: `/online/public/search/downpdf?path=${encodeURIComponent(file!.storageKey)}`, headers: { cookie: owner } });
    expect(byKey.statusCode).toBe(200);
  });

  it('a certificate the registry does not know: 21 未查到 and no file', async () => {
    const id = await submit('/online/query/wx/zsquery', owner, queryForm({ qzh: '冀(2020)邯郸市不动产权第9999999号' }));
    await resolvePendingRecords(hall.app.hall);
    const list = await records('/online/wx/apilist/getZsRecord', owner);
    expect(list.find((r) => r.ID === id)).toMatchObject({ state: 21, state_msg: '未查到' });
    const pdf = await callHall(hall, contract.getDzzzPdf, { id }, owner);
    expect(pdf.status).toBe(400);
    expect(pdf.body.errmsg).toBe('查询结果尚未返回，暂无可查看的文件');
  });

  it('finds the certificate typed as a phone keyboard types it: full-width brackets, digits and spaces; the record says which certificate it was for', async () => {
    const fullWidth = (text: string) => text.replace(/[(0-9)]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));
    const typed = fullWidth(OWNER.qzh).replace('邯郸市', '　邯郸市 ');
    expect(typed).toContain('（２０２３）');
    const id = await submit('/online/query/wx/zsquery', owner, queryForm({ qzh: typed, zjh: fullWidth(OWNER.idcard) }));
    await resolvePendingRecords(hall.app.hall);
    const list = await records('/online/wx/apilist/getZsRecord', owner);
    expect(list.find((r) => r.ID === id)).toMatchObject({ state: 20, qzh: OWNER.qzh });
  });

  it('a pending record has no PDF yet', async () => {
    const id = await submit('/online/query/wx/zsquery', owner);
    const pdf = await callHall(hall, contract.getDzzzPdf, { id }, owner);
    expect(pdf.status).toBe(400);
    await resolvePendingRecords(hall.app.hall);
  });

  it('lists newest first', async () => {
    const first = await submit('/online/query/wx/zsquery', owner);
    const second = await submit('/online/query/wx/zsquery', owner);
    const list = await records('/online/wx/apilist/getZsRecord', owner);
    expect(list.findIndex((r) => r.ID === second)).toBeLessThan(list.findIndex((r) => r.ID === first));
    await resolvePendingRecords(hall.app.hall);
  });
});

describe('dzzzquery (dzzzcertificateSearch)', () => {
  it('is refused for a user who is not real-name verified', async () => {
    const unverified = await citizenWithProfile(hall, 'dzzz-unverified', { ...OWNER, verified: false });
    const { status, body } = await callHall(hall, contract.dzzzcertificateSearch, queryForm(), unverified);
    expect(status).toBe(403);
    expect(body.errmsg).toBe('您未实名认证，请实名认证后再办理业务');
    expect(await hall.connection.db.select().from(queryRecords).where(eq(queryRecords.openid, 'dzzz-unverified'))).toHaveLength(0);
    // Nor does the certificate proof go to an unverified account that types someone's name and ID number.
    const proof = await callHall(hall, contract.certificateSearch, queryForm(), unverified);
    expect(proof).toMatchObject({ status: 403, body: { errmsg: '您未实名认证，请实名认证后再办理业务', errcode: '3' } });
    expect(await hall.connection.db.select().from(queryRecords).where(eq(queryRecords.openid, 'dzzz-unverified'))).toHaveLength(0);
  });

  it('applies the same messages', async () => {
    const { body } = await callHall(hall, contract.dzzzcertificateSearch, queryForm({ qzh: '  ' }), owner);
    expect(body.errmsg).toBe('请输入权证号!');
  });

  it('resolves to 20 with an electronic-licence PDF, listed under dzzzRecord only', async () => {
    const id = await submit('/online/query/wx/dzzzquery', owner);
    expect((await records('/online/wx/apilist/dzzzRecord', owner))[0]).toMatchObject({ ID: id, state: 0 });
    await resolvePendingRecords(hall.app.hall);
    expect((await records('/online/wx/apilist/dzzzRecord', owner))[0]).toMatchObject({ ID: id, state: 20 });
    expect((await records('/online/wx/apilist/getZsRecord', owner)).some((r) => r.ID === id)).toBe(false);
    const pdf = await hall.app.inject({ method: 'POST', url: '/online/wx/apilist/getDzzzPdf', payload: { id }, headers: { cookie: owner } });
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getTitle()).toBe('电子证照');
  });
});

describe("another citizen's records and files", () => {
  let recordId: string;
  let fileId: string;
  let storageKey: string;
  beforeAll(async () => {
    recordId = await submit('/online/query/wx/dzzzquery', owner);
    await resolvePendingRecords(hall.app.hall);
    const row = await rowById(hall, queryRecords, recordId);
    fileId = row!.fileId!;
    const [file] = await hall.connection.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    storageKey = file!.storageKey;
  });

  it('cannot list them', async () => {
    for (const path of ['/online/wx/apilist/getZsRecord', '/online/wx/apilist/dzzzRecord', '/online/wx/apilist/dzzzVerification']) {
      expect(await records(path, stranger)).toEqual([]);
    }
  });

  it('cannot read, preview or download them: 404 with a Chinese message, never the file', async () => {
    const attempts = [
      hall.app.inject({ method: 'POST', url: '/online/wx/apilist/getDzzzPdf', payload: { id: recordId }, headers: { cookie: stranger } }),
      hall.app.inject({ method: 'GET', url: `/online/public/dzzz/signature/preview?id=${recordId}`, headers: { cookie: stranger } }),
      hall.app.inject({ method: 'GET', url: `/online/public/verify/verifyquery?code=${recordId}`, headers: { cookie: stranger } }),
      hall.app.inject({ method: 'GET', url: `/online/public/search/downpdf?path=${encodeURIComponent(fileId)}`, headers: { cookie: stranger } }),
      hall.app.inject({ method: 'GET', url: `/online/public/search/downpdf?path=${encodeURIComponent(storageKey)}`, headers: { cookie: stranger } }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(refusalOf(response).errmsg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('cannot do it with the owner as payload openid either', async () => {
    const { status } = await callHall(hall, contract.getDzzzPdf, { id: recordId, openid: 'zs-owner' }, stranger);
    expect(status).toBe(403);
  });

  it('without a session the previews answer session-lost', async () => {
    const response = await hall.app.inject({ method: 'GET', url: `/online/public/dzzz/signature/preview?id=${recordId}` });
    expect(response.statusCode).toBe(401);
    expect(refusalOf(response).status).toBe(-1);
  });
});

describe('downpdf path rules', () => {
  it.each(['../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '/etc/passwd', 'C:\\Windows\\win.ini', '202601/../../x', '%2e%2e/secret'])('refuses %s with a 4xx and a Chinese message', async (path) => {
    const response = await hall.app.inject({ method: 'GET', url: `/online/public/search/downpdf?path=${encodeURIComponent(path)}`, headers: { cookie: owner } });
    expect(response.statusCode).toBe(400);
    expect(refusalOf(response).errmsg).toBe('文件路径不正确');
  });

  it('answers 404 for a path that names no file of the caller', async () => {
    const response = await hall.app.inject({ method: 'GET', url: '/online/public/search/downpdf?path=202601%2FnoSuchFileAtAll0000', headers: { cookie: owner } });
    expect(response.statusCode).toBe(404);
    expect(refusalOf(response).errmsg).toBe('文件不存在或无权查看');
  });
});

describe('records survive a restart', () => {
  it('records left pending by a closed app are resolved by a new app on the same database and folder', async () => {
    const restartHall = await createTestHall({ HALL_QUERY_POLL_MS: 0 });
    try {
      const cookie = await citizenWithProfile(restartHall, 'restart-owner', OWNER);
      const found = (await callHall(restartHall, contract.certificateSearch, queryForm(), cookie)).body.data!;
      const missing = (await callHall(restartHall, contract.certificateSearch, queryForm({ qzh: '不存在的证号' }), cookie)).body.data!;
      await restartHall.app.close();

      const connection = connectDatabase(restartHall.databaseUrl, 3);
      const context = await createContext({ env: restartHall.env, db: connection.db, pool: connection.pool, filesDir: restartHall.filesDir });
      const app = await buildApp(context);
      await app.ready();
      try {
        expect(await resolvePendingRecords(context)).toBe(2);
        const list = (await app.inject({ method: 'POST', url: '/online/wx/apilist/getZsRecord', payload: {}, headers: { cookie } })).json() as {
          data: Array<{ ID: string; state: number }>;
        };
        expect(list.data.find((r) => r.ID === found.ID)?.state).toBe(20);
        expect(list.data.find((r) => r.ID === missing.ID)?.state).toBe(21);
        const pdf = await app.inject({ method: 'POST', url: '/online/wx/apilist/getDzzzPdf', payload: { id: found.ID }, headers: { cookie } });
        expect(pdf.statusCode).toBe(200);
        expect(await citizenFilesIn(restartHall)).toHaveLength(1);
      } finally {
        await app.close();
        await connection.close();
      }
    } finally {
      await restartHall.close();
    }
  });
});

describe('the background resolver', () => {
  it('started with the app, resolves a submitted query by itself and stops with the app', async () => {
    const loopHall = await createTestHall({ HALL_QUERY_POLL_MS: 50 });
    try {
      const cookie = await citizenWithProfile(loopHall, 'loop-owner', OWNER);
      const { body } = await callHall(loopHall, contract.certificateSearch, queryForm(), cookie);
      const id = body.data!.ID;
      const deadline = Date.now() + 10_000;
      let state = 0;
      while (Date.now() < deadline) {
        const list = (await callHall(loopHall, contract.getZsRecord, {}, cookie)).body.data as Array<{ ID: string; state: number }>;
        state = list.find((r) => r.ID === id)!.state;
        if (state !== 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(state).toBe(20);
    } finally {
      await loopHall.close();
    }
  });
});

describe('concurrent resolvers', () => {
  it('several passes at once resolve each record exactly once', async () => {
    const busy = await citizenWithProfile(hall, 'zs-busy', OWNER);
    const ids = await Promise.all(Array.from({ length: 6 }, () => submit('/online/query/wx/zsquery', busy)));
    const counts = await Promise.all([resolvePendingRecords(hall.app.hall), resolvePendingRecords(hall.app.hall), resolvePendingRecords(hall.app.hall)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(ids.length);
    const rows = await hall.connection.db.select().from(queryRecords).where(eq(queryRecords.openid, 'zs-busy'));
    for (const id of ids) expect(rows.find((r) => String(r.id) === id)).toMatchObject({ state: 20, attempts: 1 });
    const files = await hall.connection.db.select().from(storedFiles).where(eq(storedFiles.openid, 'zs-busy'));
    expect(new Set(files.map((f) => f.id)).size).toBe(files.length);
    expect(files).toHaveLength(ids.length);
  });
});
