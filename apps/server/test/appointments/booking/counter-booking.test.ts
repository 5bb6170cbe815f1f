import { and, desc, eq, gt, gte } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_HORIZON_DAYS } from '@hall/domain';
import { applications, appointmentCalendars, appointmentOrders, appointmentProcesses, appointmentSlots, counterBookings } from '../../../src/db/schema';
import { DEMO_BUSINESSES } from '../../../src/seed/apply-catalogue';
import { formatShanghaiDate } from '../../../src/lib/shanghai-time';
import { CASE_ALREADY_BOOKED, CASE_NOT_BOOKABLE, DAY_NOT_BOOKABLE, SLOT_NOT_FOUND } from '../../../src/services/appointments/booking/appointments';
import { comingCalendarDays, extendAppointmentCalendars, startCalendarExtension } from '../../../src/services/appointments/settings/calendar-extension';
import { testHallForFile } from '../../hall';
import { setSlotPlaces } from '../settings/booking-helpers';
import { rowById } from '../../rows';
import { caseColumns, ownerAndStranger } from '../../application-helpers';

const BASE = '/online/wx/appoint';
/** The test citizens live in 130400 (as a WeChat sign-in sets it) and book at its first hall and first window. */
const AREA = 'ap-130400-1';
const PROCESS = 'ap-130400-1-p1';
const HALL_NAME = '邯郸市不动产登记中心';
const SLOT_FULL = '该时间段预约已满，请选择其他时间段！';
const ALREADY_BOOKED = '您已预约，不能重复预约！';

interface Day {
  calendarId: string;
  calendar: string;
  weekday: string;
  holiday: number;
  areaName: string;
}
interface Slot {
  countId: string;
  timeName: string;
  countNum: number;
  maxNum: number;
}
interface Reply<T> {
  state: number;
  msg?: string;
  errmsg?: string;
  data?: T;
}

const hall = testHallForFile();
let owner: string;
let other: string;

beforeAll(async () => {
  [owner, other] = await ownerAndStranger(hall, 'cb-owner', 'cb-other');
});

async function call<T>(name: string, body: Record<string, unknown>, cookie?: string) {
  const { status, body: reply } = await hall.post(`${BASE}/${name}`, body, cookie);
  return { status, body: reply as unknown as Reply<T> };
}

async function openDays(cookie = owner): Promise<Day[]> {
  const { body } = await call<Day[]>('getCalendar', {}, cookie);
  return body.data!.filter((day) => day.holiday === 0);
}

async function slotsOf(day: Day, cookie = owner): Promise<Slot[]> {
  const { body } = await call<{ booked: boolean; counts: Slot[] }>('queryApmCount', { calendarId: day.calendarId }, cookie);
  return body.data!.counts;
}

function booking(day: Day, slot: Slot, extra: Record<string, string> = {}) {
  return { name: '张三', phone: '13812341234', zjh: '11010519491231002x', yysj: `${day.calendar} ${slot.timeName}`, calendarId: day.calendarId, countId: slot.countId, ...extra };
}

async function slotRow(countId: string) {
  const row = await rowById(hall, appointmentSlots, countId);
  return row!;
}

async function bookingsOf(openid: string) {
  return hall.connection.db.select().from(counterBookings).where(eq(counterBookings.openid, openid));
}

let caseSerial = 0;
/** A case of the citizen in the given review state, written straight to the database; answers its id and prolsh. */
async function caseOf(openid: string, shzt = 0, kyy = '1'): Promise<{ id: string; prolsh: string }> {
  caseSerial += 1;
  const business = DEMO_BUSINESSES[0]!;
  const prolsh = `CB2611${String(caseSerial).padStart(6, '0')}`;
  const [row] = await hall.connection.db
    .insert(applications)
    .values({
      ...caseColumns(openid),
      name: business.prodefName ?? '房屋登记',
      prolsh,
      slbh: `SL${prolsh}`,
      shzt,
      kyy,
      submittedAt: new Date(),
    })
    .returning({ id: applications.id });
  return { id: String(row!.id), prolsh };
}

describe('getCalendar', () => {
  it('answers the coming days of the citizen hall with weekday, closed days marked holiday 1', async () => {
    const { status, body } = await call<Day[]>('getCalendar', { reqseq: 'r' }, owner);
    expect(status).toBe(200);
    expect(body.state).toBe(1);
    const days = body.data!;
    expect(days.length).toBe(CALENDAR_HORIZON_DAYS);
    const today = formatShanghaiDate(new Date());
    for (const day of days) {
      expect(day.calendar).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(day.calendar > today).toBe(true);
      expect(day.areaName).toBe(HALL_NAME);
      const weekend = day.weekday === '星期六' || day.weekday === '星期日';
      if (weekend) expect(day.holiday).toBe(1);
    }
    expect(days.map((day) => day.calendar)).toEqual([...days.map((day) => day.calendar)].sort());
    expect(days.some((day) => day.weekday === '星期六' && day.holiday === 1)).toBe(true);
    expect(days.some((day) => day.weekday === '星期一' && day.holiday === 0)).toBe(true);
  });

  it('uses the hall of the citizen district when it has one', async () => {
    const cookie = await hall.quickCitizen('cb-datong', { xzqdm: '140200' });
    const { body } = await call<Day[]>('getCalendar', {}, cookie);
    expect(body.data![0]!.areaName).toBe('大同市不动产登记中心');
  });

  it('needs a session', async () => {
    const { status, body } = await call<Day[]>('getCalendar', {});
    expect(status).toBe(401);
    expect(body.state).not.toBe(1);
  });

  it('falls back to the default district hall when the citizen district has none', async () => {
    const cookie = await hall.quickCitizen('cb-nohall', { xzqdm: '110101' });
    const { body } = await call<Day[]>('getCalendar', {}, cookie);
    expect(body.state).toBe(1);
    expect(body.data![0]!.areaName).toBe('石河子市不动产登记中心');
  });
});

describe('queryApmCount', () => {
  it('answers the slots of a day with booked count and max, and whether the citizen booked that date', async () => {
    const day = (await openDays())[0]!;
    const { status, body } = await call<{ booked: boolean; counts: Slot[] }>('queryApmCount', { phone: '13812341234', calendarId: day.calendarId, openId: 'cb-owner' }, owner);
    expect(status).toBe(200);
    expect(body.state).toBe(1);
    expect(body.data!.booked).toBe(false);
    const expected = day.weekday === '星期五' ? ['09:00-10:00', '10:00-11:00', '11:00-12:00'] : ['09:00-10:00', '10:00-11:00', '11:00-12:00', '14:00-15:00', '15:00-16:00', '16:00-17:00'];
    expect(body.data!.counts.map((slot) => slot.timeName)).toEqual(expected);
    for (const slot of body.data!.counts) expect(slot).toMatchObject({ countNum: 0, maxNum: expect.any(Number) });
  });

  it('gives no slots for a closed day, an unknown day or another hall day', async () => {
    const { body } = await call<Day[]>('getCalendar', {}, owner);
    const closed = body.data!.find((day) => day.holiday === 1)!;
    expect((await call<{ counts: Slot[] }>('queryApmCount', { calendarId: closed.calendarId }, owner)).body.data!.counts).toEqual([]);
    expect((await call<{ counts: Slot[] }>('queryApmCount', { calendarId: '999999999' }, owner)).body.data!.counts).toEqual([]);
    expect((await call<{ counts: Slot[] }>('queryApmCount', { calendarId: 'abc' }, owner)).body.data!.counts).toEqual([]);
    const [elsewhere] = await hall.connection.db
      .select()
      .from(appointmentCalendars)
      .where(and(eq(appointmentCalendars.areaId, 'ap-630100-1'), eq(appointmentCalendars.holiday, 0)));
    expect((await call<{ counts: Slot[] }>('queryApmCount', { calendarId: String(elsewhere!.id) }, owner)).body.data!.counts).toEqual([]);
  });

  it('refuses an openId that is not the session, a missing calendarId and a caller without a session', async () => {
    const day = (await openDays())[0]!;
    expect((await call('queryApmCount', { calendarId: day.calendarId, openId: 'cb-other' }, owner)).status).toBe(403);
    const missing = await call('queryApmCount', {}, owner);
    expect(missing.status).toBe(400);
    expect(missing.body.state).not.toBe(1);
    expect((await call('queryApmCount', { calendarId: day.calendarId })).status).toBe(401);
  });
});

describe('addApmCount', () => {
  it('books a slot: state 1, the count goes up by one, the record keeps yysj, name and the ID number upper-case', async () => {
    const day = (await openDays())[1]!;
    const slot = (await slotsOf(day))[0]!;
    const { status, body } = await call<{ id: string }>('addApmCount', { ...booking(day, slot), openId: 'cb-owner' }, owner);
    expect(status).toBe(200);
    expect(body.state).toBe(1);
    expect(body.data!.id).toMatch(/^\d+$/);
    expect((await slotRow(slot.countId)).countNum).toBe(slot.countNum + 1);
    const [row] = await bookingsOf('cb-owner');
    expect(row).toMatchObject({ bookedDate: day.calendar, yysj: `${day.calendar} ${slot.timeName}`, name: '张三', zjh: '11010519491231002X', phone: '13812341234' });
    const after = await call<{ booked: boolean; counts: Slot[] }>('queryApmCount', { calendarId: day.calendarId }, owner);
    expect(after.body.data!.booked).toBe(true);
    expect(after.body.data!.counts[0]!.countNum).toBe(slot.countNum + 1);
  });

  it('refuses a second booking of the same date with 您已预约，不能重复预约！ and changes nothing', async () => {
    const day = (await openDays())[1]!;
    const slot = (await slotsOf(day))[1]!;
    const { status, body } = await call('addApmCount', booking(day, slot), owner);
    expect(status).toBe(409);
    expect(body).toMatchObject({ state: expect.not.stringMatching(/^1$/), msg: ALREADY_BOOKED });
    expect(body.state).not.toBe(1);
    expect((await slotRow(slot.countId)).countNum).toBe(slot.countNum);
    expect(await bookingsOf('cb-owner')).toHaveLength(1);
  });

  it('refuses a full slot with 该时间段预约已满，请选择其他时间段！ and changes nothing', async () => {
    const day = (await openDays())[2]!;
    const slot = (await slotsOf(day))[2]!;
    await setSlotPlaces(hall, slot.countId, { countNum: slot.maxNum });
    const { status, body } = await call('addApmCount', booking(day, slot), other);
    expect(status).toBe(409);
    expect(body.msg).toBe(SLOT_FULL);
    expect(await bookingsOf('cb-other')).toHaveLength(0);
    expect((await slotRow(slot.countId)).countNum).toBe(slot.maxNum);
  });

  it('refuses a slot not of that day or hall, an unknown id and a closed or past day', async () => {
    const [first, second] = await openDays();
    const slotOfSecond = (await slotsOf(second!))[0]!;
    expect(await call('addApmCount', { calendarId: first!.calendarId, countId: slotOfSecond.countId }, other)).toMatchObject({ status: 400, body: { msg: SLOT_NOT_FOUND } });
    expect(await call('addApmCount', { calendarId: first!.calendarId, countId: 'x' }, other)).toMatchObject({ status: 400, body: { msg: SLOT_NOT_FOUND } });
    const [otherWindow] = await hall.connection.db
      .select()
      .from(appointmentSlots)
      .where(and(eq(appointmentSlots.calendarId, Number(first!.calendarId)), eq(appointmentSlots.processId, 'ap-130400-1-p2')));
    expect(await call('addApmCount', { calendarId: first!.calendarId, countId: String(otherWindow!.id) }, other)).toMatchObject({ status: 400, body: { msg: SLOT_NOT_FOUND } });
    // A day that has passed: its slot is there, but it can no longer be booked.
    const [past] = await hall.connection.db.insert(appointmentCalendars).values({ areaId: AREA, calendarDate: '2020-01-06', timeClass: '1', holiday: 0 }).returning();
    const [pastSlot] = await hall.connection.db.insert(appointmentSlots).values({ calendarId: past!.id, processId: PROCESS, timeName: '09:00-10:00', maxNum: 5 }).returning();
    expect(await call('addApmCount', { calendarId: String(past!.id), countId: String(pastSlot!.id) }, other)).toMatchObject({ status: 400, body: { msg: DAY_NOT_BOOKABLE } });
    expect(await bookingsOf('cb-other')).toHaveLength(0);
  });

  it('refuses missing or oversize fields with a Chinese message', async () => {
    const missing = await call('addApmCount', { name: '张三' }, other);
    expect(missing.status).toBe(400);
    expect(missing.body.msg ?? missing.body.errmsg).toMatch(/[\u4e00-\u9fa5]/);
    const day = (await openDays())[3]!;
    const slot = (await slotsOf(day))[0]!;
    const oversize = await call('addApmCount', booking(day, slot, { name: '张'.repeat(101) }), other);
    expect(oversize.status).toBe(400);
    expect(await bookingsOf('cb-other')).toHaveLength(0);
  });

  it('fills name, phone and ID number from the profile, and refuses a profile without them', async () => {
    const day = (await openDays())[3]!;
    const slot = (await slotsOf(day))[1]!;
    const cookie = await hall.quickCitizen('cb-profile', { name: '赵六', phone: '13900001111' });
    expect((await call('addApmCount', { calendarId: day.calendarId, countId: slot.countId }, cookie)).body.state).toBe(1);
    expect((await bookingsOf('cb-profile'))[0]).toMatchObject({ name: '赵六', phone: '13900001111', zjh: '11010519491231002X' });
    // A profile without name and ID number never reaches the booking: the real-name gate refuses it first.
    const empty = await hall.quickCitizen('cb-empty', { name: '', cardnum: '' });
    expect(await call('addApmCount', { calendarId: day.calendarId, countId: slot.countId }, empty)).toMatchObject({ status: 403, body: { msg: '请完善用户信息', errcode: '1' } });
    expect(await bookingsOf('cb-empty')).toHaveLength(0);
  });

  it('ties a booking to the citizen own case (its list then offers the slip), once; someone else case or a draft is refused', async () => {
    const day = (await openDays())[4]!;
    const [slot, second] = await slotsOf(day);
    const cookie = await hall.quickCitizen('cb-case');
    const mine = await caseOf('cb-case');
    const draft = await caseOf('cb-case', -1);
    const theirs = await caseOf('cb-other');
    expect(await call('addApmCount', { calendarId: day.calendarId, countId: slot!.countId, proinstid: theirs.id }, cookie)).toMatchObject({ status: 400, body: { msg: CASE_NOT_BOOKABLE } });
    expect(await call('addApmCount', { calendarId: day.calendarId, countId: slot!.countId, proinstid: draft.id }, cookie)).toMatchObject({ status: 400, body: { msg: CASE_NOT_BOOKABLE } });
    expect((await call('addApmCount', { calendarId: day.calendarId, countId: slot!.countId, proinstid: mine.id }, cookie)).body.state).toBe(1);
    const application = await rowById(hall, applications, mine.id);
    expect(application!.kyy).toBe('2');
    const later = (await openDays())[5]!;
    const laterSlot = (await slotsOf(later))[0]!;
    expect(await call('addApmCount', { calendarId: later.calendarId, countId: laterSlot.countId, proinstid: mine.id }, cookie)).toMatchObject({ status: 409, body: { msg: CASE_ALREADY_BOOKED } });
    expect((await slotRow(laterSlot.countId)).countNum).toBe(laterSlot.countNum);
    expect((await slotRow(second!.countId)).countNum).toBe(second!.countNum);
  });

  it('refuses an openId that is not the session and a caller without a session', async () => {
    const day = (await openDays())[6]!;
    const slot = (await slotsOf(day))[0]!;
    expect((await call('addApmCount', { ...booking(day, slot), openId: 'cb-owner' }, other)).status).toBe(403);
    expect((await call('addApmCount', booking(day, slot))).status).toBe(401);
    expect((await slotRow(slot.countId)).countNum).toBe(slot.countNum);
  });
});

describe('getApmRecord', () => {
  it('answers only the caller own records with createdate, yysj and name; a second citizen reads none of them', async () => {
    const mine = await call<{ id: string; createdate: string; yysj: string; name: string; areaName: string }[]>('getApmRecord', { openId: 'cb-owner' }, owner);
    expect(mine.status).toBe(200);
    expect(mine.body.state).toBe(1);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data![0]).toMatchObject({
      name: '张三',
      yysj: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}-\d{2}:\d{2}$/),
      createdate: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      areaName: HALL_NAME,
    });
    const theirs = await call<unknown[]>('getApmRecord', {}, other);
    expect(theirs.body).toMatchObject({ state: 1, data: [] });
    expect((await call('getApmRecord', { openId: 'cb-owner' }, other)).status).toBe(403);
    expect((await call('getApmRecord', {})).status).toBe(401);
  });
});

describe('booking links', () => {
  async function follow(url: string, cookie?: string) {
    const response = await hall.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    return { status: response.statusCode, location: String(response.headers.location ?? '') };
  }

  it('appoint/index sends the owner of the case to /appointment with it, anyone else to the 404 page', async () => {
    const cookie = await hall.quickCitizen('cb-link');
    const mine = await caseOf('cb-link');
    expect(await follow(`${BASE}/index?proinstid=${mine.id}`, cookie)).toEqual({ status: 302, location: `/appointment?proinstid=${mine.id}` });
    expect(await follow(`${BASE}/index?proinstid=${mine.id}`, other)).toEqual({ status: 302, location: '/page404' });
    expect(await follow(`${BASE}/index?proinstid=abc`, cookie)).toEqual({ status: 302, location: '/page404' });
    const anonymous = await follow(`${BASE}/index?proinstid=${mine.id}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toContain('authorize');
  });

  it('showcard sends the owner to the counter booking slip of the case, anyone else to the 404 page', async () => {
    const cookie = await hall.quickCitizen('cb-slip');
    const mine = await caseOf('cb-slip');
    const unbooked = await caseOf('cb-slip');
    const day = (await openDays())[7]!;
    const slot = (await slotsOf(day))[0]!;
    const booked = await call<{ id: string }>('addApmCount', { calendarId: day.calendarId, countId: slot.countId, proinstid: mine.id }, cookie);
    expect(await follow(`/online/public/appointment/showcard?wlsh=${mine.prolsh}`, cookie)).toEqual({ status: 302, location: `/apmorder?id=${booked.body.data!.id}` });
    expect(await follow(`/online/public/appointment/showcard?wlsh=${unbooked.prolsh}`, cookie)).toEqual({ status: 302, location: '/apmrecord' });
    expect(await follow(`/online/public/appointment/showcard?wlsh=${mine.prolsh}`, other)).toEqual({ status: 302, location: '/page404' });
    expect(await follow('/online/public/appointment/showcard?wlsh=', cookie)).toEqual({ status: 302, location: '/page404' });
  });

  it('showcard sends a case booked online to its order detail', async () => {
    const cookie = await hall.quickCitizen('cb-online');
    const booked = await caseOf('cb-online');
    const day = (await openDays())[8]!;
    const slot = (await slotsOf(day))[2]!;
    const [order] = await hall.connection.db
      .insert(appointmentOrders)
      .values({
        openid: 'cb-online',
        applicationId: Number(booked.id),
        wlsh: booked.prolsh,
        areaId: AREA,
        processId: PROCESS,
        calendarId: Number(day.calendarId),
        slotId: Number(slot.countId),
        bookedDate: day.calendar,
        name: '王五',
        code: '',
        phone: '',
        extendData: {},
      })
      .returning({ id: appointmentOrders.id });
    expect(await follow(`/online/public/appointment/showcard?wlsh=${booked.prolsh}`, cookie)).toEqual({ status: 302, location: `/yuyueDetail?orderid=${order!.id}` });
  });
});

describe('booking under load', () => {
  it('200 citizens booking one slot of 20 at once: exactly 20 succeed and the count ends at 20', async () => {
    const day = (await openDays())[10]!;
    const slot = (await slotsOf(day))[1]!;
    await setSlotPlaces(hall, slot.countId, { maxNum: 20, countNum: 0 });
    const cookies = await Promise.all(Array.from({ length: 200 }, (_, index) => hall.quickCitizen(`cb-load-${index}`)));
    const results = await Promise.all(cookies.map((cookie) => call('addApmCount', { calendarId: day.calendarId, countId: slot.countId }, cookie)));
    expect(results.filter((r) => r.body.state === 1)).toHaveLength(20);
    const refused = results.filter((r) => r.body.state !== 1);
    expect(refused).toHaveLength(180);
    for (const r of refused) expect(r).toMatchObject({ status: 409, body: { msg: SLOT_FULL } });
    expect(await slotRow(slot.countId)).toMatchObject({ countNum: 20, maxNum: 20 });
    expect(
      await hall.connection.db
        .select()
        .from(counterBookings)
        .where(eq(counterBookings.slotId, Number(slot.countId))),
    ).toHaveLength(20);
  }, 60_000);

  it('two bookings by one citizen for one date at once: exactly one succeeds and one place is taken', async () => {
    const cookie = await hall.quickCitizen('cb-twice');
    const day = (await openDays())[11]!;
    const [a, b] = await slotsOf(day);
    const results = await Promise.all([
      call('addApmCount', { calendarId: day.calendarId, countId: a!.countId }, cookie),
      call('addApmCount', { calendarId: day.calendarId, countId: b!.countId }, cookie),
    ]);
    expect(results.filter((r) => r.body.state === 1)).toHaveLength(1);
    expect(results.find((r) => r.body.state !== 1)).toMatchObject({ status: 409, body: { msg: ALREADY_BOOKED } });
    const counts = [(await slotRow(a!.countId)).countNum - a!.countNum, (await slotRow(b!.countId)).countNum - b!.countNum];
    expect(counts.sort()).toEqual([0, 1]);
    expect(await bookingsOf('cb-twice')).toHaveLength(1);
  });
});

describe('calendar extension', () => {
  it('adds the coming days and their slots once, weekends and holidays closed; a second run and a concurrent run add nothing', async () => {
    const db = hall.connection.db;
    // Thirty days on, the horizon reaches beyond the seeded calendar.
    const later = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
    const first = await extendAppointmentCalendars(db, later);
    expect(first.ran).toBe(true);
    expect(first.days).toBeGreaterThan(0);
    expect(first.slots).toBeGreaterThan(0);
    const coming = comingCalendarDays(later);
    const rows = await db
      .select()
      .from(appointmentCalendars)
      .where(and(eq(appointmentCalendars.areaId, AREA), gte(appointmentCalendars.calendarDate, coming[0]!.calendarDate)));
    expect(rows.map((row) => row.calendarDate).sort()).toEqual(coming.map((day) => day.calendarDate));
    for (const row of rows) {
      const weekday = new Date(`${row.calendarDate}T00:00:00Z`).getUTCDay();
      expect(row.holiday).toBe(weekday === 0 || weekday === 6 || /-(01-01|05-0[1-3]|10-0[1-7])$/.test(row.calendarDate) ? 1 : 0);
      const slots = await db.select().from(appointmentSlots).where(eq(appointmentSlots.calendarId, row.id));
      const windows = await db.select().from(appointmentProcesses).where(eq(appointmentProcesses.areaId, AREA));
      expect(slots).toHaveLength(row.holiday === 1 ? 0 : windows.length * (weekday === 5 ? 3 : 6));
    }
    // The places carry on from what the window had: the seeded 10 before noon, 6 after.
    const open = rows.find((row) => row.holiday === 0 && row.timeClass === '1')!;
    const slots = await db
      .select()
      .from(appointmentSlots)
      .where(and(eq(appointmentSlots.calendarId, open.id), eq(appointmentSlots.processId, 'ap-130400-1-p3')));
    expect(slots.map((slot) => [slot.timeName, slot.maxNum]).sort()).toEqual([
      ['09:00-10:00', 10],
      ['10:00-11:00', 10],
      ['11:00-12:00', 10],
      ['14:00-15:00', 6],
      ['15:00-16:00', 6],
      ['16:00-17:00', 6],
    ]);

    expect(await extendAppointmentCalendars(db, later)).toEqual({ ran: true, days: 0, slots: 0 });
    const further = new Date(later.getTime() + 7 * 24 * 60 * 60 * 1000);
    const both = await Promise.all([extendAppointmentCalendars(db, further), extendAppointmentCalendars(db, further)]);
    const total = both.reduce((sum, result) => sum + result.days, 0);
    // Eight halls (the demo centre's two district halls among them), seven more days: added once, whichever process held the lock.
    expect(total).toBe(8 * 7);
    expect(await extendAppointmentCalendars(db, further)).toMatchObject({ days: 0, slots: 0 });
  });

  it('carries the places an operator last gave a window slot on to the new days', async () => {
    const db = hall.connection.db;
    const base = new Date(Date.now() + 60 * 24 * 60 * 60 * 1000);
    await extendAppointmentCalendars(db, base);
    const [latest] = await db
      .select({ slot: appointmentSlots })
      .from(appointmentSlots)
      .innerJoin(appointmentCalendars, eq(appointmentCalendars.id, appointmentSlots.calendarId))
      .where(and(eq(appointmentSlots.processId, PROCESS), eq(appointmentSlots.timeName, '09:00-10:00')))
      .orderBy(desc(appointmentCalendars.calendarDate))
      .limit(1);
    await db.update(appointmentSlots).set({ maxNum: 15 }).where(eq(appointmentSlots.id, latest!.slot.id));
    const next = new Date(base.getTime() + 7 * 24 * 60 * 60 * 1000);
    expect((await extendAppointmentCalendars(db, next)).slots).toBeGreaterThan(0);
    const added = await db
      .select({ slot: appointmentSlots })
      .from(appointmentSlots)
      .innerJoin(appointmentCalendars, eq(appointmentCalendars.id, appointmentSlots.calendarId))
      .where(and(eq(appointmentSlots.processId, PROCESS), gt(appointmentCalendars.calendarDate, comingCalendarDays(base).at(-1)!.calendarDate)));
    expect(added.length).toBeGreaterThan(0);
    for (const { slot } of added) expect(slot.maxNum).toBe(slot.timeName === '09:00-10:00' ? 15 : slot.timeName < '12:00' ? 10 : 6);
  });

  it('runs at start, logs what it added, and stops', async () => {
    const logged: object[] = [];
    const job = startCalendarExtension(hall.connection.db, { info: (obj) => logged.push(obj), error: (obj) => logged.push(obj) });
    // The first run writes the calendar's days ahead: on a busy machine that takes over poll's default second.
    await expect.poll(() => logged.length, { timeout: 15_000 }).toBe(1);
    expect(logged[0]).toMatchObject({ ran: true });
    job.stop();
  });
});
