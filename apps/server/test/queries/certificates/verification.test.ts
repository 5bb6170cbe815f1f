import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHallClient } from '@hall/api';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../../src/app';
import { createContext } from '../../../src/hall';
import { queryRecords, storedFiles } from '../../../src/db/schema';
import { resolvePendingRecords } from '../../../src/services/queries/fulfilment/query-resolver';
import { createTestHall, type TestHall, testHallForFile } from '../../hall';
import { rowById } from '../../rows';
import { CITY, OWNER, citizenWithProfile, citizenFilesIn, multipartBody, samplePdf, upload } from '../../query-helpers';
import { callHall, refusalOf } from '../../call';
import { contract } from '@hall/api/internal';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);

const hall = testHallForFile({ HALL_QUERY_POLL_MS: 0 });
let owner: string;
let stranger: string;
let unsignedPdf: Buffer;
let signedPdf: Buffer;
beforeAll(async () => {
  owner = await citizenWithProfile(hall, 'verify-owner', OWNER);
  stranger = await citizenWithProfile(hall, 'verify-stranger', { name: '李四', idcard: '130403199001014561' });
  unsignedPdf = await samplePdf();
  signedPdf = await samplePdf({ signed: true });
});

async function verificationRecords(cookie: string) {
  const { body } = await callHall(hall, contract.dzzzVerification, {}, cookie);
  expect(body.state).toBe(true);
  return body.data as Array<{ ID: string; searchtime: string; state: number; state_msg: string; filename: string }>;
}

async function ownerRows(openid = 'verify-owner') {
  return {
    records: await hall.connection.db.select().from(queryRecords).where(eq(queryRecords.openid, openid)),
    files: await hall.connection.db.select().from(storedFiles).where(eq(storedFiles.openid, openid)),
  };
}

/** Nothing of a refused upload stays: no file on disk, no stored-file row, no record. */
async function expectNothingStored(before: { records: unknown[]; files: unknown[] }, diskBefore: number) {
  const after = await ownerRows();
  expect(after.records).toHaveLength(before.records.length);
  expect(after.files).toHaveLength(before.files.length);
  expect(await citizenFilesIn(hall)).toHaveLength(diskBefore);
}

describe('getDzzzyqUpload', () => {
  it('accepts a real PDF: state 1 with the spec message, a pending verify record with the file name', async () => {
    const { status, body } = await upload(hall, owner, { filename: '电子证照.pdf', content: unsignedPdf }, { openid: 'verify-owner' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ state: 1, msg: '文件上传成功，查看历史记录验签信息' });
    const id = body.data!.ID;
    const list = await verificationRecords(owner);
    expect(list[0]).toMatchObject({ ID: id, state: 0, state_msg: '查询中', filename: '电子证照.pdf' });

    const row = await rowById(hall, queryRecords, id);
    expect(row).toMatchObject({ kind: 'verify', params: { xzqdm: CITY.xzqdm, xzqmc: CITY.xzqmc } });
    const [file] = await hall.connection.db.select().from(storedFiles).where(eq(storedFiles.id, row!.fileId!));
    expect(file).toMatchObject({ openid: 'verify-owner', originalName: '电子证照.pdf', size: unsignedPdf.length });
    // The stored name is the server's own, not the uploaded one.
    expect(file!.storageKey).not.toContain('电子证照');

    // The uploaded file opens at once, whatever the state.
    const preview = await hall.app.inject({ method: 'GET', url: `/online/public/dzzz/verification/preview?id=${id}`, headers: { cookie: owner } });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.rawPayload.equals(unsignedPdf)).toBe(true);
    const path = await callHall(hall, contract.getDzzzyqPdf, { id }, owner);
    expect(path.body).toMatchObject({ state: true, data: { path: `/online/public/dzzz/verification/preview?id=${id}` } });

    await resolvePendingRecords(hall.app.hall);
    expect((await verificationRecords(owner))[0]).toMatchObject({ ID: id, state: 20, state_msg: '未包含电子签章' });
    const detail = await hall.app.inject({ method: 'GET', url: `/online/public/verify/verifyquery?code=${id}`, headers: { cookie: owner } });
    expect(detail.json()).toMatchObject({ state: true, data: { kind: 'verify', state: 20, filename: '电子证照.pdf', result: { verdict: 'unsigned', signed: false } } });
    // Verified, the record opens as the hall's report, no longer as the upload.
    const report = await hall.app.inject({ method: 'GET', url: `/online/public/dzzz/verification/preview?id=${id}`, headers: { cookie: owner } });
    expect(report.statusCode).toBe(200);
    expect(report.rawPayload.equals(unsignedPdf)).toBe(false);
    expect(report.rawPayload.includes('/ETSI.CAdES.detached')).toBe(true);
  });

  it('a signature dictionary with a made-up ByteRange and an all-zero /Contents is no signature: 签名无效', async () => {
    const { body } = await upload(hall, owner, { filename: 'signed.PDF', content: signedPdf });
    const id = body.data!.ID;
    await resolvePendingRecords(hall.app.hall);
    const row = await rowById(hall, queryRecords, id);
    expect(row).toMatchObject({ state: 20, stateMsg: '签名无效', result: { verdict: 'invalid', signed: true } });
  });

  it('a file with a PDF header that is no PDF is taken, and closed as not verifiable', async () => {
    const { body } = await upload(hall, owner, { filename: 'broken.pdf', content: Buffer.from('%PDF-1.7\nthis is not really a pdf\n') });
    const id = body.data!.ID;
    await resolvePendingRecords(hall.app.hall);
    const row = await rowById(hall, queryRecords, id);
    expect(row).toMatchObject({ state: 21, stateMsg: '文件不是有效的PDF文件，无法验签', result: { failure: 'notPdf' } });
  });

  it.each([
    ['a PNG renamed to .pdf', { filename: 'photo.pdf', content: PNG, type: 'application/pdf' }],
    ['a .txt name', { filename: 'notes.txt', content: Buffer.from('%PDF-1.7 hello'), type: 'text/plain' }],
    ['a PDF named .png', { filename: 'scan.png', content: Buffer.alloc(0) }],
    ['an empty file', { filename: 'empty.pdf', content: Buffer.alloc(0) }],
    ['a file shorter than the header', { filename: 'tiny.pdf', content: Buffer.from('%PD') }],
    // HALL_VERIFY_OFD is off by default: the spec's rule and message hold for an OFD e-licence too.
    ['an OFD e-licence', { filename: '不动产权证书.ofd', content: Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200)]), type: 'application/ofd' }],
    ['a zip named .pdf', { filename: '证照.pdf', content: Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200)]) }],
  ])('refuses %s with 只能上传pdf文件 and stores nothing', async (_label, file) => {
    const before = await ownerRows();
    const disk = (await citizenFilesIn(hall)).length;
    const { status, body } = await upload(hall, owner, file);
    expect(status).toBe(400);
    expect(body).toMatchObject({ state: 0, errmsg: '只能上传pdf文件' });
    await expectNothingStored(before, disk);
  });

  it('refuses an upload without a file', async () => {
    const { body, contentType } = multipartBody([{ name: 'xzqdm', value: CITY.xzqdm }]);
    const response = await hall.app.inject({ method: 'POST', url: '/online/wx/apilist/getDzzzyqUpload', payload: body, headers: { cookie: owner, 'content-type': contentType } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ state: 0, errmsg: '请选择要上传的pdf文件' });
  });

  it('refuses two files and keeps neither', async () => {
    const before = await ownerRows();
    const disk = (await citizenFilesIn(hall)).length;
    const { body, contentType } = multipartBody([
      { name: 'Filedata', filename: 'a.pdf', content: unsignedPdf },
      { name: 'Filedata', filename: 'b.pdf', content: unsignedPdf },
    ]);
    const response = await hall.app.inject({ method: 'POST', url: '/online/wx/apilist/getDzzzyqUpload', payload: body, headers: { cookie: owner, 'content-type': contentType } });
    expect(response.statusCode).toBe(400);
    expect(refusalOf(response).errmsg).toMatch(/[\u4e00-\u9fa5]/);
    await expectNothingStored(before, disk);
  });

  it("refuses a payload openid that is not the session's, and keeps nothing", async () => {
    const before = await ownerRows();
    const disk = (await citizenFilesIn(hall)).length;
    const { status, body } = await upload(hall, owner, { filename: 'a.pdf', content: unsignedPdf }, { openid: 'verify-stranger' });
    expect(status).toBe(403);
    expect(body.state).toBe(0);
    await expectNothingStored(before, disk);
  });

  it('refuses a multipart body cut short, leaving no file behind', async () => {
    const before = await ownerRows();
    const disk = (await citizenFilesIn(hall)).length;
    const big = Buffer.concat([unsignedPdf, Buffer.alloc(256 * 1024, 0x20)]);
    const { body, contentType } = multipartBody([{ name: 'Filedata', filename: 'cut.pdf', content: big }]);
    const cut = body.subarray(0, Math.floor(body.length / 2));
    const response = await hall.app.inject({ method: 'POST', url: '/online/wx/apilist/getDzzzyqUpload', payload: cut, headers: { cookie: owner, 'content-type': contentType } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ state: 0, errmsg: '文件上传不完整，请重新上传' });
    await expectNothingStored(before, disk);
    const leftovers = (await citizenFilesIn(hall)).filter((path) => path.endsWith('.part'));
    expect(leftovers).toEqual([]);
  });

  it('refuses a body that is not multipart', async () => {
    const { status, body } = await hall.post('/online/wx/apilist/getDzzzyqUpload', { Filedata: 'x' }, owner);
    expect(status).toBe(400);
    expect(String(body.errmsg)).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('needs a session', async () => {
    const { body, contentType } = multipartBody([{ name: 'Filedata', filename: 'a.pdf', content: unsignedPdf }]);
    const response = await hall.app.inject({ method: 'POST', url: '/online/wx/apilist/getDzzzyqUpload', payload: body, headers: { 'content-type': contentType } });
    expect(refusalOf(response).status).toBe(-1);
    expect(await citizenFilesIn(hall)).not.toContainEqual(expect.stringContaining('a.pdf'));
  });
});

describe('the size limit', () => {
  let small: TestHall;
  let cookie: string;
  const LIMIT = 4096;
  beforeAll(async () => {
    small = await createTestHall({ HALL_QUERY_POLL_MS: 0, HALL_UPLOAD_MAX_BYTES: LIMIT });
    cookie = await citizenWithProfile(small, 'limit-owner', OWNER);
  });
  afterAll(() => small.close());

  it('refuses a file above the limit with 文件大小不超过500M, keeping no partial file and no record', async () => {
    const over = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(LIMIT, 0x20)]);
    const { status, body } = await upload(small, cookie, { filename: 'big.pdf', content: over });
    expect(status).toBe(400);
    expect(body).toMatchObject({ state: 0, errmsg: '文件大小不超过500M' });
    expect(await citizenFilesIn(small)).toEqual([]);
    expect(await small.connection.db.select().from(queryRecords).where(eq(queryRecords.openid, 'limit-owner'))).toEqual([]);
    expect(await small.connection.db.select().from(storedFiles).where(eq(storedFiles.openid, 'limit-owner'))).toEqual([]);
  });

  it('accepts a file of exactly the limit', async () => {
    const exact = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(LIMIT - 9, 0x20)]);
    const { status, body } = await upload(small, cookie, { filename: 'exact.pdf', content: exact });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(await citizenFilesIn(small)).toHaveLength(1);
  });
});

describe("another citizen's verification records", () => {
  let id: string;
  let fileId: string;
  beforeAll(async () => {
    const { body } = await upload(hall, owner, { filename: 'mine.pdf', content: unsignedPdf });
    id = body.data!.ID;
    const row = await rowById(hall, queryRecords, id);
    fileId = row!.fileId!;
  });

  it('are not listed', async () => {
    expect(await verificationRecords(stranger)).toEqual([]);
  });

  it('cannot be read, previewed or downloaded', async () => {
    const responses = await Promise.all([
      hall.app.inject({ method: 'POST', url: '/online/wx/apilist/getDzzzyqPdf', payload: { id }, headers: { cookie: stranger } }),
      hall.app.inject({ method: 'GET', url: `/online/public/dzzz/verification/preview?id=${id}`, headers: { cookie: stranger } }),
      hall.app.inject({ method: 'GET', url: `/online/public/verify/verifyquery?code=${id}`, headers: { cookie: stranger } }),
      hall.app.inject({ method: 'GET', url: `/online/public/search/downpdf?path=${encodeURIComponent(fileId)}`, headers: { cookie: stranger } }),
    ]);
    for (const response of responses) {
      expect(response.statusCode).toBe(404);
      expect(response.rawPayload.includes(unsignedPdf.subarray(0, 64))).toBe(false);
      expect(refusalOf(response).errmsg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('a verification record is not a licence: its id does not open through the licence preview', async () => {
    const response = await hall.app.inject({ method: 'GET', url: `/online/public/dzzz/signature/preview?id=${id}`, headers: { cookie: owner } });
    expect(response.statusCode).toBe(404);
  });
});

describe('the typed client over real HTTP', () => {
  it('uploads a Blob as multipart and reads a PDF back as a Blob', async () => {
    // A second app on the same database and folder, listening on loopback.
    const context = await createContext({ env: hall.env, db: hall.connection.db, pool: hall.connection.pool, filesDir: hall.filesDir });
    const app = await buildApp(context);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const client = createHallClient({ prefixUrl: `${address}/`, headers: { cookie: owner } });
      const uploaded = await client.getDzzzyqUpload({ openid: 'verify-owner', xzqdm: CITY.xzqdm, xzqmc: CITY.xzqmc, Filedata: new File([signedPdf], '签章文件.pdf', { type: 'application/pdf' }) });
      expect(uploaded).toMatchObject({ state: 1, msg: '文件上传成功，查看历史记录验签信息' });
      const refused = await client.getDzzzyqUpload({ Filedata: new File([PNG], 'photo.pdf') });
      expect(refused).toMatchObject({ state: 0, errmsg: '只能上传pdf文件' });
      const id = uploaded.data!.ID;
      const preview = await client.verificationPreview({ id });
      expect(preview).toBeInstanceOf(Blob);
      expect(Buffer.from(await (preview as Blob).arrayBuffer()).equals(signedPdf)).toBe(true);
      const missing = await client.verificationPreview({ id: '999999' });
      expect(missing).toMatchObject({ state: 0, errmsg: '未找到该查询记录' });
    } finally {
      await app.close();
    }
  });
});
