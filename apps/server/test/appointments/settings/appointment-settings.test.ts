import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { SiteSettings } from '@hall/api';
import { DEFAULT_SLOT_SETTINGS } from '@hall/domain';
import { appointmentCalendars, appointmentSlotSettings, appointmentSlots, auditTrail } from '../../../src/db/schema';
import { extendAppointmentCalendars } from '../../../src/services/appointments/settings/calendar-extension';
import { testHallForFile } from '../../hall';
import { verifiedCitizen } from '../../application-helpers';
import { AREA, PROCESS, book, openDays, slotOf } from './booking-helpers';
import { callHall } from '../../call';
import { contract } from '@hall/api';

const GET = '/online/admin/api/appointment-settings/get';
const DAY = '/online/admin/api/appointment-settings/day';
const SLOTS = '/online/admin/api/appointment-settings/slots';

const hall = testHallForFile();
let admin: string;
beforeAll(async () => {
  admin = await hall.operator('admin');
});

const audits = async (action: string) => hall.connection.db.select().from(auditTrail).where(like(auditTrail.action, action));
const withPlaces = (places: number) => DEFAULT_SLOT_SETTINGS.map((slot) => (slot.timeName === '09:00-10:00' ? { ...slot, maxNum: places } : slot));

describe('reading the settings', () => {
  it('shows the defaults for a site never set: Monday to Friday, the six default slots', async () => {
    const { status, body } = await callHall(hall, contract.getAppointmentSettings, { areaId: 'ap-140200-1' }, admin);
    expect(status).toBe(200);
    const data = body.data as SiteSettings;
    expect(data.workingWeekdays).toBe('12345');
    expect(data.sites.length).toBeGreaterThan(1);
    expect(data.businesses[0]).toMatchObject({ defaults: true, slots: DEFAULT_SLOT_SETTINGS });
    expect((await callHall(hall, contract.getAppointmentSettings, { areaId: 'nowhere' }, admin)).status).toBe(404);
  });

  it('refuses the counter role directly (403) and a citizen (401)', async () => {
    const counter = await hall.operator('counter');
    const citizen = await hall.quickCitizen('settings-citizen');
    for (const [path, payload] of [
      [GET, {}],
      [SLOTS, { areaId: AREA, processId: PROCESS, slots: [] }],
      [DAY, { areaId: AREA, day: '2099-01-01', kind: 'holiday' }],
    ] as const) {
      expect((await hall.post(path, payload, counter)).status, path).toBe(403);
      expect((await hall.post(path, payload, citizen)).status, path).toBe(401);
    }
  });
});

describe('capacity', () => {
  it('refuses fewer places than booked with the count, and changes nothing', async () => {
    const [day] = await openDays(hall);
    for (const [index, name] of ['甲一', '乙二', '丙三'].entries()) await book(hall, day!, '09:00-10:00', { openid: `cap-${index}`, name, phone: `1380000000${index}` });
    const before = await audits('appointmentSettings.slots');
    const { status, body } = await callHall(hall, contract.saveAppointmentSlots, { areaId: AREA, processId: PROCESS, slots: withPlaces(2) }, admin);
    expect(status).toBe(409);
    expect(body.errmsg).toBe(`${day!.calendarDate} 09:00-10:00：该时段已有3人预约，容量不能少于3`);
    expect(await slotOf(hall, day!.id)).toMatchObject({ maxNum: 10, countNum: 3 });
    expect(await hall.connection.db.select().from(appointmentSlotSettings).where(eq(appointmentSlotSettings.processId, PROCESS))).toHaveLength(0);
    expect(await audits('appointmentSettings.slots')).toHaveLength(before.length);

    // Removing the slot is answered unsaved with its three bookings, for the operator to confirm.
    const removed = await callHall(hall, contract.saveAppointmentSlots, { areaId: AREA, processId: PROCESS, slots: DEFAULT_SLOT_SETTINGS.filter((slot) => slot.timeName !== '09:00-10:00') }, admin);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ saved: false });
    expect(removed.body.data!.affectedBookings.map((booking) => booking.name)).toEqual(['甲一', '乙二', '丙三']);
    expect(await slotOf(hall, day!.id)).toMatchObject({ maxNum: 10, countNum: 3 });
    expect(await audits('appointmentSettings.slots')).toHaveLength(before.length);
  });

  it('takes exactly the booked count, changes the coming days, adds a new slot, and audits before and after', async () => {
    const [day, later] = await openDays(hall);
    const slots = [...withPlaces(3), { timeName: '17:00-18:00', maxNum: 4, weekdays: '12345' }];
    const { status, body } = await callHall(hall, contract.saveAppointmentSlots, { areaId: AREA, processId: PROCESS, slots }, admin);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(await slotOf(hall, day!.id)).toMatchObject({ maxNum: 3, countNum: 3 });
    expect(await slotOf(hall, later!.id)).toMatchObject({ maxNum: 3 });
    expect(await slotOf(hall, later!.id, '17:00-18:00')).toMatchObject({ maxNum: 4, countNum: 0 });
    const settings = body.data!.settings;
    expect(settings.businesses.find((business) => business.processId === PROCESS)).toMatchObject({ defaults: false });
    const [entry] = (await audits('appointmentSettings.slots')).slice(-1);
    expect(entry).toMatchObject({ target: `appointmentProcess:${PROCESS}` });
    expect(JSON.stringify(entry!.before)).toContain('"maxNum":10');
    expect(JSON.stringify(entry!.after)).toContain('17:00-18:00');
  });

  it('refuses a slot whose start is after its end, a duplicate, and one with no weekday, each in words', async () => {
    for (const [slots, message] of [
      [[{ timeName: '12:00-11:00', maxNum: 1, weekdays: '1' }], '开始时间应早于结束时间'],
      [
        [
          { timeName: '上午', maxNum: 1, weekdays: '1' },
          { timeName: '上午', maxNum: 2, weekdays: '2' },
        ],
        '重复',
      ],
      [[{ timeName: '下午', maxNum: 1, weekdays: '' }], '至少选择一个星期'],
    ] as const) {
      const { status, body } = await hall.post(SLOTS, { areaId: AREA, processId: PROCESS, slots }, admin);
      expect(status).toBe(400);
      expect(body.errmsg).toContain(message);
    }
  });

  it('two administrators lowering places at once: both saves land one after the other, the slot never below its bookings', async () => {
    const [day] = await openDays(hall);
    const other = await hall.quickOperator('second-admin', ['admin']);
    const answers = await Promise.all([
      callHall(hall, contract.saveAppointmentSlots, { areaId: AREA, processId: PROCESS, slots: withPlaces(5) }, admin),
      callHall(hall, contract.saveAppointmentSlots, { areaId: AREA, processId: PROCESS, slots: withPlaces(2) }, other),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await slotOf(hall, day!.id)).toMatchObject({ maxNum: 5, countNum: 3 });
  });
});

describe('holidays and make-up working days', () => {
  it('closes a day with bookings once their cancellation is confirmed: no new bookings, the places given back', async () => {
    const days = await openDays(hall);
    const day = days[2]!;
    await book(hall, day, '10:00-11:00', { openid: 'holiday-1', name: '赵六', phone: '13912345678' });
    const ask = { areaId: AREA, day: day.calendarDate, kind: 'holiday' as const, note: '临时停电检修' };
    const asked = await callHall(hall, contract.saveAppointmentSpecialDay, ask, admin);
    const listed = [{ date: day.calendarDate, timeName: '10:00-11:00', processName: '一般登记窗口', name: '赵六', maskedPhone: '139****5678', source: '窗口预约' }];
    expect(asked.body.data).toMatchObject({ saved: false, affectedBookings: listed });
    const [open] = await hall.connection.db.select().from(appointmentCalendars).where(eq(appointmentCalendars.id, day.id));
    expect(open!.holiday).toBe(0);
    const { status, body } = await callHall(hall, contract.saveAppointmentSpecialDay, { ...ask, cancelBookings: 1 }, admin);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ saved: true, affectedBookings: listed });
    const [calendar] = await hall.connection.db.select().from(appointmentCalendars).where(eq(appointmentCalendars.id, day.id));
    expect(calendar!.holiday).toBe(1);
    expect(await slotOf(hall, day.id, '10:00-11:00')).toMatchObject({ countNum: 0 });
    // The citizen's calendar shows the day closed and offers none of its slots.
    const calendars = (await hall.app.inject({ method: 'GET', url: `/online/public/appointment/calendars/${AREA}` })).json() as { calendarId: string; holiday: number }[];
    expect(calendars.find((row) => row.calendarId === String(day.id))?.holiday).toBe(1);
    const counts = await hall.app.inject({ method: 'GET', url: `/online/public/appointment/counts/${day.id}/${day.timeClass}/${PROCESS}` });
    expect(counts.json()).toEqual([]);
    // A citizen trying the day's free slot is refused; the slot keeps its one booking.
    const citizen = await verifiedCitizen(hall, 'holiday-booker');
    const free = await slotOf(hall, day.id, '11:00-12:00');
    const tried = await callHall(
      hall,
      contract.addApmCount,
      { name: '张三', phone: '13812341234', zjh: '11010519491231002X', yysj: `${day.calendarDate} 11:00-12:00`, calendarId: String(day.id), countId: String(free!.id) },
      citizen,
    );
    expect(tried.status).toBe(400);
    expect(tried.body.msg).toBe('所选日期不可预约，请选择其他日期');
    expect(await slotOf(hall, day.id, '11:00-12:00')).toMatchObject({ countNum: 0 });
    const [entry] = (await audits('appointmentSettings.day')).slice(-1);
    expect(entry).toMatchObject({ before: { kind: 'none' }, after: { kind: 'holiday', note: '临时停电检修', cancelledBookings: 1, reason: '临时停电检修' } });

    // Back to the rule: the day opens again with all its places.
    const reopened = await callHall(hall, contract.saveAppointmentSpecialDay, { areaId: AREA, day: day.calendarDate, kind: 'none' }, admin);
    expect(reopened.status).toBe(200);
    expect(reopened.body.data).toMatchObject({ saved: true, affectedBookings: [] });
    expect(await slotOf(hall, day.id, '10:00-11:00')).toMatchObject({ countNum: 0 });
  });

  it('a booking racing a change that closes its day waits for it, then is refused; nothing is booked', async () => {
    const day = (await openDays(hall))[4]!;
    const citizen = await verifiedCitizen(hall, 'race-booker');
    const slot = await slotOf(hall, day.id, '09:00-10:00');
    let release!: () => void;
    let holding!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = new Promise<void>((resolve) => (holding = resolve));
    // The closing change, as saveSpecialDay does it: the day locked for update, then marked closed.
    const closing = hall.connection.db.transaction(async (tx) => {
      await tx.select().from(appointmentCalendars).where(eq(appointmentCalendars.id, day.id)).for('update');
      holding();
      await released;
      await tx.update(appointmentCalendars).set({ holiday: 1 }).where(eq(appointmentCalendars.id, day.id));
    });
    await held;
    const booking = callHall(
      hall,
      contract.addApmCount,
      { name: '张三', phone: '13812341234', zjh: '11010519491231002X', yysj: `${day.calendarDate} 09:00-10:00`, calendarId: String(day.id), countId: String(slot!.id) },
      citizen,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await closing;
    const answer = await booking;
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('所选日期不可预约，请选择其他日期');
    expect(await slotOf(hall, day.id, '09:00-10:00')).toMatchObject({ countNum: slot!.countNum });
  });

  it('opens a weekend day as a make-up working day with every slot, and the extension keeps it open', async () => {
    const db = hall.connection.db;
    const [saturday] = await db
      .select()
      .from(appointmentCalendars)
      .where(and(eq(appointmentCalendars.areaId, AREA), eq(appointmentCalendars.holiday, 1)))
      .orderBy(appointmentCalendars.calendarDate)
      .then((rows) => rows.filter((row) => new Date(`${row.calendarDate}T00:00:00Z`).getUTCDay() === 6));
    const { status, body } = await callHall(hall, contract.saveAppointmentSpecialDay, { areaId: AREA, day: saturday!.calendarDate, kind: 'workday', note: '调休' }, admin);
    expect(status, JSON.stringify(body)).toBe(200);
    const [calendar] = await db.select().from(appointmentCalendars).where(eq(appointmentCalendars.id, saturday!.id));
    expect(calendar!.holiday).toBe(0);
    const slots = await db
      .select()
      .from(appointmentSlots)
      .where(and(eq(appointmentSlots.calendarId, saturday!.id), eq(appointmentSlots.processId, PROCESS)));
    // A make-up day offers every slot, the afternoon ones (Monday to Thursday by default) too.
    expect(slots.map((slot) => slot.timeName).sort()).toEqual(DEFAULT_SLOT_SETTINGS.map((slot) => slot.timeName));
    expect(body.data!.settings.specialDays).toContainEqual({ day: saturday!.calendarDate, kind: 'workday', note: '调休' });
    await extendAppointmentCalendars(db);
    const [still] = await db.select().from(appointmentCalendars).where(eq(appointmentCalendars.id, saturday!.id));
    expect(still!.holiday).toBe(0);
  });

  it('the extension follows the settings for new days: a holiday set ahead is created closed, a working weekday dropped is closed', async () => {
    const db = hall.connection.db;
    const far = new Date(Date.now() + 40 * 24 * 60 * 60 * 1000);
    const farDate = far.toISOString().slice(0, 10);
    expect((await callHall(hall, contract.saveAppointmentSpecialDay, { areaId: 'ap-630100-1', day: farDate, kind: 'holiday' }, admin)).status).toBe(200);
    expect((await callHall(hall, contract.saveAppointmentWeekdays, { areaId: 'ap-630100-1', workingWeekdays: '1234' }, admin)).status).toBe(200);
    await extendAppointmentCalendars(db, new Date(far.getTime() - 10 * 24 * 60 * 60 * 1000));
    const rows = await db.select().from(appointmentCalendars).where(eq(appointmentCalendars.areaId, 'ap-630100-1'));
    expect(rows.find((row) => row.calendarDate === farDate)?.holiday).toBe(1);
    for (const row of rows.filter((item) => new Date(`${item.calendarDate}T00:00:00Z`).getUTCDay() === 5 && item.calendarDate > new Date().toISOString().slice(0, 10)))
      expect(row.holiday, row.calendarDate).toBe(1);
  });

  it('dropping a working weekday closes its coming days and cancels their bookings, once confirmed with a reason', async () => {
    const days = await openDays(hall);
    const thursday = days.find((day) => new Date(`${day.calendarDate}T00:00:00Z`).getUTCDay() === 4)!;
    await book(hall, thursday, '14:00-15:00', { openid: 'weekday-1', name: '钱七', phone: '13612345678' });
    const asked = await callHall(hall, contract.saveAppointmentWeekdays, { areaId: AREA, workingWeekdays: '1235' }, admin);
    expect(asked.body.data).toMatchObject({ saved: false });
    const count = asked.body.data!.affectedBookings.length;
    // A weekday has no note to stand for the reason: without one the change is refused in words.
    const noReason = await callHall(hall, contract.saveAppointmentWeekdays, { areaId: AREA, workingWeekdays: '1235', cancelBookings: count }, admin);
    expect(noReason.status).toBe(400);
    expect(noReason.body.errmsg).toBe('请填写取消预约的原因（市民会在通知中看到），例如 国庆节放假');
    const [still] = await hall.connection.db.select().from(appointmentCalendars).where(eq(appointmentCalendars.id, thursday.id));
    expect(still!.holiday).toBe(0);
    const { status, body } = await callHall(hall, contract.saveAppointmentWeekdays, { areaId: AREA, workingWeekdays: '1235', cancelBookings: count, reason: '周四窗口停办' }, admin);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ saved: true });
    const affected = body.data!.affectedBookings;
    expect(affected).toContainEqual(expect.objectContaining({ date: thursday.calendarDate, name: '钱七', maskedPhone: '136****5678' }));
    expect(affected.every((booking) => new Date(`${booking.date}T00:00:00Z`).getUTCDay() === 4)).toBe(true);
    const [calendar] = await hall.connection.db.select().from(appointmentCalendars).where(eq(appointmentCalendars.id, thursday.id));
    expect(calendar!.holiday).toBe(1);
    const [entry] = (await audits('appointmentSettings.weekdays')).slice(-1);
    expect(entry).toMatchObject({ before: { workingWeekdays: '12345' }, after: { workingWeekdays: '1235' } });
    // Back to Monday to Friday: the Thursdays open again, the cancelled booking's place free.
    expect((await callHall(hall, contract.saveAppointmentWeekdays, { areaId: AREA, workingWeekdays: '12345' }, admin)).status).toBe(200);
    expect(await slotOf(hall, thursday.id, '14:00-15:00')).toMatchObject({ countNum: 0 });
  });

  it('refuses a past date and no working day, in words', async () => {
    const past = await callHall(hall, contract.saveAppointmentSpecialDay, { areaId: AREA, day: '2020-01-01', kind: 'holiday' }, admin);
    expect(past.status).toBe(400);
    expect(past.body.errmsg).toContain('不能设置今天以前的日期');
    for (const day of ['2026-02-30', '2999-01-01']) {
      const refused = await callHall(hall, contract.saveAppointmentSpecialDay, { areaId: AREA, day, kind: 'holiday' }, admin);
      expect(refused.status, day).toBe(400);
      expect(refused.body.errmsg).toMatch(/日期不正确|以内的日期/);
    }
    const none = await callHall(hall, contract.saveAppointmentWeekdays, { areaId: AREA, workingWeekdays: '' }, admin);
    expect(none.status).toBe(400);
    expect(none.body.errmsg).toBe('请至少选择一个工作日');
  });
});
