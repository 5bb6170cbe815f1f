import { beforeAll, describe, expect, it } from 'vitest';
import { MATERIALS_INVALID, type ConsoleGuide } from '@hall/api/internal';
import { testHallForFile } from '../../hall';
import { materialsOf, startApplication, verifiedCitizen } from '../../application-helpers';
import { callHall } from '../../call';
import { contract } from '@hall/api/internal';

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
    expect(await materialsOf(hall, citizen, started)).toEqual(startedMaterials);
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
});
