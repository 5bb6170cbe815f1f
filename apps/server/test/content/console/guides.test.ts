import { beforeAll, describe, expect, it } from 'vitest';
import { MATERIALS_INVALID, MATERIAL_HINT_TOO_LONG, MATERIAL_SAMPLE_INVALID, BANNER_IMAGE_NOT_IMAGE, type ApplicationMaterial, type ConsoleGuide } from '@hall/api/internal';
import { testHallForFile } from '../../hall';
import { materialsOf, startApplication, verifiedCitizen } from '../../application-helpers';
import { callHall } from '../../call';
import { contract } from '@hall/api/internal';
import { multipartBody } from '../../query-helpers';

/** The smallest real PNG: one transparent pixel. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const GUIDES = '/online/admin/api/content/guides';
const BUSINESS = 'pd-100-23';

const hall = testHallForFile();
let content: string;
beforeAll(async () => {
  content = await hall.operator('content');
});

describe('handling guides and required materials', () => {
  it('saves the guide (sanitised) and the material list; new applications follow it, one already started keeps its list', async () => {
    const citizen = await verifiedCitizen(hall, 'guide-citizen');
    const started = await startApplication(hall, citizen, BUSINESS);
    const startedMaterials = await materialsOf(hall, citizen, started);

    const guide = (await hall.post(`${GUIDES}/get`, { prodefid: BUSINESS }, content)).body.data as ConsoleGuide;
    expect(guide.materials.length).toBeGreaterThan(0);
    const materials = [{ name: '新增的婚姻状况证明', required: true }, ...guide.materials.map((material) => ({ name: material.name, required: false }))];
    const { status, body } = await hall.post(
      `${GUIDES}/save`,
      { prodefid: BUSINESS, title: '抵押权首次登记办事指南（2026）', content: '<p onclick="x()">须知<script>alert(1)</script></p>', cdzmyhxzContent: '<p>材料须知</p>', materials },
      content,
    );
    expect(status, JSON.stringify(body)).toBe(200);
    const citizenGuide = (await callHall(hall, contract.initGuide, { prodefid: BUSINESS })).body.data!;
    expect(citizenGuide).toMatchObject({ title: '抵押权首次登记办事指南（2026）', content: '<p>须知</p>' });

    const second = await verifiedCitizen(hall, 'guide-citizen-2');
    const freshMaterials = await materialsOf(hall, second, await startApplication(hall, second, BUSINESS));
    expect(freshMaterials[0]).toMatchObject({ name: '新增的婚姻状况证明', required: '是' });
    expect(freshMaterials.slice(1).every((material) => material.required === '否')).toBe(true);
    // The list stays as copied; the help beside it is the catalogue's current one.
    const listOnly = (list: ApplicationMaterial[]) => list.map(({ id, name, required, pro_attachment }) => ({ id, name, required, pro_attachment }));
    expect(listOnly(await materialsOf(hall, citizen, started))).toEqual(listOnly(startedMaterials));
  });

  it('refuses duplicate or empty material names, and changes nothing', async () => {
    const before = (await hall.post(`${GUIDES}/get`, { prodefid: BUSINESS }, content)).body.data as ConsoleGuide;
    for (const materials of [
      [
        { name: '身份证明', required: true },
        { name: '身份证明', required: false },
      ],
      [{ name: ' ', required: true }],
    ]) {
      const { status, body } = await hall.post(`${GUIDES}/save`, { prodefid: BUSINESS, title: '标题', content: '<p>正文</p>', cdzmyhxzContent: '', materials }, content);
      expect(status).toBe(400);
      expect(body.errmsg).toBe(MATERIALS_INVALID);
    }
    expect((await hall.post(`${GUIDES}/get`, { prodefid: BUSINESS }, content)).body.data).toEqual(before);
    expect((await hall.post(`${GUIDES}/save`, { prodefid: 'no-such', title: '标题', content: '<p>正文</p>', cdzmyhxzContent: '', materials: [] }, content)).status).toBe(404);
  });

  describe('the help 资料上传 shows for each material', () => {
    const HELP_BUSINESS = 'pd-200-4';
    const HINT = '请拍摄户口簿首页和本人页，字迹清晰';

    async function uploadPicture(file: Buffer, cookie: string, filename = 'sample.png', type = 'image/png') {
      const { body, contentType } = multipartBody([{ name: 'Filedata', filename, content: file, type }]);
      const response = await hall.app.inject({ method: 'POST', url: contract.uploadConsoleArticlePicture.path, payload: body, headers: { 'content-type': contentType, cookie } });
      return { status: response.statusCode, body: response.json() as { errcode: string; errmsg?: string; data?: { url: string } } };
    }
    const guideOf = async () => (await hall.post(`${GUIDES}/get`, { prodefid: HELP_BUSINESS }, content)).body.data as ConsoleGuide;
    const save = (materials: ConsoleGuide['materials'], cookie = content) =>
      hall.post(`${GUIDES}/save`, { prodefid: HELP_BUSINESS, title: '转移登记办事指南', content: '<p>正文</p>', cdzmyhxzContent: '', materials }, cookie);

    it('the demo catalogue gives hints and sample pictures a citizen can open', async () => {
      const citizen = await verifiedCitizen(hall, 'help-demo-citizen');
      const list = await materialsOf(hall, citizen, await startApplication(hall, citizen, HELP_BUSINESS));
      const identity = list.find((material) => material.name === '买卖双方身份证明')!;
      expect(identity.hint).toBe('上传身份证正反两面，四角完整、文字清晰、无反光；有多位申请人的，每人都要上传。');
      const picture = await hall.app.inject({ method: 'GET', url: identity.sampleUrl! });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
      expect(list.find((material) => material.name === '房屋买卖合同')).toMatchObject({ hint: '合同每一页拍一张，包括双方签字盖章的页面，按页码顺序上传。' });
      expect(list.find((material) => material.name === '房屋买卖合同')!.sampleUrl).toBeUndefined();
    });

    it('a content manager sets a hint and an uploaded sample; an application already started shows them at once', async () => {
      const citizen = await verifiedCitizen(hall, 'help-citizen');
      const started = await startApplication(hall, citizen, HELP_BUSINESS);
      const uploaded = await uploadPicture(PNG, content);
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      const sampleUrl = uploaded.body.data!.url;

      const guide = await guideOf();
      const materials = guide.materials.map((material) => (material.name === '房屋买卖合同' ? { ...material, hint: `  ${HINT} `, sampleUrl } : material));
      const { status, body } = await save(materials);
      expect(status, JSON.stringify(body)).toBe(200);
      expect((body.data as ConsoleGuide).materials.find((material) => material.name === '房屋买卖合同')).toMatchObject({ hint: HINT, sampleUrl });

      const shown = (await materialsOf(hall, citizen, started)).find((material) => material.name === '房屋买卖合同')!;
      expect(shown).toMatchObject({ hint: HINT, sampleUrl });
      const picture = await hall.app.inject({ method: 'GET', url: sampleUrl });
      expect(picture.rawPayload.equals(PNG)).toBe(true);
    });

    it('refuses a hostile picture, a sample from elsewhere and an overlong hint, changing nothing', async () => {
      const script = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
      const refused = await uploadPicture(script, content, 'sample.svg', 'image/svg+xml');
      expect(refused.status).toBe(400);
      expect(refused.body.errmsg).toBe(BANNER_IMAGE_NOT_IMAGE);

      const before = await guideOf();
      const withHelp = (help: { hint?: string; sampleUrl?: string }) => before.materials.map((material, index) => (index === 0 ? { ...material, ...help } : material));
      for (const sampleUrl of ['https://evil.example/x.png', 'javascript:alert(1)', '/online/content/article-picture?id=p-no-such-picture', '/online/public/material/file?id=1']) {
        const { status, body } = await save(withHelp({ sampleUrl }));
        expect(status, sampleUrl).toBe(400);
        expect(body.errmsg).toBe(MATERIAL_SAMPLE_INVALID);
      }
      const long = await save(withHelp({ hint: '字'.repeat(201) }));
      expect(long.status).toBe(400);
      expect(long.body.errmsg).toBe(MATERIAL_HINT_TOO_LONG);
      expect(await guideOf()).toEqual(before);
    });

    it('refuses another role, changing nothing', async () => {
      const before = await guideOf();
      const reviewer = await hall.operator('reviewer');
      const materials = before.materials.map((material) => ({ ...material, hint: '审核员写的提示' }));
      const { status } = await save(materials, reviewer);
      expect(status).toBe(403);
      const upload = await uploadPicture(PNG, reviewer);
      expect(upload.status).toBe(403);
      expect(await guideOf()).toEqual(before);
    });
  });
});
