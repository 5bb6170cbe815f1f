import { readdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { ApplicationMaterial, MaterialAttachment } from '@hall/api';
import { materialFiles, storedFiles } from '../../src/db/schema';
import { OPENID_MISMATCH } from '../../src/services/session/sessions';
import { testHallForFile } from '../hall';
import { API, setStatus, startApplication, ownerAndStranger } from '../application-helpers';
import { callHall } from '../call';
import { contract } from '@hall/api';

const hall = testHallForFile();
let owner: string;
let stranger: string;
beforeAll(async () => {
  [owner, stranger] = await ownerAndStranger(hall, 'pic-owner', 'pic-stranger');
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake png body')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('fake jpeg body')]);
const PDF = Buffer.from('%PDF-1.4 not a picture');

async function filesOnDisk(): Promise<number> {
  const entries = await readdir(hall.filesDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}
const storedCount = async () => (await hall.connection.db.select({ n: count() }).from(storedFiles))[0]!.n;

async function materialsOf(id: string, cookie = owner) {
  return callHall(hall, contract.getUploadType, { reqseq: 'r', slsqId: id, sfhqmx: '0' }, cookie);
}

async function upload(fields: Record<string, string>, cookie = owner) {
  const response = await hall.app.inject({
    method: 'POST',
    url: `${API}/savePicFromWXServer`,
    payload: new URLSearchParams(fields).toString(),
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: response.statusCode, body: response.json() as { errcode: string; errmsg?: string; data?: MaterialAttachment } };
}

async function firstMaterial(id: string): Promise<ApplicationMaterial> {
  return (await materialsOf(id)).body.data!.datuminstInfo[0]!;
}

describe('getUploadType', () => {
  it("lists the application's materials with their attachments", async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    const { status, body } = await materialsOf(id);
    expect(status).toBe(200);
    const list = body.data!.datuminstInfo;
    expect(list.map((m) => [m.name, m.required, m.pro_attachment])).toEqual([
      ['不动产登记申请书', '是', []],
      ['抵押双方身份证明', '是', []],
      ['预告登记证明', '是', []],
      ['抵押合同及主债权合同', '是', []],
      ['其他补充材料', '否', []],
    ]);
    expect((await materialsOf(id, stranger)).status).toBe(404);
  });
});

describe('savePicFromWXServer', () => {
  it('stores base64 pictures with or without a data: prefix and shows them to the owner only', async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    const material = await firstMaterial(id);
    const png = await upload({ datuminstId: material.id, base64: `data:image/png;base64,${PNG.toString('base64')}`, typ: 'jpg' });
    expect(png.status, JSON.stringify(png.body)).toBe(200);
    expect(png.body.errcode).toBe('00');
    const jpeg = await upload({ materialId: material.id, base64: JPEG.toString('base64') });
    expect(jpeg.body.errcode).toBe('00');
    const listed = await firstMaterial(id);
    expect(listed.pro_attachment).toEqual([png.body.data, jpeg.body.data]);
    expect(listed.pro_attachment[0]).toMatchObject({ datuminst_id: material.id, url: expect.stringMatching(/^\/online\/public\/material\/file\?id=/) });

    const shown = await hall.app.inject({ method: 'GET', url: png.body.data!.url, headers: { cookie: owner } });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(PNG)).toBe(true);
    const jpegShown = await hall.app.inject({ method: 'GET', url: jpeg.body.data!.url, headers: { cookie: owner } });
    expect(jpegShown.headers['content-type']).toBe('image/jpeg');
    const theirs = await hall.app.inject({ method: 'GET', url: png.body.data!.url, headers: { cookie: stranger } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ errcode: '01', errmsg: '未找到该图片' });
    expect((await hall.app.inject({ method: 'GET', url: png.body.data!.url })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('downloads a WeChat media id through the WeChat adapter', async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    const material = await firstMaterial(id);
    const uploaded = await hall.app.inject({ method: 'POST', url: '/simulator/wechat/media/upload', payload: { base64: JPEG.toString('base64') } });
    const mediaId = (uploaded.json() as { media_id: string }).media_id;
    const saved = await upload({ datuminstId: material.id, serverId: mediaId });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const shown = await hall.app.inject({ method: 'GET', url: saved.body.data!.url, headers: { cookie: owner } });
    expect(shown.rawPayload.equals(JPEG)).toBe(true);
    const unknown = await upload({ datuminstId: material.id, serverId: 'no-such-media' });
    expect(unknown.status).toBe(502);
    expect(unknown.body).toEqual({ errcode: '01', errmsg: '获取微信图片失败，请重新上传' });
  });

  it('refuses what is not a JPEG or PNG, an empty or oversize picture, and stores nothing', async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    const material = await firstMaterial(id);
    const before = [await filesOnDisk(), await storedCount()];
    const cases: [Record<string, string>, number, string][] = [
      [{ datuminstId: material.id, base64: PDF.toString('base64') }, 400, '只能上传JPG或PNG格式的图片'],
      [{ datuminstId: material.id, base64: 'not base64 at all!' }, 400, '只能上传JPG或PNG格式的图片'],
      [{ datuminstId: material.id }, 400, '请选择要上传的图片'],
      [{ datuminstId: material.id, base64: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]).toString('base64') }, 400, '图片大小不能超过5M'],
      [{ datuminstId: '99999999', base64: PNG.toString('base64') }, 404, '未找到该材料'],
      [{ datuminstId: material.id, base64: PNG.toString('base64'), openid: 'pic-stranger' }, 403, OPENID_MISMATCH],
    ];
    for (const [fields, status, message] of cases) {
      const { status: got, body } = await upload(fields);
      expect(got).toBe(status);
      expect(body).toEqual({ errcode: '01', errmsg: message });
    }
    expect([await filesOnDisk(), await storedCount()]).toEqual(before);
  });

  it('refuses a submitted application and leaves no file behind', async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    const material = await firstMaterial(id);
    await setStatus(hall, id, 0);
    const before = await filesOnDisk();
    const { status, body } = await upload({ datuminstId: material.id, base64: PNG.toString('base64') });
    expect(status).toBe(409);
    expect(body.errmsg).toBe('当前申请状态为「待审核」，只能修改未提交或已驳回的申请');
    expect(await filesOnDisk()).toBe(before);
  });
});

describe('delSinglePic', () => {
  it('deletes an attachment and its file; another citizen can neither add nor delete', async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    const material = await firstMaterial(id);
    const saved = (await upload({ datuminstId: material.id, base64: PNG.toString('base64') })).body.data!;
    const strangerUpload = await upload({ datuminstId: material.id, base64: PNG.toString('base64') }, stranger);
    expect(strangerUpload.status).toBe(404);
    expect(strangerUpload.body.errmsg).toBe('未找到该材料');
    const strangerDelete = await callHall(hall, contract.delSinglePic, { fileid: saved.id }, stranger);
    expect(strangerDelete.status).toBe(404);
    expect(strangerDelete.body.errmsg).toBe('未找到该图片');
    const before = await filesOnDisk();
    const { body } = await callHall(hall, contract.delSinglePic, { reqseq: 'r', openid: 'pic-owner', fileid: saved.id }, owner);
    expect(body.errcode).toBe('00');
    expect(await filesOnDisk()).toBe(before - 1);
    expect(
      (
        await hall.connection.db
          .select({ n: count() })
          .from(materialFiles)
          .where(eq(materialFiles.id, Number(saved.id)))
      )[0]!.n,
    ).toBe(0);
    expect((await hall.app.inject({ method: 'GET', url: saved.url, headers: { cookie: owner } })).statusCode).toBe(404);
    expect((await callHall(hall, contract.delSinglePic, { fileid: saved.id }, owner)).status).toBe(404);
  });
});
