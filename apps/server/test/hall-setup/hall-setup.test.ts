import { and, eq, gt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentAreas,
  appointmentCalendars,
  appointmentProcesses,
  appointmentSlots,
  auditTrail,
  businessMaterials,
  businesses,
  counterBookings,
  guides,
  queueGroups,
  queueOrders,
} from '../../src/db/schema';
import { businessHasBookings, siteHasBookings, siteNameTaken } from '../../src/services/appointments/settings/appointment-sites';
import { businessHasApplications } from '../../src/services/applications/catalogue';
import { NOT_YOUR_HALL, SITE_UNKNOWN } from '../../src/services/operators/operator-sites';
import { closedDayHasNumbers, groupHasNumbers, hallHasNumbers } from '../../src/services/queue/setup/queue-settings';
import { startApplication, verifiedCitizen } from '../application-helpers';
import { AREA, PROCESS, book, openDays } from '../appointments/settings/booking-helpers';
import { testHallForFile } from '../hall';
import { callHall } from '../call';
import { contract } from '@hall/api';

const API = '/online/admin/api';
const CALLNUM = '/callnum/api';
const COMPANY = 'qc-130400';
const GROUP_A = 'qc-130400-a';

const hall = testHallForFile();
let admin: string;

beforeAll(async () => {
  admin = await hall.quickOperator('setup-admin', ['admin']);
});

const post = (path: string, body: object, cookie = admin) => hall.post(`${API}/${path}`, { reqseq: 'r', ...body }, cookie);

async function ok<T>(path: string, body: object, cookie = admin): Promise<T> {
  const { status, body: reply } = await post(path, body, cookie);
  expect(status, `${path}: ${JSON.stringify(reply)}`).toBe(200);
  return reply.data as T;
}

const db = () => hall.connection.db;

interface Settings {
  areaId: string;
  sites: { areaId: string; areaName: string }[];
  businesses: { processId: string; processName: string }[];
}

describe('appointment sites and their businesses', () => {
  it('creates a site whose calendar opens at once; a business added then has slots on every open day', async () => {
    const created = await ok<Settings>('appointment-settings/site/save', { areaName: '邯郸市复兴区分中心', xzqdm: '130400', sort: 5 });
    const areaId = created.sites.find((site) => site.areaName === '邯郸市复兴区分中心')!.areaId;
    expect(created.areaId).toBe(areaId);
    const days = await openDays(hall, areaId);
    expect(days.length).toBeGreaterThan(5);
    const withBusiness = await ok<Settings>('appointment-settings/business/save', { areaId, processName: '抵押登记', sort: 1 });
    const processId = withBusiness.businesses[0]!.processId;
    const slots = await db().select().from(appointmentSlots).where(eq(appointmentSlots.processId, processId));
    // The default slots (09:00-10:00 … with 10 places) on each open day.
    expect(new Set(slots.map((slot) => slot.calendarId))).toEqual(new Set(days.map((day) => day.id)));
    expect(slots.find((slot) => slot.timeName === '09:00-10:00')).toMatchObject({ maxNum: 10, countNum: 0 });
    const trail = await db()
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.target, `site:${areaId}`));
    expect(trail.map((row) => row.action)).toEqual(['site.create']);
  });

  it('refuses a second site of the same name in a district, an empty name, and NUL', async () => {
    const taken = await post('appointment-settings/site/save', { areaName: '邯郸市不动产登记中心', xzqdm: '130400' });
    expect(taken).toMatchObject({ status: 409, body: { errmsg: siteNameTaken('邯郸市不动产登记中心') } });
    expect((await post('appointment-settings/site/save', { areaName: '  ', xzqdm: '130400' })).body.errmsg).toBe('请填写网点名称');
    expect((await post('appointment-settings/site/save', { areaName: '网点\u0000', xzqdm: '130400' })).status).toBe(400);
    expect((await post('appointment-settings/business/save', { areaId: AREA, processName: 'a\u0000' })).status).toBe(400);
    expect((await post('appointment-settings/site/save', { areaName: '网点', xzqdm: '1304' })).body.errmsg).toBe('行政区代码应为6位数字，例如130400');
  });

  it('never removes a site or business that holds a booking: refused with the count, nothing gone', async () => {
    const [day] = await openDays(hall);
    await book(hall, day!, '09:00-10:00', { openid: 'setup-booker', name: '赵六', phone: '13912345678' });
    const site = await post('appointment-settings/site/delete', { areaId: AREA });
    expect(site).toMatchObject({ status: 409, body: { errmsg: siteHasBookings(1) } });
    const business = await post('appointment-settings/business/delete', { areaId: AREA, processId: PROCESS });
    expect(business).toMatchObject({ status: 409, body: { errmsg: businessHasBookings(1) } });
    expect(await db().select().from(appointmentAreas).where(eq(appointmentAreas.id, AREA))).toHaveLength(1);
    expect(await db().select().from(appointmentProcesses).where(eq(appointmentProcesses.id, PROCESS))).toHaveLength(1);
    expect(await db().select().from(counterBookings).where(eq(counterBookings.openid, 'setup-booker'))).toHaveLength(1);
  });

  it('removes a business and a site that never held a booking, with their calendar', async () => {
    const created = await ok<Settings>('appointment-settings/site/save', { areaName: '临时网点', xzqdm: '130400' });
    const areaId = created.areaId;
    const withBusiness = await ok<Settings>('appointment-settings/business/save', { areaId, processName: '查询', sort: 1 });
    const left = await ok<Settings>('appointment-settings/business/delete', { areaId, processId: withBusiness.businesses[0]!.processId });
    expect(left.businesses).toEqual([]);
    const after = await ok<Settings>('appointment-settings/site/delete', { areaId });
    expect(after.sites.map((site) => site.areaId)).not.toContain(areaId);
    expect(await db().select().from(appointmentCalendars).where(eq(appointmentCalendars.areaId, areaId))).toEqual([]);
  });
});

interface QueueHall {
  id: string;
  closedDays: { date: string; reason: string }[];
  workingDays: { date: string; reason: string }[];
  groups: { id: string; name: string; businesses: { name: string }[]; numbersEver: number }[];
}

describe('queue halls: group businesses, closed days, removal', () => {
  it('adds and removes a business of a group, which the citizen picks from', async () => {
    const halls = await ok<QueueHall[]>('queue/business/save', { groupId: GROUP_A, name: '更正登记', sort: 9 });
    const group = halls.find((item) => item.id === COMPANY)!.groups.find((item) => item.id === GROUP_A)!;
    expect(group.businesses.map((item) => item.name)).toContain('更正登记');
    const sellist = await hall.post(`${CALLNUM}/business/sellist`, { comID: COMPANY, groupId: GROUP_A });
    const added = (sellist.body.data as { id: string; name: string }[]).find((item) => item.name === '更正登记')!;
    expect(added).toBeDefined();
    expect((await post('queue/business/save', { groupId: GROUP_A, name: '更正登记' })).status).toBe(409);
    await ok('queue/business/delete', { id: added.id });
    const again = await hall.post(`${CALLNUM}/business/sellist`, { comID: COMPANY, groupId: GROUP_A });
    expect((again.body.data as { name: string }[]).map((item) => item.name)).not.toContain('更正登记');
  });

  it('closes a day (the citizen sees it closed) and opens it again; a past date is refused', async () => {
    const days = (await hall.post(`${CALLNUM}/makeanapp/resdate`, { comID: COMPANY })).body.data as { date: string; holiday: number }[];
    const open = days.slice(1).find((day) => day.holiday === 0)!.date;
    const closed = await ok<QueueHall[]>('queue/closed-day/save', { comID: COMPANY, date: open, closed: true, reason: '系统升级' });
    expect(closed.find((item) => item.id === COMPANY)!.closedDays).toContainEqual({ date: open, reason: '系统升级' });
    const seen = (await hall.post(`${CALLNUM}/makeanapp/resdate`, { comID: COMPANY })).body.data as { date: string; holiday: number }[];
    expect(seen.find((day) => day.date === open)!.holiday).toBe(1);
    const reopened = await ok<QueueHall[]>('queue/closed-day/save', { comID: COMPANY, date: open, closed: false });
    expect(reopened.find((item) => item.id === COMPANY)!.closedDays.map((day) => day.date)).not.toContain(open);
    expect((await post('queue/closed-day/save', { comID: COMPANY, date: '2020-01-01', closed: true })).body.errmsg).toBe('不能设置今天以前的日期，请选择今天或以后的日期');
  });

  it('opens a weekend day as a working day (调休上班), which the citizen sees open, and takes it back', async () => {
    const days = (await hall.post(`${CALLNUM}/makeanapp/resdate`, { comID: COMPANY })).body.data as { date: string; holiday: number; week: string }[];
    const weekend = days.find((day) => day.week === '星期六' || day.week === '星期日')!;
    expect(weekend.holiday).toBe(1);
    const opened = await ok<QueueHall[]>('queue/closed-day/save', { comID: COMPANY, date: weekend.date, closed: false, reason: '调休上班' });
    expect(opened.find((item) => item.id === COMPANY)!.workingDays).toContainEqual({ date: weekend.date, reason: '调休上班' });
    const seen = (await hall.post(`${CALLNUM}/makeanapp/resdate`, { comID: COMPANY })).body.data as { date: string; holiday: number }[];
    expect(seen.find((day) => day.date === weekend.date)!.holiday).toBe(0);
    const closedAgain = await ok<QueueHall[]>('queue/closed-day/save', { comID: COMPANY, date: weekend.date, closed: true });
    expect(closedAgain.find((item) => item.id === COMPANY)!.workingDays.map((day) => day.date)).not.toContain(weekend.date);
    // Back to the weekend rule: closed without a closed day of its own.
    expect(closedAgain.find((item) => item.id === COMPANY)!.closedDays.map((day) => day.date)).not.toContain(weekend.date);
    const after = (await hall.post(`${CALLNUM}/makeanapp/resdate`, { comID: COMPANY })).body.data as { date: string; holiday: number }[];
    expect(after.find((day) => day.date === weekend.date)!.holiday).toBe(1);
  });

  it('never closes a day holding numbers, nor removes a hall or group that handed out any', async () => {
    const citizen = await hall.quickCitizen('setup-queue');
    const days = (await hall.post(`${CALLNUM}/makeanapp/resdate`, { comID: COMPANY })).body.data as { date: string; holiday: number }[];
    const day = days.slice(1).find((item) => item.holiday === 0)!.date;
    const taken = await hall.post(`${CALLNUM}/order/add`, { name: '王五', phone: '13812341234', queueid: GROUP_A, resDay: day, resTime: '09:00-10:00' }, citizen);
    expect(taken.body.stat).toBe(1);
    expect(await post('queue/closed-day/save', { comID: COMPANY, date: day, closed: true })).toMatchObject({ status: 409, body: { errmsg: closedDayHasNumbers(day, 1) } });
    expect(await post('queue/group/delete', { id: GROUP_A })).toMatchObject({ status: 409, body: { errmsg: groupHasNumbers(1) } });
    expect(await post('queue/hall/delete', { id: COMPANY })).toMatchObject({ status: 409, body: { errmsg: hallHasNumbers(1) } });
    expect(await db().select().from(queueGroups).where(eq(queueGroups.id, GROUP_A))).toHaveLength(1);
    expect(await db().select().from(queueOrders).where(eq(queueOrders.groupId, GROUP_A))).toHaveLength(1);
  });

  it('removes a group and a hall that never handed out a number', async () => {
    const created = await ok<{ id: string }>('queue/hall/save', {
      name: '临时大厅',
      address: '',
      worktime: '',
      phone: '',
      sort: 9,
      strtime: '09:00',
      endtime: '11:00',
      addtime: 60,
      yuyueabovetime: 30,
      cancelyuyuetime: 30,
      yuyueday: 5,
    });
    const withGroup = await ok<{ groups: { id: string }[] }>('queue/group/save', { comID: created.id, name: '综合', prefix: 'Z', remark: '', capacity: 5, sort: 1 });
    const afterGroup = await ok<QueueHall[]>('queue/group/delete', { id: withGroup.groups[0]!.id });
    expect(afterGroup.find((item) => item.id === created.id)!.groups).toEqual([]);
    const afterHall = await ok<QueueHall[]>('queue/hall/delete', { id: created.id });
    expect(afterHall.map((item) => item.id)).not.toContain(created.id);
  });
});

describe('the application catalogue', () => {
  it('adds a business the citizen then finds under its category, keeps its pair, and removes it while no application names it', async () => {
    const list = await ok<{ items: { id: string; prodefName: string; typeName: string; categoryName: string }[] }>('catalogue/save', {
      prodefName: '车位转移登记',
      pair: 'pd-200-4',
      yhlx: '0',
      xzqdm: '130400',
      areaname: '邯郸市',
      sort: 20,
    });
    const added = list.items.find((item) => item.prodefName === '车位转移登记')!;
    expect(added).toMatchObject({ typeName: '房屋登记', categoryName: '转移登记' });
    const sel = await callHall(hall, contract.initSel, { xzqdm: '130400' });
    const prodefs = sel.body.data!.selList.flatMap((parent) => parent.Prodefs);
    expect(prodefs.find((prodef) => prodef.id === added.id)).toMatchObject({ code: 'FWZYDJ' });
    const changedPair = await post('catalogue/save', { id: added.id, prodefName: '车位转移登记', pair: 'pd-100-4', yhlx: '0', xzqdm: '130400', areaname: '邯郸市' });
    expect(changedPair.status).toBe(409);
    expect((await post('catalogue/save', { prodefName: '无', pair: 'pd-999-1', yhlx: '0', xzqdm: '130400', areaname: '邯郸市' })).body.errmsg).toBe('请选择登记类型和权利类型');
    await ok('catalogue/delete', { id: added.id });
    expect(await db().select().from(businesses).where(eq(businesses.id, added.id))).toEqual([]);
  });

  it('takes the guide and the materials the content console gave a business with it when the business is removed', async () => {
    const list = await ok<{ items: { id: string; prodefName: string }[] }>('catalogue/save', { prodefName: '车库首次登记', pair: 'pd-100-4', yhlx: '0', xzqdm: '130400', areaname: '邯郸市' });
    const added = list.items.find((item) => item.prodefName === '车库首次登记')!;
    const content = await hall.quickOperator('setup-content', ['content']);
    await ok('content/guides/save', { prodefid: added.id, title: '车库首次登记办事指南', content: '<p>须知</p>', cdzmyhxzContent: '', materials: [{ name: '车库平面图', required: true }] }, content);
    expect(await db().select().from(guides).where(eq(guides.prodefid, added.id))).toHaveLength(1);
    expect(await db().select().from(businessMaterials).where(eq(businessMaterials.prodefId, added.id))).toMatchObject([{ name: '车库平面图', required: '是' }]);
    await ok('catalogue/delete', { id: added.id });
    expect(await db().select().from(guides).where(eq(guides.prodefid, added.id))).toEqual([]);
    expect(await db().select().from(businessMaterials).where(eq(businessMaterials.prodefId, added.id))).toEqual([]);
  });

  it('never removes a business an application was made for', async () => {
    const citizen = await verifiedCitizen(hall, 'setup-applicant');
    await startApplication(hall, citizen, 'pd-200-4');
    expect(await post('catalogue/delete', { id: 'pd-200-4' })).toMatchObject({ status: 409, body: { errmsg: businessHasApplications(1) } });
  });
});

describe('the sites an operator serves', () => {
  it('limits the counter day and calling to the operator’s own site and hall, and refuses a site that does not exist', async () => {
    const counter = await hall.quickOperator('setup-counter', ['counter']);
    const { items } = await ok<{ items: { id: number; username: string }[] }>('operators/list', {});
    const id = items.find((item) => item.username === 'setup-counter')!.id;
    expect(await post('operators/sites/save', { id, sites: ['nowhere'] })).toMatchObject({ status: 400, body: { errmsg: SITE_UNKNOWN } });

    // Untied: every site and hall.
    const before = await ok<{ sites: unknown[] }>('counter-day/get', {}, counter);
    expect(before.sites.length).toBeGreaterThan(1);

    await ok('operators/sites/save', { id, sites: ['ap-130400-1', 'qc-130402'] });
    const listed = await ok<{ accounts: { id: number; sites: string[] }[] }>('operators/sites', {});
    expect(listed.accounts.find((account) => account.id === id)!.sites).toEqual(['ap-130400-1', 'qc-130402']);
    const day = await ok<{ areaId: string; sites: { areaId: string }[] }>('counter-day/get', {}, counter);
    expect(day.areaId).toBe('ap-130400-1');
    expect(day.sites.map((site) => site.areaId)).toEqual(['ap-130400-1']);
    expect((await post('counter-day/get', { areaId: 'ap-140200-1' }, counter)).status).toBe(404);
    const groups = await ok<{ id: string }[]>('queue/calling/groups', {}, counter);
    expect(groups.map((item) => item.id)).toEqual(['qc-130402']);
    expect(await post('queue/calling/board', { groupId: GROUP_A }, counter)).toMatchObject({ status: 403, body: { errmsg: NOT_YOUR_HALL } });
    expect((await post('queue/calling/board', { groupId: 'qc-130402-a' }, counter)).status).toBe(200);
    const trail = await db()
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.action, 'operator.sites'), gt(auditTrail.id, 0)));
    expect(trail.at(-1)).toMatchObject({ target: `operator:${id}`, after: { sites: ['ap-130400-1', 'qc-130402'] } });
  });
});
