import { readdir } from 'node:fs/promises';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantSignature } from '@hall/api';
import { applicants, storedFiles } from '../../src/db/schema';
import { testHallForFile } from '../hall';
import { rowById } from '../rows';
import { SEARCH, addPerson, personPayload, setStatus, startApplication, ownerAndStranger } from '../application-helpers';
import { callHall } from '../call';
import { contract } from '@hall/api';

const hall = testHallForFile();
let owner: string;
let stranger: string;
beforeAll(async () => {
  [owner, stranger] = await ownerAndStranger(hall, 'sign-owner', 'sign-stranger');
});

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const signaturePng = (body = 'IHDR hand signature strokes') => Buffer.concat([PNG_MAGIC, Buffer.from(body)]);
const dataUrl = (content: Buffer) => `data:image/png;base64,${content.toString('base64')}`;

async function sign(id: string, decodeInfo: string, cookie = owner) {
  const response = await hall.app.inject({
    method: 'POST',
    url: `${SEARCH}/save_qzxx_wx`,
    payload: new URLSearchParams({ id, decodeInfo }).toString(),
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: response.statusCode, body: response.json() as { state: number; msg?: string } };
}

async function savedApplicant(cookie = owner): Promise<{ proinstid: string; sqrid: string }> {
  const proinstid = await startApplication(hall, cookie, 'pd-200-4');
  const { body } = await addPerson(hall, cookie, proinstid, personPayload());
  return { proinstid, sqrid: body.data!.sqr_id };
}

async function applicantRow(sqrid: string) {
  const row = await rowById(hall, applicants, sqrid);
  return row!;
}

async function filesOnDisk(): Promise<number> {
  const entries = await readdir(hall.filesDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}
const storedCount = async () => (await hall.connection.db.select({ n: count() }).from(storedFiles))[0]!.n;

describe('save_qzxx_wx', () => {
  it("stores the PNG, marks the applicant signed (qzzt 1) and shows it in the applicant's read-back", async () => {
    const { proinstid, sqrid } = await savedApplicant();
    const png = signaturePng();
    const { status, body } = await sign(sqrid, dataUrl(png));
    expect(status).toBe(200);
    expect(body).toMatchObject({ state: 1, msg: '保存成功' });
    const row = await applicantRow(sqrid);
    expect(row.qzzt).toBe('1');
    expect(row.signatureFileId).toBeTruthy();

    const list = await callHall(hall, contract.sqrlistWx, { proinstid }, owner);
    expect(list.body.data!.find((person) => person.sqr_id === sqrid)?.qzzt).toBe('1');

    const read = await callHall(hall, contract.querySqrWx, { proinstid, slsqId: proinstid, queryTyp: '0' }, owner);
    expect(read.status).toBe(200);
    const qzinfo = read.body.qzinfo as ApplicantSignature[];
    expect(qzinfo).toEqual([{ sqrid, sqrxm: '张三', qzxx: dataUrl(png) }]);
  });

  it('takes bare base64 as well, and a second signature replaces the first and its file', async () => {
    const { sqrid } = await savedApplicant();
    expect((await sign(sqrid, signaturePng('first').toString('base64'))).body.state).toBe(1);
    const firstFile = (await applicantRow(sqrid)).signatureFileId;
    const before = { stored: await storedCount(), disk: await filesOnDisk() };
    expect((await sign(sqrid, dataUrl(signaturePng('second')))).body.state).toBe(1);
    const row = await applicantRow(sqrid);
    expect(row.signatureFileId).not.toBe(firstFile);
    expect(await storedCount()).toBe(before.stored);
    expect(await filesOnDisk()).toBe(before.disk);
  });

  it('refuses a picture whose first bytes are not a PNG, storing nothing', async () => {
    const { sqrid } = await savedApplicant();
    const before = { stored: await storedCount(), disk: await filesOnDisk() };
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('a jpeg, not a png')]);
    for (const content of [jpeg, Buffer.from('%PDF-1.4 not a picture'), Buffer.from('89504e47 as text')]) {
      const { status, body } = await sign(sqrid, `data:image/png;base64,${content.toString('base64')}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ state: 0, msg: '签名图片格式有误，请重新签字' });
    }
    expect((await sign(sqrid, '')).body.msg).toBe('签名不能为空，请重新签字');
    expect((await sign(sqrid, 'not base64 at all!')).status).toBe(400);
    expect((await applicantRow(sqrid)).qzzt).toBe('0');
    expect(await storedCount()).toBe(before.stored);
    expect(await filesOnDisk()).toBe(before.disk);
  });

  it('refuses signing an applicant that is not saved yet with 请先保存用户信息', async () => {
    const { status, body } = await sign('', dataUrl(signaturePng()));
    expect(status).toBe(400);
    expect(body).toMatchObject({ state: 0, msg: '请先保存用户信息' });
  });

  it("refuses another citizen's applicant as not found, and an unknown one, changing nothing", async () => {
    const { proinstid, sqrid } = await savedApplicant();
    const before = await storedCount();
    const foreign = await sign(sqrid, dataUrl(signaturePng()), stranger);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ state: 0, msg: '未找到该申请人' });
    expect((await sign('99999999', dataUrl(signaturePng()))).status).toBe(404);
    expect((await sign('abc', dataUrl(signaturePng()))).status).toBe(404);
    expect((await applicantRow(sqrid)).qzzt).toBe('0');
    expect(await storedCount()).toBe(before);
    // Nor can the stranger read the owner's signatures.
    await sign(sqrid, dataUrl(signaturePng()));
    const read = await callHall(hall, contract.querySqrWx, { proinstid }, stranger);
    expect(read.status).toBe(404);
    expect(read.body.qzinfo).toBeUndefined();
    expect(JSON.stringify(read.body)).not.toContain('base64');
  });

  it('refuses signing once the application is submitted', async () => {
    const { proinstid, sqrid } = await savedApplicant();
    await setStatus(hall, proinstid, 0);
    const before = await storedCount();
    const { status, body } = await sign(sqrid, dataUrl(signaturePng()));
    expect(status).toBe(409);
    expect(body.state).toBe(0);
    expect(body.msg).toContain('只能修改未提交或已驳回的申请');
    expect((await applicantRow(sqrid)).qzzt).toBe('0');
    expect(await storedCount()).toBe(before);
  });

  it('needs a session', async () => {
    const { sqrid } = await savedApplicant();
    const response = await hall.app.inject({
      method: 'POST',
      url: `${SEARCH}/save_qzxx_wx`,
      payload: new URLSearchParams({ id: sqrid, decodeInfo: dataUrl(signaturePng()) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect((await applicantRow(sqrid)).qzzt).toBe('0');
  });
});
