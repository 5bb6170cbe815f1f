import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { PDFDocument } from 'pdf-lib';
import {
  FULFILMENT_ALREADY_ANSWERED,
  FULFILMENT_UPLOAD_MAX_BYTES,
  FULFILMENT_UPLOAD_NOT_PDF,
  FULFILMENT_UPLOAD_TOO_LARGE,
  FULFILMENT_UPLOAD_UNREADABLE,
  FULFILMENT_WRONG_ANSWER,
  type FulfilmentItem,
} from '@hall/api/internal';
import { auditTrail, queryRecords, storedFiles } from '../../../src/db/schema';
import { resolvePendingRecords } from '../../../src/services/queries/fulfilment/query-resolver';
import { createTestHall, PRODUCTION_ENV, type TestHall } from '../../hall';
import { flateBombPdf, whileProbingHealth } from '../../hostile-pdf';
import { auditedChanges, rowById } from '../../rows';
import { citizenFilesIn, citizenWithProfile, multipartBody, OWNER, queryForm, samplePdf } from '../../query-helpers';
import { callHall, refusalOf } from '../../call';
import { contract } from '@hall/api/internal';

const LIST = '/online/admin/api/fulfilment/list';
const GET = '/online/admin/api/fulfilment/get';
const ANSWER = '/online/admin/api/fulfilment/answer';
const UPLOAD = '/online/admin/api/fulfilment/upload';

/** A certificate number no registry knows: the query waits for an operator. */
const UNKNOWN_QZH = '冀(2024)邯郸市不动产权第0099999号';
const ENTERED = { qzh: UNKNOWN_QZH, bdcdyh: '130402001001GB00009F00010009', zl: '邯郸市丛台区中华北大街9号1-2-301', yt: '住宅', mj: '96.50' };

let hall: TestHall;
let citizen: string;
let counter: string;
beforeAll(async () => {
  // A demo hall with the demo registry off: queries wait for operators as in production. The resolver runs only when a test says.
  hall = await createTestHall({ HALL_DEMO_REGISTRY: 'off', HALL_QUERY_POLL_MS: 0 });
  citizen = await citizenWithProfile(hall, 'fulfil-owner', OWNER);
  counter = await hall.operator('counter');
});
afterAll(() => hall.close());

async function askCertificate(h: TestHall, cookie: string, path = '/online/query/wx/zsquery'): Promise<string> {
  const { status, body } = await h.post(path, queryForm({ qzh: UNKNOWN_QZH }), cookie);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body.data as { ID: string }).ID;
}

async function queue(h = hall, cookie = counter): Promise<FulfilmentItem[]> {
  const { status, body } = await callHall(h, contract.listFulfilmentQueue, {}, cookie);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data!.items;
}

const rowOf = async (id: string, h = hall) => (await rowById(h, queryRecords, id))!;
const auditOf = async (id: string, h = hall) =>
  h.connection.db
    .select()
    .from(auditTrail)
    .where(eq(auditTrail.target, `query:${id}`));

function upload(id: string, content: Buffer, cookie = counter, filename = 'proof.pdf') {
  const { body, contentType } = multipartBody([
    { name: 'id', value: id },
    { name: 'Filedata', filename, content },
  ]);
  return hall.app.inject({ method: 'POST', url: UPLOAD, payload: body, headers: { 'content-type': contentType, cookie } });
}

/** The citizen's record as their certificate list shows it, and the PDF they open. */
async function citizenOpens(h: TestHall, cookie: string, id: string) {
  const list = await callHall(h, contract.getZsRecord, {}, cookie);
  const item = (list.body.data as Array<{ ID: string; state: number; state_msg: string }>).find((entry) => entry.ID === id)!;
  const preview = await h.app.inject({ method: 'GET', url: `/online/public/dzzz/signature/preview?id=${id}`, headers: { cookie } });
  return { item, preview };
}

async function verdictOf(h: TestHall, pdf: Buffer): Promise<string> {
  const { outcome } = await h.app.hall.pdfVerifier.verify(async () => Readable.from([pdf]), pdf.length);
  return outcome.ok ? outcome.verification.verdict : `failed:${outcome.failure}`;
}

describe('who may fulfil', () => {
  it('refuses every call to a citizen (401) and to an operator without the 窗口人员 role (403), and changes nothing', async () => {
    const id = await askCertificate(hall, citizen);
    const reviewer = await hall.operator('reviewer');
    const before = await auditedChanges(hall);
    for (const [path, payload] of [
      [LIST, {}],
      [GET, { id }],
      [ANSWER, { id, answer: { type: 'notFound' } }],
    ] as const) {
      expect((await hall.post(path, payload, citizen)).status, path).toBe(401);
      expect((await hall.post(path, payload)).status, path).toBe(401);
      expect((await hall.post(path, payload, reviewer)).status, path).toBe(403);
    }
    const pdf = await samplePdf();
    expect((await upload(id, pdf, citizen)).statusCode).toBe(401);
    expect((await upload(id, pdf, reviewer)).statusCode).toBe(403);
    expect(await rowOf(id)).toMatchObject({ state: 0, fileId: null });
    expect(await auditedChanges(hall)).toBe(before);
  });
});

describe('the queue', () => {
  it('lists pending queries oldest first with who asked (masked) and for what; the resolver leaves them alone', async () => {
    const first = await askCertificate(hall, citizen);
    const second = await askCertificate(hall, citizen, '/online/query/wx/dzzzquery');
    await resolvePendingRecords(hall.app.hall);
    expect((await rowOf(first)).state).toBe(0);
    const items = await queue();
    const ids = items.map((item) => item.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    const item = items.find((entry) => entry.id === second)!;
    expect(item).toMatchObject({ kind: 'dzzz', kindLabel: '电子证照查询', citizenName: OWNER.name, citizenIdcard: '130402********1231', attempts: 0 });
    expect(item.asked).toEqual(
      expect.arrayContaining([
        { label: '权利人', value: OWNER.name },
        { label: '身份证号', value: '130402********1231' },
        { label: '不动产权证号', value: UNKNOWN_QZH },
      ]),
    );
    expect(JSON.stringify(items)).not.toContain(OWNER.idcard);
    const { body } = await callHall(hall, contract.getFulfilmentRecord, { id: first }, counter);
    expect(body.data).toMatchObject({ id: first, kind: 'zs', state: 0, pending: true, ownerName: OWNER.name, ownerIdcard: '130402********1231', qzh: UNKNOWN_QZH });
    expect((await callHall(hall, contract.getFulfilmentRecord, { id: '987654321' }, counter)).status).toBe(404);
  });

  it('in a hall whose registry answers, shows only the records it failed to answer', async () => {
    const demo = await createTestHall({ HALL_QUERY_POLL_MS: 0 });
    try {
      const cookie = await citizenWithProfile(demo, 'fulfil-demo', OWNER);
      const operator = await demo.operator('counter');
      const fresh = await askCertificate(demo, cookie);
      const failed = await askCertificate(demo, cookie);
      await demo.connection.db
        .update(queryRecords)
        .set({ attempts: 2 })
        .where(eq(queryRecords.id, Number(failed)));
      const ids = (await queue(demo, operator)).map((item) => item.id);
      expect(ids).toContain(failed);
      expect(ids).not.toContain(fresh);
    } finally {
      await demo.close();
    }
  });
});

describe('answering', () => {
  it('with entered data: the record is 20, the citizen opens the hall-signed proof, and the answer is audited', async () => {
    const id = await askCertificate(hall, citizen);
    const { status, body } = await callHall(hall, contract.answerFulfilmentRecord, { id, answer: { type: 'certificate', certificate: ENTERED } }, counter);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ id, state: 20, pending: false });
    expect((await queue()).map((item) => item.id)).not.toContain(id);

    const { item, preview } = await citizenOpens(hall, citizen, id);
    expect(item).toMatchObject({ state: 20, state_msg: '查询成功' });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(preview.rawPayload);
    expect(doc.getTitle()).toBe('不动产权属证明');
    expect(doc.getSubject()).toContain(ENTERED.zl);
    expect(doc.getSubject()).toContain(OWNER.name);
    expect(doc.getSubject()).toContain('130402********1231');
    expect(await verdictOf(hall, preview.rawPayload)).toBe('valid');

    const row = await rowOf(id);
    expect(row.result).toMatchObject({ qzh: UNKNOWN_QZH, bdcdyh: ENTERED.bdcdyh, qlr: OWNER.name, zjh: '130402********1231' });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'query.fulfil', operatorName: 'counter', before: { state: 0 }, after: { state: 20, answer: 'certificate', fileId: row.fileId } });
  });

  it('refuses a certificate with blank lines and changes nothing', async () => {
    const id = await askCertificate(hall, citizen);
    const { status, body } = await callHall(hall, contract.answerFulfilmentRecord, { id, answer: { type: 'certificate', certificate: { ...ENTERED, zl: '  ' } } }, counter);
    expect(status).toBe(400);
    expect(body.errmsg).toContain('请填写完整');
    expect(await rowOf(id)).toMatchObject({ state: 0, fileId: null });
    expect(await auditOf(id)).toHaveLength(0);
  });

  it('with 未查到: the record is 21 with the spec text and has no document', async () => {
    const id = await askCertificate(hall, citizen);
    expect((await callHall(hall, contract.answerFulfilmentRecord, { id, answer: { type: 'notFound' } }, counter)).status).toBe(200);
    const { item, preview } = await citizenOpens(hall, citizen, id);
    expect(item).toMatchObject({ state: 21, state_msg: '未查到' });
    expect(preview.statusCode).toBe(400);
    expect((await auditOf(id))[0]).toMatchObject({ after: { state: 21, answer: 'notFound' } });
    // Answered once, it is not answered again.
    const again = await callHall(hall, contract.answerFulfilmentRecord, { id, answer: { type: 'certificate', certificate: ENTERED } }, counter);
    expect(again.status).toBe(409);
    expect(again.body.errmsg).toBe(FULFILMENT_ALREADY_ANSWERED);
  });

  it('with an uploaded PDF: the hall signs it and the citizen opens the signed file', async () => {
    const id = await askCertificate(hall, citizen);
    const original = await samplePdf();
    const response = await upload(id, original);
    expect(response.statusCode, response.body).toBe(200);
    const { item, preview } = await citizenOpens(hall, citizen, id);
    expect(item.state).toBe(20);
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.equals(original)).toBe(false);
    expect(await verdictOf(hall, preview.rawPayload)).toBe('valid');
    expect((await auditOf(id))[0]).toMatchObject({ action: 'query.fulfil', after: { state: 20, answer: 'upload' } });
  });

  it('refuses a hostile upload (not a PDF, a broken PDF, too big, no file) and nothing changes or stays in storage', async () => {
    const id = await askCertificate(hall, citizen);
    const filesBefore = await citizenFilesIn(hall);
    const cases: Array<[Buffer, string, string?]> = [
      [Buffer.from('MZ\x90\x00 this is an executable'), FULFILMENT_UPLOAD_NOT_PDF],
      [Buffer.from('<html><script>alert(1)</script></html>'), FULFILMENT_UPLOAD_NOT_PDF, 'proof.pdf'],
      [Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]), FULFILMENT_UPLOAD_UNREADABLE],
      [Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(FULFILMENT_UPLOAD_MAX_BYTES + 1, 0x20)]), FULFILMENT_UPLOAD_TOO_LARGE],
    ];
    for (const [content, message, filename] of cases) {
      const response = await upload(id, content, counter, filename);
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${message} ${response.body}`).toBeLessThan(500);
      expect(refusalOf(response).errmsg).toBe(message);
    }
    const noFile = await hall.app.inject({
      method: 'POST',
      url: UPLOAD,
      ...multipartPayload([{ name: 'id', value: id }]),
      headers: { ...multipartPayload([{ name: 'id', value: id }]).headers, cookie: counter },
    });
    expect(noFile.statusCode).toBe(400);
    expect(await rowOf(id)).toMatchObject({ state: 0, fileId: null });
    expect(await auditOf(id)).toHaveLength(0);
    expect(await citizenFilesIn(hall)).toEqual(filesBefore);
  });

  it('refuses a flate bomb (0.5 MB inflating to 512 MB) with the unreadable message while /healthz keeps answering; the record stays pending, nothing is stored', async () => {
    const id = await askCertificate(hall, citizen);
    const filesBefore = await citizenFilesIn(hall);
    const bomb = await flateBombPdf(512 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(FULFILMENT_UPLOAD_MAX_BYTES);
    const { result: response, probes, longestSilenceMs } = await whileProbingHealth(hall, () => upload(id, bomb));
    expect(probes).toBeGreaterThan(0);
    expect(longestSilenceMs).toBeLessThan(1000);
    expect(response.statusCode, response.body).toBe(400);
    expect(refusalOf(response).errmsg).toBe(FULFILMENT_UPLOAD_UNREADABLE);
    expect(await rowOf(id)).toMatchObject({ state: 0, fileId: null });
    expect(await auditOf(id)).toHaveLength(0);
    expect(await citizenFilesIn(hall)).toEqual(filesBefore);
  });

  it('refuses an upload to a record already answered, or of another kind, before reading the file: garbage gets the record’s refusal', async () => {
    const answered = await askCertificate(hall, citizen);
    expect((await callHall(hall, contract.answerFulfilmentRecord, { id: answered, answer: { type: 'notFound' } }, counter)).status).toBe(200);
    const [archive] = await hall.connection.db
      .insert(queryRecords)
      .values({ openid: 'fulfil-owner', kind: 'archive', params: { qlrname: OWNER.name, qlrcode: OWNER.idcard, xzqmc: '邯郸市', xzqdm: '130400' }, state: 0, stateMsg: '查询中' })
      .returning();
    const garbage = [Buffer.from('MZ\x90\x00 this is an executable'), Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)])];
    for (const content of garbage) {
      const late = await upload(answered, content);
      expect(late.statusCode, late.body).toBe(409);
      expect(refusalOf(late).errmsg).toBe(FULFILMENT_ALREADY_ANSWERED);
      const wrongKind = await upload(String(archive!.id), content);
      expect(wrongKind.statusCode, wrongKind.body).toBe(400);
      expect(refusalOf(wrongKind).errmsg).toBe(FULFILMENT_WRONG_ANSWER);
    }
    expect(await rowOf(answered)).toMatchObject({ state: 21, fileId: null });
    expect(await rowOf(String(archive!.id))).toMatchObject({ state: 0, fileId: null });
  });

  it('of two operators answering at once exactly one wins; the loser leaves no file behind', async () => {
    const id = await askCertificate(hall, citizen);
    const second = await hall.quickOperator('fulfil-second', ['counter']);
    const storedBefore = (await hall.connection.db.select().from(storedFiles)).length;
    const results = await Promise.all([
      callHall(hall, contract.answerFulfilmentRecord, { id, answer: { type: 'certificate', certificate: ENTERED } }, counter),
      callHall(hall, contract.answerFulfilmentRecord, { id, answer: { type: 'certificate', certificate: ENTERED } }, second),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(results.find((result) => result.status === 409)!.body.errmsg).toBe(FULFILMENT_ALREADY_ANSWERED);
    expect(await auditOf(id)).toHaveLength(1);
    expect((await hall.connection.db.select().from(storedFiles)).length).toBe(storedBefore + 1);
  });

  it('answers an archive request with the certificates entered, or 未查到, as the archive query shows them', async () => {
    const [found, none] = await hall.connection.db
      .insert(queryRecords)
      .values(
        [0, 1].map(() => ({
          openid: 'fulfil-owner',
          kind: 'archive',
          params: { qlrname: OWNER.name, qlrcode: OWNER.idcard, qlrphone: '13812341234', xzqmc: '邯郸市', xzqdm: '130400', sqdh: 'CD0001' },
          state: 0,
          stateMsg: '查询中',
        })),
      )
      .returning();
    const property = { bdcqzh: UNKNOWN_QZH, bdcdyh: ENTERED.bdcdyh, zl: ENTERED.zl, yt: '住宅', mj: '96.50', dyxx: '', cfxx: '' };
    // A certificate answer does not fit an archive request.
    expect((await callHall(hall, contract.answerFulfilmentRecord, { id: String(found!.id), answer: { type: 'certificate', certificate: ENTERED } }, counter)).status).toBe(400);
    expect((await callHall(hall, contract.answerFulfilmentRecord, { id: String(found!.id), answer: { type: 'archive', properties: [property] } }, counter)).status).toBe(200);
    expect((await callHall(hall, contract.answerFulfilmentRecord, { id: String(none!.id), answer: { type: 'notFound' } }, counter)).status).toBe(200);
    expect(await rowOf(String(found!.id))).toMatchObject({ state: 20, stateMsg: '已查询到不动产登记记录', result: { properties: [{ ...property, dyxx: '无', cfxx: '无' }] } });
    expect(await rowOf(String(none!.id))).toMatchObject({ state: 21, stateMsg: '未查询到不动产登记记录', result: { properties: [] } });
  });
});

describe('a property query', () => {
  it('is answered with the unit entered, as the registry would, or 未查到', async () => {
    const [found, none] = await hall.connection.db
      .insert(queryRecords)
      .values([0, 1].map(() => ({ openid: 'fulfil-owner', kind: 'property', params: { qlrqzh: UNKNOWN_QZH, name: OWNER.name, idcard: OWNER.idcard }, state: 0, stateMsg: '查询中' })))
      .returning();
    const unit = { bdcdyh: ENTERED.bdcdyh, zl: ENTERED.zl, yt: '住宅', mj: '96.50', mortgages: [{ dyqr: '中国建设银行邯郸分行', zgzqse: '80' }] };
    expect((await callHall(hall, contract.answerFulfilmentRecord, { id: String(found!.id), answer: { type: 'property', unit } }, counter)).status).toBe(200);
    expect((await callHall(hall, contract.answerFulfilmentRecord, { id: String(none!.id), answer: { type: 'notFound' } }, counter)).status).toBe(200);
    expect(await rowOf(String(found!.id))).toMatchObject({ state: 20, result: { BDCDYH: unit.bdcdyh, zl: unit.zl, yt: '住宅', mj: '96.50', dyList: unit.mortgages } });
    expect(await rowOf(String(none!.id))).toMatchObject({ state: 21 });
  });
});

describe('a production-mode hall', () => {
  it('leaves a citizen certificate query pending, with no demo data to answer it, and an operator fulfils it', async () => {
    const production = await createTestHall({ ...PRODUCTION_ENV, HALL_QUERY_POLL_MS: 0 });
    try {
      const cookie = await production.quickCitizen('fulfil-production', { name: OWNER.name, cardnum: OWNER.idcard });
      const operator = await production.quickOperator('prod-counter', ['counter']);
      const id = await askCertificate(production, cookie);
      await resolvePendingRecords(production.app.hall);
      expect((await rowOf(id, production)).state).toBe(0);
      expect((await queue(production, operator)).map((item) => item.id)).toContain(id);
      const answered = await callHall(production, contract.answerFulfilmentRecord, { id, answer: { type: 'certificate', certificate: ENTERED } }, operator);
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      const { item, preview } = await citizenOpens(production, cookie, id);
      expect(item.state).toBe(20);
      expect(preview.statusCode).toBe(200);
      expect(await verdictOf(production, preview.rawPayload)).toBe('valid');
    } finally {
      await production.close();
    }
  });
});

function multipartPayload(parts: Parameters<typeof multipartBody>[0]) {
  const { body, contentType } = multipartBody(parts);
  return { payload: body, headers: { 'content-type': contentType } };
}
