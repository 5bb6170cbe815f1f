import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentAreas, businesses, operatorAccounts, queueCompanies } from '../../src/db/schema';
import { formatShanghaiDate } from '../../src/lib/shanghai-time';
import { createTestHall, PRODUCTION_ENV, type TestHall } from '../hall';

const serverRoot = join(import.meta.dirname, '..', '..');
const ADMIN_API = '/online/admin/api';
const APPLY = '/online/wx/apilist';
const APPOINT = '/online/wx/appoint';
const CALLNUM = '/callnum/api';

let hall: TestHall;
let console_: string;

/** The documented first step of a new hall: scripts/create-admin.sh (this runs its source on the hall's database). */
function createFirstAdministrator(url: string): string {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/create-admin.ts', 'director', '陈主任'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, DATABASE_URL: url, HALL_MODE: 'production' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return /临时密码: (\S+)/.exec(run.stdout)![1]!;
}

async function as<T = Record<string, unknown>>(cookie: string, path: string, body: object): Promise<T> {
  const { status, body: reply } = await hall.post(`${ADMIN_API}/${path}`, { reqseq: 'r', ...body }, cookie);
  expect(status, `${path}: ${JSON.stringify(reply)}`).toBe(200);
  expect(reply.errcode, path).toBe('00');
  return reply.data as T;
}
const admin = <T = Record<string, unknown>>(path: string, body: object) => as<T>(console_, path, body);

/** An account the administrator makes in 账号管理, signed in with its own password. */
async function staff(username: string, roles: string[], sites: string[] = []): Promise<string> {
  const account = await admin<{ id: number }>('operators/create', { username, displayName: username, roles, password: 'Temporary2026x' });
  if (sites.length) await admin('operators/sites/save', { id: account.id, sites });
  const cookie = await hall.operator(username, 'Temporary2026x');
  await as(cookie, 'changePassword', { current: 'Temporary2026x', next: 'OwnSecret2026x' });
  return cookie;
}

beforeAll(async () => {
  hall = await createTestHall({ ...PRODUCTION_ENV, LOG_LEVEL: 'silent' }, { empty: true });
  const temporary = createFirstAdministrator(hall.databaseUrl);
  console_ = await hall.operator('director', temporary);
  const changed = await hall.post(`${ADMIN_API}/changePassword`, { current: temporary, next: 'HallSetup2026ok' }, console_);
  expect(changed.body.errcode, JSON.stringify(changed.body)).toBe('00');
}, 120_000);
afterAll(() => hall.close());

describe('a fresh production hall is set up from the console', () => {
  it('starts empty: no site, queue hall or business, one administrator, and no stand-in', async () => {
    const db = hall.connection.db;
    expect(await db.select().from(appointmentAreas)).toEqual([]);
    expect(await db.select().from(queueCompanies)).toEqual([]);
    expect(await db.select().from(businesses)).toEqual([]);
    expect((await db.select().from(operatorAccounts)).map((row) => row.username)).toEqual(['director']);
    expect((await hall.app.inject({ method: 'GET', url: '/simulator/wechat/connect/oauth2/authorize' })).statusCode).toBe(404);
    // The console's screens answer an empty hall instead of failing.
    expect(await admin<{ sites: unknown[] }>('appointment-settings/get', {})).toMatchObject({ sites: [], businesses: [] });
    expect(await admin('queue/settings', {})).toEqual([]);
  });

  it('takes every setting through the console calls, and a citizen then finds a working hall', async () => {
    // 1. The catalogue: a business of 转移登记 in 邯郸市 (130400), its guide and materials.
    const catalogue = await admin<{ items: { id: string; prodefName: string }[] }>('catalogue/save', {
      prodefName: '二手房买卖转移登记',
      pair: 'pd-200-4',
      yhlx: '0',
      xzqdm: '130400',
      areaname: '邯郸市',
      sort: 1,
    });
    const business = catalogue.items.find((item) => item.prodefName === '二手房买卖转移登记')!;
    // Content is kept by an editor (内容编辑) the administrator adds.
    const editor = await staff('editor', ['content']);
    await as(editor, 'content/guides/save', {
      prodefid: business.id,
      title: '二手房买卖转移登记办事指南',
      content: '<p>携带身份证和不动产权证书到窗口办理。</p>',
      cdzmyhxzContent: '<p>无</p>',
      materials: [
        { name: '身份证', required: true },
        { name: '不动产权证书', required: true },
      ],
    });

    // 2. An appointment site with a business, its address, and its calendar (a holiday).
    const site = await admin<{ areaId: string; sites: { areaId: string; areaName: string }[] }>('appointment-settings/site/save', { areaName: '邯郸市不动产登记中心', xzqdm: '130400', sort: 1 });
    const areaId = site.sites.find((item) => item.areaName === '邯郸市不动产登记中心')!.areaId;
    const withBusiness = await admin<{ businesses: { processId: string; processName: string }[] }>('appointment-settings/business/save', { areaId, processName: '不动产登记', sort: 1 });
    expect(withBusiness.businesses.map((item) => item.processName)).toEqual(['不动产登记']);
    await as(editor, 'content/sites/save', { id: areaId, address: '河北省邯郸市丛台区滏东北大街566号', worktime: '周一至周五 09:00-17:00', phone: '0310-3101234', lat: '36.6257', lng: '114.5391' });
    await admin('appointment-settings/weekdays', { areaId, workingWeekdays: '12345' });
    // A weekday of the coming week, closed.
    const holiday = [3, 4, 5, 6, 7].map((ahead) => formatShanghaiDate(new Date(Date.now() + ahead * 24 * 60 * 60 * 1000))).find((date) => ![0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay()))!;
    await admin('appointment-settings/day', { areaId, day: holiday, kind: 'holiday', note: '系统维护' });

    // 3. A queue hall with a group, its businesses and a closed day.
    const queueHall = await admin<{ id: string; name: string }>('queue/hall/save', {
      name: '邯郸市不动产登记中心',
      address: '河北省邯郸市丛台区滏东北大街566号',
      worktime: '周一至周五 09:00-17:00',
      phone: '0310-3101234',
      sort: 1,
      strtime: '09:00',
      endtime: '12:00',
      addtime: 60,
      yuyueabovetime: 30,
      cancelyuyuetime: 30,
      yuyueday: 7,
    });
    const comID = queueHall.id;
    const withGroup = await admin<{ groups: { id: string; name: string }[] }>('queue/group/save', { comID, name: '登记业务', prefix: 'A', remark: '', capacity: 10, sort: 1 });
    const groupId = withGroup.groups[0]!.id;
    await admin('queue/business/save', { groupId, name: '转移登记', sort: 1 });
    await admin('queue/business/save', { groupId, name: '抵押登记', sort: 2 });

    // 4. Content: the contact lines and a menu tile.
    await as(editor, 'content/contact/save', { lines: ['咨询电话：0310-3101234'] });
    const group = await as<{ id: string }>(editor, 'content/menus/save', { parentId: null, menuname: '办事服务', menutype: 'click', url: '', imgpath: '', bz: '', visible: true });
    await as(editor, 'content/menus/save', { parentId: group.id, menuname: '窗口预约', menutype: 'click', url: '/appointment', imgpath: '/online/assets/icons/counter.svg', bz: '', visible: true });

    // A citizen of 邯郸市 (a verified profile, as the WeChat sign-in and FaceID leave it).
    const citizen = await hall.quickCitizen('fresh-citizen');

    // The catalogue lists the business, with its guide.
    const sel = await hall.post(`${APPLY}/initSel`, { xzqdm: '130400' });
    const listed = (sel.body.data as { selList: { Prodef_name: string; Prodefs: { id: string; prodef_name: string }[] }[] }).selList;
    expect(listed.map((parent) => parent.Prodef_name)).toEqual(['转移登记']);
    expect(listed[0]!.Prodefs.map((prodef) => prodef.prodef_name)).toEqual(['二手房买卖转移登记']);
    const guide = await hall.post(`${APPLY}/initGuide`, { prodefid: business.id });
    expect(guide.body).toMatchObject({ errcode: '00', data: { title: '二手房买卖转移登记办事指南' } });
    const started = await hall.post(`${APPLY}/getApplyCode`, { prodefid: business.id, appointment: '0' }, citizen);
    expect(started.body.errcode, JSON.stringify(started.body)).toBe('00');

    // A slot of the new site can be booked.
    const calendar = await hall.post(`${APPOINT}/getCalendar`, {}, citizen);
    const days = calendar.body.data as { calendarId: string; calendar: string; holiday: number; areaName: string }[];
    expect(days.find((day) => day.calendar === holiday)?.holiday).toBe(1);
    const open = days.find((day) => day.holiday === 0)!;
    expect(open.areaName).toBe('邯郸市不动产登记中心');
    const counts = await hall.post(`${APPOINT}/queryApmCount`, { calendarId: open.calendarId }, citizen);
    const slot = (counts.body.data as { counts: { countId: string; timeName: string; maxNum: number }[] }).counts[0]!;
    expect(slot).toMatchObject({ timeName: '09:00-10:00', maxNum: 10 });
    const booked = await hall.post(
      `${APPOINT}/addApmCount`,
      { name: '王五', phone: '13812341234', zjh: '11010519491231002X', yysj: `${open.calendar} ${slot.timeName}`, calendarId: open.calendarId, countId: slot.countId },
      citizen,
    );
    expect(booked.body, JSON.stringify(booked.body)).toMatchObject({ state: 1 });

    // A number of the new queue hall can be taken, for one of its businesses.
    const companies = await hall.post(`${CALLNUM}/company/comlist`, {});
    expect(companies.body.data).toEqual([{ id: comID, name: '邯郸市不动产登记中心' }]);
    const sellist = await hall.post(`${CALLNUM}/business/sellist`, { comID, groupId });
    expect((sellist.body.data as { name: string }[]).map((item) => item.name)).toEqual(['转移登记', '抵押登记']);
    const queueDays = (await hall.post(`${CALLNUM}/makeanapp/resdate`, { comID })).body.data as { date: string; holiday: number }[];
    const day = queueDays.slice(1).find((item) => item.holiday === 0)!.date;
    const taken = await hall.post(`${CALLNUM}/order/add`, { name: '王五', phone: '13812341234', remark: '转移登记', queueid: groupId, resDay: day, resTime: '09:00-10:00' }, citizen);
    expect(taken.body, JSON.stringify(taken.body)).toMatchObject({ stat: 1, data: { number: 'A001', companyName: '邯郸市不动产登记中心', groupName: '登记业务' } });

    // The contact lines and the menu reach the citizen.
    expect((await hall.post(`${APPLY}/getContactUs`, {})).body).toMatchObject({ errcode: '00', data: '咨询电话：0310-3101234' });
  });
});
