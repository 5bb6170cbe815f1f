import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { appointmentCalendars, appointmentOrders, appointmentSlots, applications } from '../../../src/db/schema';
import { DEMO_BUSINESSES } from '../../../src/seed/apply-catalogue';
import { CASE_ALREADY_BOOKED, CASE_NOT_BOOKABLE, DAY_NOT_BOOKABLE, SLOT_NOT_FOUND } from '../../../src/services/appointments/booking/appointments';
import { randomId } from '../../../src/lib/ids';
import { testHallForFile } from '../../hall';
import { setSlotPlaces } from '../settings/booking-helpers';
import { rowById } from '../../rows';
import { caseColumns, ownerAndStranger } from '../../application-helpers';

const BASE = '/online/public/appointment';
const AREA = 'ap-659000-1';
const PROCESS = 'ap-659000-1-p1';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const hall = testHallForFile();
let owner: string;
let other: string;
const business = DEMO_BUSINESSES[0]!;

beforeAll(async () => {
  [owner, other] = await ownerAndStranger(hall, 'apm-owner', 'apm-other');
});

async function get(url: string, cookie?: string) {
  const response = await hall.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return { status: response.statusCode, body: response.json() as unknown };
}

/** Posts the booking as the form the spec says it is. */
async function book(fields: Record<string, string>, cookie?: string) {
  const response = await hall.app.inject({
    method: 'POST',
    url: `${BASE}/addByWlsh/`,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  });
  return { status: response.statusCode, body: response.json() as { state: number; msg?: string; errmsg?: string; data?: { id: string } } };
}

let caseSerial = 0;
/** A case of the citizen in the given review state, written straight to the database; answers its prolsh. */
async function caseOf(openid: string, shzt = 0): Promise<string> {
  caseSerial += 1;
  const prolsh = `HD2611${String(caseSerial).padStart(6, '0')}${randomId(4)}`;
  await hall.connection.db.insert(applications).values({
    ...caseColumns(openid),
    name: business.prodefName ?? '房屋登记',
    prolsh: shzt === -1 ? null : prolsh,
    slbh: `SL${prolsh}`,
    shzt,
    submittedAt: shzt === -1 ? null : new Date(),
  });
  if (shzt === -1)
    await hall.connection.db
      .update(applications)
      .set({ prolsh })
      .where(eq(applications.slbh, `SL${prolsh}`));
  return prolsh;
}

interface Day {
  calendarId: string;
  calendar: string;
  timeClass: string;
  holiday: number;
}
interface Slot {
  timeId: string;
  timeName: string;
  maxNum: number;
  countNum: number;
}

async function openDays(): Promise<Day[]> {
  const { body } = await get(`${BASE}/calendars/${AREA}`);
  return (body as Day[]).filter((day) => day.holiday === 0);
}
async function slotsOf(day: Day, processId = PROCESS): Promise<Slot[]> {
  return (await get(`${BASE}/counts/${day.calendarId}/${day.timeClass}/${processId}`)).body as Slot[];
}
/** The first open day from `from` on with at least `count` slots (a Friday is open in the morning only). */
async function dayWithSlots(from: number, count: number): Promise<{ day: Day; slots: Slot[] }> {
  for (const day of (await openDays()).slice(from)) {
    const slots = await slotsOf(day);
    if (slots.length >= count) return { day, slots };
  }
  throw new Error(`no open day with ${count} slots`);
}
function bookingFields(day: Day, slot: Slot, wlsh: string, extra: Record<string, string> = {}): Record<string, string> {
  return { area: AREA, process: PROCESS, calendar: day.calendarId, time: slot.timeId, name: '张三', code: '11010519491231002X', phone: '13812341234', bdcdjzh: '', wlsh, xzqdm: '659000', ...extra };
}
async function slotRow(timeId: string) {
  const row = await rowById(hall, appointmentSlots, timeId);
  return row!;
}
async function ordersOf(openid: string) {
  return hall.connection.db.select().from(appointmentOrders).where(eq(appointmentOrders.openid, openid));
}

describe('areas, businesses, calendar, slots and sites', () => {
  it('areabyxzq answers state 1 and the areas of the district', async () => {
    const { status, body } = await get(`${BASE}/areabyxzq?xzqdm=659000`);
    expect(status).toBe(200);
    expect(body).toEqual({
      state: 1,
      data: [
        { areaId: 'ap-659000-1', areaName: '石河子市不动产登记中心' },
        { areaId: 'ap-659000-2', areaName: '五家渠市不动产登记服务大厅' },
      ],
    });
    expect((await get(`${BASE}/areabyxzq?xzqdm=999999`)).body).toEqual({ state: 1, data: [] });
    expect((await get(`${BASE}/areabyxzq`)).body).toEqual({ state: 1, data: [] });
  });

  it('areabyxzq refuses an oversize district code with a Chinese message', async () => {
    const { status, body } = await get(`${BASE}/areabyxzq?xzqdm=${'1'.repeat(50)}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ state: 0, msg: expect.stringContaining('提交的信息有误') });
  });

  it('processes lists the businesses of an area, and nothing for an unknown one', async () => {
    const { status, body } = await hall.post(`${BASE}/processes/${AREA}`, {});
    expect(status).toBe(200);
    expect(body).toEqual([
      { processId: 'ap-659000-1-p1', processName: '一般登记窗口' },
      { processId: 'ap-659000-1-p2', processName: '抵押登记窗口' },
      { processId: 'ap-659000-1-p3', processName: '查询及证书领取窗口' },
    ]);
    expect((await hall.post(`${BASE}/processes/nope`, {})).body).toEqual([]);
  });

  it('calendars gives three weeks of dates only, weekends closed, Fridays morning only', async () => {
    const { status, body } = await get(`${BASE}/calendars/${AREA}`);
    expect(status).toBe(200);
    const days = body as Day[];
    expect(days.length).toBeGreaterThanOrEqual(14);
    for (const day of days) {
      expect(day.calendar).toMatch(DATE);
      const weekday = new Date(`${day.calendar}T00:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6) expect(day.holiday).toBe(1);
      else expect(day.timeClass).toBe(weekday === 5 ? '2' : '1');
    }
    expect([...days].map((d) => d.calendar)).toEqual([...days].map((d) => d.calendar).sort());
    expect((await get(`${BASE}/calendars/nope`)).body).toEqual([]);
  });

  it('counts gives the slots of a day and business; a wrong class or id gives none', async () => {
    const days = await openDays();
    const fullDay = days.find((d) => d.timeClass === '1')!;
    const slots = await slotsOf(fullDay);
    expect(slots.map((s) => s.timeName)).toEqual(['09:00-10:00', '10:00-11:00', '11:00-12:00', '14:00-15:00', '15:00-16:00', '16:00-17:00']);
    expect(slots[0]).toMatchObject({ maxNum: 10, countNum: 0, timeId: expect.stringMatching(/^\d+$/) });
    const friday = days.find((d) => d.timeClass === '2');
    if (friday) expect((await slotsOf(friday)).map((s) => s.timeName)).toEqual(['09:00-10:00', '10:00-11:00', '11:00-12:00']);
    expect((await get(`${BASE}/counts/${fullDay.calendarId}/2/${PROCESS}`)).body).toEqual([]);
    expect((await get(`${BASE}/counts/abc/1/${PROCESS}`)).body).toEqual([]);
  });

  it('area/ answers state 1 and the sites, one of them without an address', async () => {
    const { status, body } = await get(`${BASE}/area/`);
    expect(status).toBe(200);
    const { state, data } = body as { state: number; data: { areaName: string; address: string; worktime: string; phone: string; lat: string; lng: string }[] };
    expect(state).toBe(1);
    // The hall's own city only (HALL_XZQDM 130400): the sites kept for other districts' rules are not listed.
    expect(data.map((s) => s.areaName)).toEqual(['邯郸市不动产登记中心', '邯山区不动产登记服务大厅', '复兴区不动产登记服务大厅']);
    expect(data.find((s) => s.areaName === '复兴区不动产登记服务大厅')).toMatchObject({ address: expect.stringContaining('复兴区'), phone: '0310-4021234', lat: '36.6122', lng: '114.4431' });
    expect(data.filter((s) => s.address === '')).toHaveLength(0);
  });
});

describe('addByWlsh', () => {
  it('books the citizen own submitted case and answers the default success message', async () => {
    const wlsh = await caseOf('apm-owner');
    const day = (await openDays())[0]!;
    const slot = (await slotsOf(day))[0]!;
    const { status, body } = await book(bookingFields(day, slot, wlsh, { openid: 'apm-owner' }), owner);
    expect(status).toBe(200);
    expect(body.state).toBe(1);
    expect(body.msg).toBe(`您申请的业务${wlsh}已预约成功，预约时间为${day.calendar} ${slot.timeName},稍后我们将以手机短信通知`);
    expect((await slotsOf(day))[0]!.countNum).toBe(slot.countNum + 1);
    const [order] = (await ordersOf('apm-owner')).filter((o) => o.wlsh === wlsh);
    expect(order).toMatchObject({ bookedDate: day.calendar, name: '张三', code: '11010519491231002X', phone: '13812341234', slotId: Number(slot.timeId) });
  });

  it('answers the 140200 message with the case number', async () => {
    const wlsh = await caseOf('apm-owner');
    const day = (await openDays())[1]!;
    const slot = (await slotsOf(day))[1]!;
    const { status, body } = await book(bookingFields(day, slot, wlsh, { xzqdm: '140200' }), owner);
    expect(status).toBe(200);
    expect(body).toMatchObject({ state: 1, msg: `预约申请已提交，您的预约单号为${wlsh}请如期办理` });
  });

  it.each([
    ['area', '办理地点不能为空'],
    ['process', '办理业务不能为空'],
    ['calendar', '办理日期不能为空'],
    ['time', '办理时间不能为空'],
  ])('a missing %s gives %s and books nothing', async (field, message) => {
    const wlsh = await caseOf('apm-owner');
    const day = (await openDays())[2]!;
    const slot = (await slotsOf(day))[0]!;
    const before = (await ordersOf('apm-owner')).length;
    const { status, body } = await book(bookingFields(day, slot, wlsh, { [field]: ' ' }), owner);
    expect(status).toBe(400);
    expect(body).toMatchObject({ state: 0, msg: message });
    expect(await ordersOf('apm-owner')).toHaveLength(before);
  });

  it('checks the fields in the spec order: location first', async () => {
    const { body } = await book({ wlsh: 'x' }, owner);
    expect(body.msg).toBe('办理地点不能为空');
  });

  it('refuses a full slot with the spec message and changes nothing', async () => {
    const wlsh = await caseOf('apm-owner');
    const day = (await openDays())[3]!;
    const slot = (await slotsOf(day))[2]!;
    await setSlotPlaces(hall, slot.timeId, { maxNum: 1, countNum: 1 });
    const { status, body } = await book(bookingFields(day, slot, wlsh), owner);
    expect(status).toBe(409);
    expect(body).toMatchObject({ state: 0, msg: '该时间段预约已满，请选择其他时间段！' });
    expect(await slotRow(slot.timeId)).toMatchObject({ countNum: 1 });
    expect((await ordersOf('apm-owner')).filter((o) => o.wlsh === wlsh)).toHaveLength(0);
  });

  it('refuses a second booking of the same user on one date', async () => {
    const [first, second] = [await caseOf('apm-owner'), await caseOf('apm-owner')];
    const day = (await openDays())[4]!;
    const [a, b] = await slotsOf(day);
    expect((await book(bookingFields(day, a!, first), owner)).body.state).toBe(1);
    const { status, body } = await book(bookingFields(day, b!, second), owner);
    expect(status).toBe(409);
    expect(body.msg).toBe('您已预约，不能重复预约！');
    expect(await slotRow(b!.timeId)).toMatchObject({ countNum: 0 });
  });

  it('refuses to book the same case twice', async () => {
    const wlsh = await caseOf('apm-owner');
    const days = await openDays();
    const first = days[5]!;
    const later = days[6]!;
    expect((await book(bookingFields(first, (await slotsOf(first))[0]!, wlsh), owner)).body.state).toBe(1);
    const slot = (await slotsOf(later))[0]!;
    const { status, body } = await book(bookingFields(later, slot, wlsh), owner);
    expect(status).toBe(409);
    expect(body.msg).toBe(CASE_ALREADY_BOOKED);
    expect(await slotRow(slot.timeId)).toMatchObject({ countNum: 0 });
  });

  it('refuses a draft case, an unknown case and someone else case', async () => {
    const day = (await openDays())[7]!;
    const slot = (await slotsOf(day))[0]!;
    const draft = await caseOf('apm-owner', -1);
    const othersCase = await caseOf('apm-other');
    for (const wlsh of [draft, 'HD000000', othersCase, '']) {
      const { status, body } = await book(bookingFields(day, slot, wlsh), owner);
      expect(status).toBe(400);
      expect(body.msg).toBe(CASE_NOT_BOOKABLE);
    }
    expect(await slotRow(slot.timeId)).toMatchObject({ countNum: 0 });
    expect((await ordersOf('apm-other')).length).toBe(0);
  });

  it('refuses a slot that is not of the chosen area, business and day, and a closed day', async () => {
    const wlsh = await caseOf('apm-owner');
    const days = await openDays();
    const day = days[8]!;
    const slot = (await slotsOf(day))[0]!;
    const otherDay = days[9]!;
    expect((await book(bookingFields(otherDay, slot, wlsh), owner)).body.msg).toBe(SLOT_NOT_FOUND);
    expect((await book(bookingFields(day, slot, wlsh, { process: 'ap-659000-1-p2' }), owner)).body.msg).toBe(SLOT_NOT_FOUND);
    expect((await book(bookingFields(day, slot, wlsh, { area: 'ap-659000-2' }), owner)).body.msg).toBe(SLOT_NOT_FOUND);
    expect((await book(bookingFields(day, slot, wlsh, { time: 'abc' }), owner)).body.msg).toBe(SLOT_NOT_FOUND);
    await hall.connection.db
      .update(appointmentCalendars)
      .set({ holiday: 1 })
      .where(eq(appointmentCalendars.id, Number(day.calendarId)));
    const closed = await book(bookingFields(day, slot, wlsh), owner);
    expect(closed).toMatchObject({ status: 400, body: { msg: DAY_NOT_BOOKABLE } });
    await hall.connection.db
      .update(appointmentCalendars)
      .set({ holiday: 0 })
      .where(eq(appointmentCalendars.id, Number(day.calendarId)));
  });

  it('refuses a payload openid that is not the session, and a caller without a session', async () => {
    const wlsh = await caseOf('apm-owner');
    const day = (await openDays())[0]!;
    const slot = (await slotsOf(day))[3]!;
    const forged = await book(bookingFields(day, slot, wlsh, { openid: 'apm-other' }), owner);
    expect(forged.status).toBe(403);
    expect(forged.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    const anonymous = await book(bookingFields(day, slot, wlsh));
    expect(anonymous.status).toBe(401);
    expect(await slotRow(slot.timeId)).toMatchObject({ countNum: 0 });
  });

  it('refuses oversize input with a Chinese message', async () => {
    const { status, body } = await book({ area: 'x'.repeat(100), process: 'p', calendar: '1', time: '1', wlsh: 'w' }, owner);
    expect(status).toBe(400);
    expect(body.msg).toContain('提交的信息有误');
  });
});

describe('apmorder detail and list', () => {
  it('the owner reads an order and the list; a second citizen reads neither', async () => {
    const wlsh = await caseOf('apm-owner');
    const day = (await openDays())[10]!;
    const slot = (await slotsOf(day))[4]!;
    const booked = await book(bookingFields(day, slot, wlsh), owner);
    const id = booked.body.data!.id;

    const detail = await get(`${BASE}/apmorder/detail?id=${id}`, owner);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      state: 1,
      data: {
        id,
        name: '张三',
        phone: '13812341234',
        code: '11010519491231002X',
        createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        extendData: { wlsh, calendar: day.calendar, timeName: slot.timeName, processName: '一般登记窗口', areaName: '石河子市不动产登记中心', djlx: expect.any(String) },
      },
    });

    const list = await get(`${BASE}/apmorder/list?openid=apm-owner`, owner);
    expect(list.status).toBe(200);
    const orders = (list.body as { data: { id: string }[] }).data;
    expect(orders.map((o) => o.id)).toContain(id);
    expect(orders.length).toBe((await ordersOf('apm-owner')).length);

    const stranger = await get(`${BASE}/apmorder/detail?id=${id}`, other);
    expect(stranger).toMatchObject({ status: 404, body: { state: 0, msg: '查询无数据' } });
    expect((await get(`${BASE}/apmorder/list`, other)).body).toEqual({ state: 1, data: [] });
    expect((await get(`${BASE}/apmorder/list?openid=apm-owner`, other)).status).toBe(403);
    expect((await get(`${BASE}/apmorder/detail?id=abc`, owner)).status).toBe(404);
    expect((await get(`${BASE}/apmorder/list`)).status).toBe(401);
  });
});

describe('booking under load', () => {
  it('200 citizens booking one slot of 20 at once: exactly 20 succeed and countNum ends at 20', async () => {
    const { day, slots } = await dayWithSlots(11, 6);
    const slot = slots[5]!;
    await setSlotPlaces(hall, slot.timeId, { maxNum: 20, countNum: 0 });
    const citizens = await Promise.all(
      Array.from({ length: 200 }, async (_, index) => {
        const openid = `apm-load-${index}`;
        const cookie = await hall.quickCitizen(openid);
        return { cookie, wlsh: await caseOf(openid) };
      }),
    );
    const results = await Promise.all(citizens.map(({ cookie, wlsh }) => book(bookingFields(day, slot, wlsh), cookie)));
    expect(results.filter((r) => r.body.state === 1)).toHaveLength(20);
    const refused = results.filter((r) => r.body.state !== 1);
    expect(refused).toHaveLength(180);
    for (const r of refused) expect(r).toMatchObject({ status: 409, body: { msg: '该时间段预约已满，请选择其他时间段！' } });
    expect(await slotRow(slot.timeId)).toMatchObject({ countNum: 20, maxNum: 20 });
    const orders = await hall.connection.db
      .select()
      .from(appointmentOrders)
      .where(eq(appointmentOrders.slotId, Number(slot.timeId)));
    expect(orders).toHaveLength(20);
  }, 60_000);

  it('two bookings by one user for one date at once: exactly one succeeds', async () => {
    const cookie = await hall.quickCitizen('apm-twice');
    const [first, second] = [await caseOf('apm-twice'), await caseOf('apm-twice')];
    const day = (await openDays())[12]!;
    const [a, b] = await slotsOf(day);
    const results = await Promise.all([book(bookingFields(day, a!, first), cookie), book(bookingFields(day, b!, second), cookie)]);
    expect(results.filter((r) => r.body.state === 1)).toHaveLength(1);
    expect(results.find((r) => r.body.state !== 1)).toMatchObject({ status: 409, body: { msg: '您已预约，不能重复预约！' } });
    const counts = [(await slotRow(a!.timeId)).countNum, (await slotRow(b!.timeId)).countNum];
    expect(counts.sort()).toEqual([0, 1]);
    expect(
      await hall.connection.db
        .select()
        .from(appointmentOrders)
        .where(and(eq(appointmentOrders.openid, 'apm-twice'), eq(appointmentOrders.bookedDate, day.calendar))),
    ).toHaveLength(1);
  });

  // The two cases below hold the competing write open in a second connection, so the booking passes its
  // checks and only the database can stop it: the guarantee does not rest on the checks being first.
  async function whileHeld(sqlText: string, params: unknown[], during: () => Promise<void>): Promise<void> {
    const client = new pg.Client({ connectionString: hall.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(sqlText, params);
      await during();
    } finally {
      await client.query('COMMIT');
      await client.end();
    }
  }

  it('a slot filled by another transaction while a booking runs: the conditional update refuses it', async () => {
    const cookie = await hall.quickCitizen('apm-held-slot');
    const wlsh = await caseOf('apm-held-slot');
    const day = (await openDays())[13]!;
    const slot = (await slotsOf(day))[0]!;
    let pending!: Promise<Awaited<ReturnType<typeof book>>>;
    await whileHeld('UPDATE appointment_slots SET count_num = max_num WHERE id = $1', [Number(slot.timeId)], async () => {
      pending = book(bookingFields(day, slot, wlsh), cookie);
      await new Promise((done) => setTimeout(done, 300));
    });
    expect(await pending).toMatchObject({ status: 409, body: { msg: '该时间段预约已满，请选择其他时间段！' } });
    expect(await ordersOf('apm-held-slot')).toHaveLength(0);
    expect((await slotRow(slot.timeId)).countNum).toBe(slot.maxNum);
  });

  it('an order for that date committed by another transaction while a booking runs: the unique index refuses it and the count is rolled back', async () => {
    const cookie = await hall.quickCitizen('apm-held-date');
    const [mine, theirs] = [await caseOf('apm-held-date'), await caseOf('apm-held-date')];
    const day = (await openDays())[13]!;
    const [, slot, otherSlot] = await slotsOf(day);
    const [application] = await hall.connection.db.select().from(applications).where(eq(applications.prolsh, theirs));
    let pending!: Promise<Awaited<ReturnType<typeof book>>>;
    await whileHeld(
      `INSERT INTO appointment_orders (openid, application_id, wlsh, area_id, process_id, calendar_id, slot_id, booked_date, name, code, phone, extend_data)
       VALUES ('apm-held-date', $1, $2, $3, $4, $5, $6, $7, '王五', '', '', '{}')`,
      [application!.id, theirs, AREA, PROCESS, Number(day.calendarId), Number(otherSlot!.timeId), day.calendar],
      async () => {
        pending = book(bookingFields(day, slot!, mine), cookie);
        await new Promise((done) => setTimeout(done, 300));
      },
    );
    expect(await pending).toMatchObject({ status: 409, body: { msg: '您已预约，不能重复预约！' } });
    expect((await slotRow(slot!.timeId)).countNum).toBe(slot!.countNum);
    expect((await ordersOf('apm-held-date')).map((o) => o.wlsh)).toEqual([theirs]);
  });
});
