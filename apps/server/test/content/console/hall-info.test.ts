import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTACT_LINE_INVALID, CONTENT_ORDER_STALE, MAP_TILE_URL_INVALID, QUESTION_REQUIRED, type CommonQuestion, type ConsoleQuestion } from '@hall/api/internal';
import { auditTrail } from '../../../src/db/schema';
import { auditedChanges } from '../../rows';
import { testHallForFile } from '../../hall';
import { callHall } from '../../call';
import { contract } from '@hall/api/internal';

const QUESTIONS = '/online/admin/api/content/questions';
const CONTACT = '/online/admin/api/content/contact';
const MAP = '/online/admin/api/settings/map';
const TILES = 'https://tiles.example.cn/{z}/{x}/{y}.png';

const hall = testHallForFile();
let content: string;
let admin: string;
beforeAll(async () => {
  content = await hall.operator('content');
  admin = await hall.operator('admin');
});

async function ok<T>(path: string, payload: Record<string, unknown>, cookie = content): Promise<T> {
  const { status, body } = await hall.post(path, payload, cookie);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as T;
}

const citizenQuestions = async () => ((await callHall(hall, contract.getCommonQuesList, {})).body.data as CommonQuestion[]).map((item) => item.question);
const auditCount = () => auditedChanges(hall);
const auditOf = async (target: string) => hall.connection.db.select().from(auditTrail).where(eq(auditTrail.target, target)).orderBy(auditTrail.id);

describe('common questions', () => {
  it('adds, edits, orders and removes questions; citizens see each change at once; every write audited', async () => {
    const added = await ok<ConsoleQuestion>(`${QUESTIONS}/save`, { question: '周六可以办理吗？', answer: '每月第一个周六上午开放。' });
    expect((await citizenQuestions()).at(-1)).toBe('周六可以办理吗？');
    await ok(`${QUESTIONS}/save`, { id: added.id, question: '周六能办理业务吗？', answer: '每月第一个周六上午开放。' });
    expect(await citizenQuestions()).toContain('周六能办理业务吗？');

    const { items } = await ok<{ items: ConsoleQuestion[] }>(`${QUESTIONS}/list`, {});
    const ids = items.map((item) => item.id);
    const moved = [added.id, ...ids.filter((id) => id !== added.id)];
    await ok(`${QUESTIONS}/order`, { ids: moved });
    expect((await citizenQuestions())[0]).toBe('周六能办理业务吗？');
    const stale = await hall.post(`${QUESTIONS}/order`, { ids: moved.slice(1) }, content);
    expect(stale.status).toBe(409);
    expect(stale.body.errmsg).toBe(CONTENT_ORDER_STALE);

    await ok(`${QUESTIONS}/delete`, { id: added.id });
    expect(await citizenQuestions()).not.toContain('周六能办理业务吗？');
    expect((await auditOf(`question:${added.id}`)).map((entry) => entry.action)).toEqual(['question.create', 'question.update', 'question.delete']);
    expect((await auditOf('questions')).map((entry) => entry.action)).toEqual(['content.order']);
  });

  it('refuses an empty question and changes nothing', async () => {
    const audits = await auditCount();
    const { status, body } = await hall.post(`${QUESTIONS}/save`, { question: '  ', answer: '答' }, content);
    expect(status).toBe(400);
    expect(body.errmsg).toBe(QUESTION_REQUIRED);
    expect(await auditCount()).toBe(audits);
  });
});

describe('contact lines', () => {
  it('keeps the lines as the one string the citizen app splits, and refuses a line with a comma', async () => {
    const lines = ['地址：邯郸市丛台区人民东路1号', '电话：0310-1234567', '工作时间：周一至周五 9:00-17:00'];
    await ok(`${CONTACT}/save`, { lines: [...lines, '  '] });
    expect((await callHall(hall, contract.getContactUs, {})).body.data).toBe(lines.join(','));
    expect(await ok(`${CONTACT}/get`, {})).toEqual({ lines });
    for (const bad of [['地址：一号，二号'], []]) {
      const { status } = await hall.post(`${CONTACT}/save`, { lines: bad }, content);
      expect(status).toBe(400);
    }
    expect((await hall.post(`${CONTACT}/save`, { lines: ['a,b'] }, content)).body.errmsg).toBe(CONTACT_LINE_INVALID);
    expect((await callHall(hall, contract.getContactUs, {})).body.data).toBe(lines.join(','));
    const [entry] = (await auditOf('setting:contact_us')).slice(-1);
    expect(entry).toMatchObject({ action: 'contact.update', after: { lines } });
  });
});

describe('the map tile provider', () => {
  it('is the administrator’s: the content manager is refused', async () => {
    expect((await hall.post(`${MAP}/save`, { tileUrl: TILES, attribution: '' }, content)).status).toBe(403);
  });

  it('takes an https template with {z}, {x} and {y}, or nothing; the site map uses it at once', async () => {
    for (const tileUrl of ['http://tiles.example.cn/{z}/{x}/{y}.png', 'https://tiles.example.cn/{z}/{x}.png', 'javascript:alert(1)']) {
      const { status, body } = await hall.post(`${MAP}/save`, { tileUrl, attribution: '' }, admin);
      expect(status, tileUrl).toBe(400);
      expect(body.errmsg).toBe(MAP_TILE_URL_INVALID);
    }
    await ok(`${MAP}/save`, { tileUrl: TILES, attribution: '© 示例地图' }, admin);
    expect((await callHall(hall, contract.getMapConfig, {})).body.data).toMatchObject({ tileUrl: TILES, attribution: '© 示例地图' });
    await ok(`${MAP}/save`, { tileUrl: '', attribution: '' }, admin);
    expect((await callHall(hall, contract.getMapConfig, {})).body.data).toMatchObject({ tileUrl: '' });
    expect((await auditOf('setting:map_tile_url')).map((entry) => entry.after)).toEqual([
      { tileUrl: TILES, attribution: '© 示例地图' },
      { tileUrl: '', attribution: '' },
    ]);
  });
});

describe('service sites', () => {
  const SITES = '/online/admin/api/content/sites';
  type Site = { id: string; xzqdm: string; address: string; worktime: string; phone: string; lat: string; lng: string };

  it('changes a site’s address, hours, phone and coordinates; the citizens’ site list shows them at once; audited', async () => {
    const { items } = await ok<{ items: Site[] }>(`${SITES}/list`, {});
    const site = items[0]!;
    const details = { address: '邯郸市丛台区中华北大街8号', worktime: '周一至周五 8:30-17:30', phone: '0310-7654321', lat: '36.6253', lng: '114.5391' };
    await ok(`${SITES}/save`, { id: site.id, ...details });
    const listed = await hall.app.inject({ method: 'GET', url: '/online/public/appointment/area/' });
    expect((listed.json() as { data: Record<string, unknown>[] }).data.find((area) => area.areaId === site.id)).toMatchObject(details);
    const [entry] = (await auditOf(`site:${site.id}`)).slice(-1);
    expect(entry).toMatchObject({ action: 'site.update', before: { address: site.address }, after: details });
  });

  it('refuses coordinates out of range or only one of them, and a phone with letters; nothing changes', async () => {
    const { items } = await ok<{ items: Site[] }>(`${SITES}/list`, {});
    const site = items[0]!;
    for (const bad of [{ lat: '91', lng: '114' }, { lat: '36.6', lng: '' }, { lat: 'abc', lng: '114' }, { phone: 'call me' }]) {
      const { status } = await hall.post(`${SITES}/save`, { id: site.id, address: site.address, worktime: site.worktime, phone: site.phone, lat: site.lat, lng: site.lng, ...bad }, content);
      expect(status, JSON.stringify(bad)).toBe(400);
    }
    expect((await ok<{ items: Site[] }>(`${SITES}/list`, {})).items[0]).toEqual(site);
    expect((await hall.post(`${SITES}/save`, { id: 'no-such-site', address: '', worktime: '', phone: '', lat: '', lng: '' }, content)).status).toBe(404);
  });
});
