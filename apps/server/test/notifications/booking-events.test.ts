import { contract } from '@hall/api';
import { DEFAULT_SLOT_SETTINGS } from '@hall/domain';
import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/db/client';
import {
  applications,
  appointmentAttendance,
  appointmentCalendars,
  appointmentOrders,
  auditTrail,
  counterBookings,
  notificationDeliveries,
  notificationPreferences,
  notifications,
  ratingFollowUps,
  ratings,
} from '../../src/db/schema';
import { randomId } from '../../src/lib/ids';
import { bookAppointment } from '../../src/services/appointments/booking/appointments';
import { remindTomorrowsBookings } from '../../src/services/appointments/booking/reminders';
import { CANCEL_REASON_REQUIRED, MOVE_REASON_REQUIRED } from '../../src/services/appointments/settings/hall-cancellations';
import { saveSpecialDay } from '../../src/services/appointments/settings/appointment-settings';
import { MOVE_TARGET_REMOVED, moveTargetAlreadyBooked, moveTargetClosed, moveTargetFull, moveTargetMissing, moveTargetPast } from '../../src/services/appointments/settings/hall-moves';
import { formatShanghaiDate } from '../../src/lib/shanghai-time';
import { caseColumns, verifiedCitizen } from '../application-helpers';
import { callHall } from '../call';
import { testHallForFile } from '../hall';
import { AREA, PROCESS, book, openDays, setSlotPlaces, slotOf } from '../appointments/settings/booking-helpers';

/**
 * The hall's booking and rating events through the outbox: a counter booking confirmed, bookings the
 * hall cancels or moves when it closes a day or removes a slot (confirmed by the operator, with the reason),
 * the reminder the day before, and the answer to a low rating's follow-up.
 */

// The delivery job is off: the waiting deliveries stay to be counted.
const hall = testHallForFile({ HALL_NOTIFY_POLL_MS: 0 });
const db = () => hall.connection.db;
let admin: string;
beforeAll(async () => {
  admin = await hall.operator('admin');
});

const messagesOf = (openid: string, event: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.openid, openid), eq(notifications.event, event)));
const channelsOf = async (notificationId: number) =>
  (await db().select().from(notificationDeliveries).where(eq(notificationDeliveries.notificationId, notificationId))).map((row) => row.channel).sort();

/** An online appointment of a submitted case of the citizen, as the citizen's booking makes it. */
async function onlineOrder(openid: string, calendarId: number, timeName: string) {
  const prolsh = `HD2612${randomId(6)}`;
  const [application] = await db()
    .insert(applications)
    .values({ ...caseColumns(openid), name: '房屋登记', prolsh, slbh: `SL${prolsh}`, shzt: 20, kyy: '1', submittedAt: new Date() })
    .returning();
  const slot = await slotOf(hall, calendarId, timeName);
  const { id } = await bookAppointment(db(), openid, {
    area: AREA,
    process: PROCESS,
    calendar: String(calendarId),
    time: String(slot!.id),
    name: '孙八',
    code: '130402199001011234',
    phone: '13712345678',
    wlsh: prolsh,
  });
  return { id: Number(id), prolsh, applicationId: application!.id };
}

describe('a counter booking confirmed', () => {
  it('tells its citizen once, in the hall and by each channel they chose, with the slip to open', async () => {
    const cookie = await verifiedCitizen(hall, 'confirm-counter', '周九');
    await db()
      .insert(notificationPreferences)
      .values({ openid: 'confirm-counter', sms: true, wechat: true })
      .onConflictDoUpdate({ target: notificationPreferences.openid, set: { sms: true, wechat: true } });
    const day = (await openDays(hall))[1]!;
    const slot = await slotOf(hall, day.id, '11:00-12:00');
    const { status, body } = await callHall(
      hall,
      contract.addApmCount,
      { name: '周九', phone: '13812341234', zjh: '11010519491231002X', yysj: `${day.calendarDate} 11:00-12:00`, calendarId: String(day.id), countId: String(slot!.id) },
      cookie,
    );
    expect(status, JSON.stringify(body)).toBe(200);
    const [booking] = await db().select().from(counterBookings).where(eq(counterBookings.openid, 'confirm-counter'));
    const messages = await messagesOf('confirm-counter', 'bookingConfirmed');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ title: '预约成功', link: `/apmorder?id=${booking!.id}`, dedupeKey: `bookingConfirmed:counter-booking:${booking!.id}` });
    expect(messages[0]!.body).toBe(`您已成功预约${day.calendarDate} 11:00-12:00到邯郸市不动产登记中心办理业务（预约号CB${booking!.id}），请按时前往。`);
    expect(await channelsOf(messages[0]!.id)).toEqual(['sms', 'wechat']);
  });
});

describe('bookings the hall cancels', () => {
  it('closing a booked day is answered unsaved with its bookings until their count is confirmed; then each is cancelled, its place given back and its citizen told why', async () => {
    const day = (await openDays(hall))[3]!;
    await verifiedCitizen(hall, 'closed-online', '孙八');
    const order = await onlineOrder('closed-online', day.id, '09:00-10:00');
    const counter = await book(hall, day, '10:00-11:00', { openid: 'closed-counter', name: '吴十', phone: '13612345678' });
    // A booking the counter already checked in is its record: it stays.
    const arrived = await book(hall, day, '10:00-11:00', { openid: 'closed-arrived', name: '郑一', phone: '13512345678' });
    await db().insert(appointmentAttendance).values({ bookingKind: 'counter', bookingId: arrived.id, state: 'arrived', operatorName: 'counter' });
    const ask = { areaId: AREA, day: day.calendarDate, kind: 'holiday' as const, note: '国庆节放假' };
    const audited = async () => (await db().select().from(auditTrail).where(like(auditTrail.action, 'appointmentSettings.day'))).length;
    const auditsBefore = await audited();

    // Asked without confirmation: nothing changes, the two bookings are listed.
    const unconfirmed = await callHall(hall, contract.saveAppointmentSpecialDay, ask, admin);
    expect(unconfirmed.status).toBe(200);
    expect(unconfirmed.body.errmsg).toBe('此次调整涉及2个已有预约，请核对名单，选择取消或改约并填写原因，确认后将通知预约市民');
    expect(unconfirmed.body.data).toMatchObject({ saved: false });
    expect(unconfirmed.body.data!.affectedBookings).toEqual([
      { date: day.calendarDate, timeName: '09:00-10:00', processName: '一般登记窗口', name: '孙八', maskedPhone: '137****5678', source: '网上预约' },
      { date: day.calendarDate, timeName: '10:00-11:00', processName: '一般登记窗口', name: '吴十', maskedPhone: '136****5678', source: '窗口预约' },
    ]);
    // A count that is not the list's (a booking came or went meanwhile) is asked again.
    const stale = await callHall(hall, contract.saveAppointmentSpecialDay, { ...ask, cancelBookings: 1 }, admin);
    expect(stale.body.data).toMatchObject({ saved: false });
    const nothingChanged = async () => {
      const [calendar] = await db().select().from(appointmentCalendars).where(eq(appointmentCalendars.id, day.id));
      expect(calendar!.holiday).toBe(0);
      expect(await db().select().from(appointmentOrders).where(eq(appointmentOrders.id, order.id))).toHaveLength(1);
      expect(await db().select().from(counterBookings).where(eq(counterBookings.id, counter.id))).toHaveLength(1);
      expect(await slotOf(hall, day.id, '10:00-11:00')).toMatchObject({ countNum: 2 });
      expect(await messagesOf('closed-counter', 'bookingCancelled')).toEqual([]);
      expect(await audited()).toBe(auditsBefore);
    };
    await nothingChanged();
    // Confirmed without any reason (a 休息 day without a note): refused in words, nothing changed.
    const noReason = await callHall(hall, contract.saveAppointmentSpecialDay, { ...ask, note: '', cancelBookings: 2, reason: '  ' }, admin);
    expect(noReason.status).toBe(400);
    expect(noReason.body.errmsg).toBe(CANCEL_REASON_REQUIRED);
    await nothingChanged();

    const confirmed = await callHall(hall, contract.saveAppointmentSpecialDay, { ...ask, cancelBookings: 2 }, admin);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.errmsg).toBe('已保存，已取消2个预约并通知预约市民');
    expect(confirmed.body.data).toMatchObject({ saved: true });
    expect(confirmed.body.data!.affectedBookings.map((booking) => booking.name)).toEqual(['孙八', '吴十']);
    const [calendar] = await db().select().from(appointmentCalendars).where(eq(appointmentCalendars.id, day.id));
    expect(calendar!.holiday).toBe(1);
    expect(await db().select().from(appointmentOrders).where(eq(appointmentOrders.id, order.id))).toEqual([]);
    expect(await db().select().from(counterBookings).where(eq(counterBookings.id, counter.id))).toEqual([]);
    expect(await db().select().from(counterBookings).where(eq(counterBookings.id, arrived.id))).toHaveLength(1);
    expect(await slotOf(hall, day.id, '09:00-10:00')).toMatchObject({ countNum: 0 });
    expect(await slotOf(hall, day.id, '10:00-11:00')).toMatchObject({ countNum: 1 });
    // The online appointment's case may be booked again.
    const [application] = await db().select().from(applications).where(eq(applications.id, order.applicationId));
    expect(application!.kyy).toBe('1');

    const [online] = await messagesOf('closed-online', 'bookingCancelled');
    expect(online).toMatchObject({
      title: '预约已取消',
      link: '/yuyueRecord',
      body: `因国庆节放假，您预约的${day.calendarDate} 09:00-10:00到邯郸市不动产登记中心办理业务（申请编号${order.prolsh}）已由大厅取消，请重新预约其他时间，给您带来不便敬请谅解。`,
    });
    expect(await channelsOf(online!.id)).toEqual(['sms']);
    const counterMessages = await messagesOf('closed-counter', 'bookingCancelled');
    expect(counterMessages).toHaveLength(1);
    expect(counterMessages[0]).toMatchObject({ link: '/apmrecord' });
    expect(counterMessages[0]!.body).toContain(`（预约号CB${counter.id}）已由大厅取消`);
    expect(await messagesOf('closed-arrived', 'bookingCancelled')).toEqual([]);
    const [entry] = (await db().select().from(auditTrail).where(like(auditTrail.action, 'appointmentSettings.day'))).slice(-1);
    expect(entry).toMatchObject({ after: { kind: 'holiday', note: '国庆节放假', cancelledBookings: 2, cancelled: [order.prolsh, `CB${counter.id}`], reason: '国庆节放假' } });
  });

  it('removing a slot that holds bookings cancels them once confirmed, with the reason given', async () => {
    // An afternoon slot: Fridays are mornings only.
    const day = (await openDays(hall)).slice(5).find((row) => new Date(`${row.calendarDate}T00:00:00Z`).getUTCDay() !== 5)!;
    const held = await book(hall, day, '15:00-16:00', { openid: 'slot-removed', name: '王二', phone: '13312345678' });
    const slots = DEFAULT_SLOT_SETTINGS.filter((slot) => slot.timeName !== '15:00-16:00');
    const asked = await callHall(hall, contract.saveAppointmentSlots, { areaId: AREA, processId: PROCESS, slots }, admin);
    expect(asked.body.data).toMatchObject({ saved: false });
    expect(asked.body.data!.affectedBookings.map((booking) => `${booking.date} ${booking.timeName} ${booking.name}`)).toContain(`${day.calendarDate} 15:00-16:00 王二`);
    const count = asked.body.data!.affectedBookings.length;
    expect(await slotOf(hall, day.id, '15:00-16:00')).toMatchObject({ countNum: 1 });
    const done = await callHall(hall, contract.saveAppointmentSlots, { areaId: AREA, processId: PROCESS, slots, cancelBookings: count, reason: '因下午窗口调整' }, admin);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ saved: true });
    expect(await db().select().from(counterBookings).where(eq(counterBookings.id, held.id))).toEqual([]);
    const [message] = await messagesOf('slot-removed', 'bookingCancelled');
    // The leading 因 the operator typed is not doubled.
    expect(message!.body).toMatch(new RegExp(`^因下午窗口调整，您预约的${day.calendarDate} 15:00-16:00`));
    // Back to the default slots for the other tests.
    expect((await callHall(hall, contract.saveAppointmentSlots, { areaId: AREA, processId: PROCESS, slots: [...DEFAULT_SLOT_SETTINGS] }, admin)).status).toBe(200);
  });
});

describe('bookings the hall moves', () => {
  it('closing a booked day moves its bookings to the chosen date and slot once confirmed, each keeping its number, each citizen told once by each channel; every refusal changes nothing', async () => {
    const days = await openDays(hall);
    const closing = days[8]!;
    // The target: a morning slot, which every working day has.
    const target = days[9]!;
    const to = { date: target.calendarDate, timeName: '09:00-10:00' };
    await verifiedCitizen(hall, 'moved-online', '孙八');
    const order = await onlineOrder('moved-online', closing.id, '09:00-10:00');
    const counter = await book(hall, closing, '10:00-11:00', { openid: 'moved-counter', name: '吴十', phone: '13612345678' });
    await db()
      .insert(notificationPreferences)
      .values({ openid: 'moved-counter', sms: true, wechat: true })
      .onConflictDoUpdate({ target: notificationPreferences.openid, set: { sms: true, wechat: true } });
    const targetBefore = (await slotOf(hall, target.id, '09:00-10:00'))!;
    const ask = { areaId: AREA, day: closing.calendarDate, kind: 'holiday' as const, note: '' };
    const move = { ...ask, cancelBookings: 2, reason: '停电检修', moveBookingsTo: to };
    const audited = async () => (await db().select().from(auditTrail).where(like(auditTrail.action, 'appointmentSettings.day'))).length;
    const auditsBefore = await audited();

    const nothingChanged = async () => {
      const [calendar] = await db().select().from(appointmentCalendars).where(eq(appointmentCalendars.id, closing.id));
      expect(calendar!.holiday).toBe(0);
      const [orderRow] = await db().select().from(appointmentOrders).where(eq(appointmentOrders.id, order.id));
      expect(orderRow).toMatchObject({ bookedDate: closing.calendarDate, calendarId: closing.id });
      const [counterRow] = await db().select().from(counterBookings).where(eq(counterBookings.id, counter.id));
      expect(counterRow).toMatchObject({ bookedDate: closing.calendarDate, yysj: `${closing.calendarDate} 10:00-11:00` });
      expect(await slotOf(hall, closing.id, '09:00-10:00')).toMatchObject({ countNum: 1 });
      expect(await slotOf(hall, closing.id, '10:00-11:00')).toMatchObject({ countNum: 1 });
      expect(await slotOf(hall, target.id, '09:00-10:00')).toMatchObject({ countNum: targetBefore.countNum });
      expect(await messagesOf('moved-online', 'bookingMoved')).toEqual([]);
      expect(await messagesOf('moved-counter', 'bookingMoved')).toEqual([]);
      expect(await audited()).toBe(auditsBefore);
    };
    const refused = async (body: Record<string, unknown>, status: number, errmsg: string) => {
      const answer = await callHall(hall, contract.saveAppointmentSpecialDay, { ...move, ...body }, admin);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.errmsg).toBe(errmsg);
      await nothingChanged();
    };

    // Unconfirmed: the list, nothing changed.
    const asked = await callHall(hall, contract.saveAppointmentSpecialDay, ask, admin);
    expect(asked.body.data).toMatchObject({ saved: false });
    expect(asked.body.data!.affectedBookings.map((booking) => booking.name)).toEqual(['孙八', '吴十']);
    // The targets offered: the open days after the change, with the places left; never the day being closed.
    const offered = asked.body.data!.moveTargets ?? [];
    expect(offered).toContainEqual({ ...to, places: targetBefore.maxNum - targetBefore.countNum });
    expect(offered.filter((option) => option.date === closing.calendarDate)).toEqual([]);
    await nothingChanged();
    // No reason at all.
    await refused({ reason: ' ' }, 400, MOVE_REASON_REQUIRED);
    // The day being closed is no target.
    await refused({ moveBookingsTo: { date: closing.calendarDate, timeName: '11:00-12:00' } }, 409, moveTargetClosed(closing.calendarDate));
    // A slot the business does not have that day.
    await refused({ moveBookingsTo: { ...to, timeName: '18:00-19:00' } }, 409, moveTargetMissing({ ...to, timeName: '18:00-19:00' }, '一般登记窗口'));
    // Too few places left: one, for two bookings.
    await setSlotPlaces(hall, targetBefore.id, { maxNum: targetBefore.countNum + 1 });
    await refused({}, 409, moveTargetFull(to, '一般登记窗口', 1, 2));
    await setSlotPlaces(hall, targetBefore.id, { maxNum: targetBefore.maxNum });
    // A slot that has begun: at 09:30 of the target day, its 09:00-10:00 is neither offered nor taken.
    const during = new Date(`${to.date}T09:30:00+08:00`);
    const actor = { operatorId: null, operatorName: 'admin', ip: '127.0.0.1' };
    const laterDay = { ...ask, day: days[10]!.calendarDate };
    const begun = await book(hall, days[10]!, '10:00-11:00', { openid: 'moved-begun', name: '卫七', phone: '13412345678' });
    const unsavedDuring = await saveSpecialDay(db(), actor, laterDay, during);
    const offeredDuring = (unsavedDuring.moveTargets ?? []).filter((option) => option.date === to.date).map((option) => option.timeName);
    expect(offeredDuring).toContain('10:00-11:00');
    expect(offeredDuring).not.toContain('09:00-10:00');
    await expect(saveSpecialDay(db(), actor, { ...laterDay, cancelBookings: 1, reason: '停电检修', moveBookingsTo: to }, during)).rejects.toThrow(moveTargetPast(to));
    expect(await db().select().from(counterBookings).where(eq(counterBookings.id, begun.id))).toMatchObject([{ bookedDate: days[10]!.calendarDate }]);
    expect(await slotOf(hall, target.id, '09:00-10:00')).toMatchObject({ countNum: targetBefore.countNum });
    await db().delete(counterBookings).where(eq(counterBookings.id, begun.id));
    await setSlotPlaces(hall, begun.slotId, { countNum: (await slotOf(hall, days[10]!.id, '10:00-11:00'))!.countNum - 1 });
    // A citizen who already holds a booking that date: one booking per citizen and date.
    const already = await book(hall, target, '11:00-12:00', { openid: 'moved-counter', name: '吴十', phone: '13612345678' });
    await refused({}, 409, moveTargetAlreadyBooked(1, to.date));
    await db().delete(counterBookings).where(eq(counterBookings.id, already.id));
    await setSlotPlaces(hall, (await slotOf(hall, target.id, '11:00-12:00'))!.id, { countNum: (await slotOf(hall, target.id, '11:00-12:00'))!.countNum - 1 });

    const done = await callHall(hall, contract.saveAppointmentSpecialDay, move, admin);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.errmsg).toBe(`已保存，已将2个预约改至${to.date} 09:00-10:00并通知预约市民`);
    expect(done.body.data).toMatchObject({ saved: true, movedTo: to });
    expect(done.body.data!.affectedBookings.map((booking) => `${booking.date} ${booking.timeName} ${booking.name}`)).toEqual([
      `${closing.calendarDate} 09:00-10:00 孙八`,
      `${closing.calendarDate} 10:00-11:00 吴十`,
    ]);
    const targetSlot = (await slotOf(hall, target.id, '09:00-10:00'))!;
    expect(targetSlot.countNum).toBe(targetBefore.countNum + 2);
    expect(await slotOf(hall, closing.id, '09:00-10:00')).toMatchObject({ countNum: 0 });
    expect(await slotOf(hall, closing.id, '10:00-11:00')).toMatchObject({ countNum: 0 });
    const [orderRow] = await db().select().from(appointmentOrders).where(eq(appointmentOrders.id, order.id));
    expect(orderRow).toMatchObject({
      wlsh: order.prolsh,
      bookedDate: to.date,
      calendarId: target.id,
      slotId: targetSlot.id,
      extendData: expect.objectContaining({ calendar: to.date, timeName: '09:00-10:00' }),
    });
    const [counterRow] = await db().select().from(counterBookings).where(eq(counterBookings.id, counter.id));
    expect(counterRow).toMatchObject({ bookedDate: to.date, calendarId: target.id, slotId: targetSlot.id, yysj: `${to.date} 09:00-10:00` });

    const online = await messagesOf('moved-online', 'bookingMoved');
    expect(online).toHaveLength(1);
    expect(online[0]).toMatchObject({
      title: '预约已改期',
      link: `/yuyueDetail?orderid=${order.id}`,
      body: `因停电检修，您预约的${closing.calendarDate} 09:00-10:00到邯郸市不动产登记中心办理业务（申请编号${order.prolsh}）已由大厅改至${to.date} 09:00-10:00，请按时前往；如新时间不便，可在预约记录中改约或取消，给您带来不便敬请谅解。`,
    });
    expect(await channelsOf(online[0]!.id)).toEqual(['sms']);
    const counterMessages = await messagesOf('moved-counter', 'bookingMoved');
    expect(counterMessages).toHaveLength(1);
    expect(counterMessages[0]).toMatchObject({ link: `/apmorder?id=${counter.id}` });
    expect(counterMessages[0]!.body).toContain(`（预约号CB${counter.id}）已由大厅改至${to.date} 09:00-10:00`);
    expect(await channelsOf(counterMessages[0]!.id)).toEqual(['sms', 'wechat']);
    expect(await messagesOf('moved-online', 'bookingCancelled')).toEqual([]);
    expect(await messagesOf('moved-counter', 'bookingCancelled')).toEqual([]);
    const [entry] = (await db().select().from(auditTrail).where(like(auditTrail.action, 'appointmentSettings.day'))).slice(-1);
    expect(entry).toMatchObject({ after: { kind: 'holiday', cancelledBookings: 0, movedBookings: 2, moved: [order.prolsh, `CB${counter.id}`], movedTo: to, reason: '停电检修' } });

    // The day opens again for the other tests.
    expect((await callHall(hall, contract.saveAppointmentSpecialDay, { ...ask, kind: 'none' }, admin)).status).toBe(200);
  });

  it('a slot whose hours change takes the bookings of the slot it replaces, never the removed slot itself, and can give them back', async () => {
    // An afternoon slot: Fridays are mornings only.
    const day = (await openDays(hall)).slice(10).find((row) => new Date(`${row.calendarDate}T00:00:00Z`).getUTCDay() !== 5)!;
    const held = await book(hall, day, '15:00-16:00', { openid: 'slot-moved', name: '王二', phone: '13312345678' });
    const later = DEFAULT_SLOT_SETTINGS.map((slot) => (slot.timeName === '15:00-16:00' ? { ...slot, timeName: '15:30-16:30' } : slot));
    const asked = await callHall(hall, contract.saveAppointmentSlots, { areaId: AREA, processId: PROCESS, slots: later }, admin);
    expect(asked.body.data).toMatchObject({ saved: false });
    const count = asked.body.data!.affectedBookings.length;
    // The new slot is offered (it does not exist until saved), the removed one is not.
    const offered = (asked.body.data!.moveTargets ?? []).filter((option) => option.date === day.calendarDate).map((option) => `${option.timeName} ${option.places}`);
    expect(offered).toContain('15:30-16:30 6');
    expect(offered.filter((option) => option.startsWith('15:00-16:00'))).toEqual([]);
    const confirm = { areaId: AREA, processId: PROCESS, slots: later, cancelBookings: count, reason: '下午窗口调整' };

    const removed = await callHall(hall, contract.saveAppointmentSlots, { ...confirm, moveBookingsTo: { date: day.calendarDate, timeName: '15:00-16:00' } }, admin);
    expect(removed.status, JSON.stringify(removed.body)).toBe(409);
    expect(removed.body.errmsg).toBe(MOVE_TARGET_REMOVED);
    expect(await slotOf(hall, day.id, '15:30-16:30')).toBeUndefined();
    expect(await slotOf(hall, day.id, '15:00-16:00')).toMatchObject({ countNum: 1 });

    const moved = await callHall(hall, contract.saveAppointmentSlots, { ...confirm, moveBookingsTo: { date: day.calendarDate, timeName: '15:30-16:30' } }, admin);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ saved: true, movedTo: { date: day.calendarDate, timeName: '15:30-16:30' } });
    expect(await slotOf(hall, day.id, '15:00-16:00')).toBeUndefined();
    expect(await slotOf(hall, day.id, '15:30-16:30')).toMatchObject({ countNum: 1, maxNum: 6 });
    const [row] = await db().select().from(counterBookings).where(eq(counterBookings.id, held.id));
    expect(row).toMatchObject({ bookedDate: day.calendarDate, yysj: `${day.calendarDate} 15:30-16:30` });
    const [message] = await messagesOf('slot-moved', 'bookingMoved');
    expect(message!.body).toMatch(new RegExp(`^因下午窗口调整，您预约的${day.calendarDate} 15:00-16:00到.*已由大厅改至${day.calendarDate} 15:30-16:30，`));

    // Back to the default slots for the other tests, the booking with them.
    const back = await callHall(
      hall,
      contract.saveAppointmentSlots,
      { areaId: AREA, processId: PROCESS, slots: [...DEFAULT_SLOT_SETTINGS], cancelBookings: count, reason: '恢复原时段', moveBookingsTo: { date: day.calendarDate, timeName: '15:00-16:00' } },
      admin,
    );
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(await slotOf(hall, day.id, '15:00-16:00')).toMatchObject({ countNum: 1 });
    expect(await messagesOf('slot-moved', 'bookingMoved')).toHaveLength(2);
  });
});

describe('the reminder the day before', () => {
  it('reminds each unmarked booking of tomorrow once, whichever of two processes runs it and however often, from the hour on', async () => {
    const now = new Date();
    const tomorrow = formatShanghaiDate(new Date(now.getTime() + 24 * 60 * 60 * 1000));
    // Tomorrow may be closed; the reminder reads the booking's date, so any calendar day named tomorrow serves.
    const [calendar] = await db()
      .select()
      .from(appointmentCalendars)
      .where(and(eq(appointmentCalendars.areaId, AREA), eq(appointmentCalendars.calendarDate, tomorrow)));
    expect(calendar, `the seeded calendar holds ${tomorrow}`).toBeDefined();
    await db().update(appointmentCalendars).set({ holiday: 0 }).where(eq(appointmentCalendars.id, calendar!.id));
    await hall.connection.db.execute(
      sql`insert into appointment_slots (calendar_id, process_id, time_name, max_num) values (${calendar!.id}, ${PROCESS}, '09:00-10:00', 10), (${calendar!.id}, ${PROCESS}, '14:00-15:00', 10) on conflict do nothing`,
    );
    const first = await book(hall, calendar!, '09:00-10:00', { openid: 'remind-1', name: '冯三', phone: '13112345678' });
    const second = await book(hall, calendar!, '14:00-15:00', { openid: 'remind-2', name: '陈四', phone: '13212345678' });
    const marked = await book(hall, calendar!, '14:00-15:00', { openid: 'remind-3', name: '褚五', phone: '13012345678' });
    await db().insert(appointmentAttendance).values({ bookingKind: 'counter', bookingId: marked.id, state: 'arrived', operatorName: 'counter' });

    // Before the hour: nothing.
    const hour = (now.getUTCHours() + 8) % 24;
    if (hour < 23) {
      expect(await remindTomorrowsBookings(db(), hour + 1, now)).toBe(0);
      expect(await messagesOf('remind-1', 'bookingReminder')).toEqual([]);
    }

    const other = connectDatabase(hall.databaseUrl, 3);
    try {
      await Promise.all([remindTomorrowsBookings(db(), hour, now), remindTomorrowsBookings(other.db, hour, now), remindTomorrowsBookings(other.db, hour, now)]);
      await remindTomorrowsBookings(db(), 0, now);
    } finally {
      await other.close();
    }
    for (const [openid, booking, timeName] of [
      ['remind-1', first, '09:00-10:00'],
      ['remind-2', second, '14:00-15:00'],
    ] as const) {
      const reminders = await messagesOf(openid, 'bookingReminder');
      expect(reminders, openid).toHaveLength(1);
      expect(reminders[0]).toMatchObject({ title: '预约提醒', link: `/apmorder?id=${booking.id}`, dedupeKey: `bookingReminder:counter-booking:${booking.id}:${tomorrow}` });
      expect(reminders[0]!.body).toBe(`您预约了明天（${tomorrow}）${timeName}到邯郸市不动产登记中心办理业务（预约号CB${booking.id}），请带好身份证件和材料按时前往；如不能前往，请在预约记录中取消。`);
      expect(await channelsOf(reminders[0]!.id)).toEqual(['sms']);
    }
    expect(await messagesOf('remind-3', 'bookingReminder')).toEqual([]);
  });
});

describe('the answer to a low rating’s follow-up', () => {
  it('reaches the citizen once, opening the rating page where they may rate again', async () => {
    await verifiedCitizen(hall, 'rated-low', '蒋六');
    const [rating] = await db().insert(ratings).values({ openid: 'rated-low', serviceKind: 'feedback', serviceId: '4711', serviceTitle: '意见反馈', grade: 1, comment: '回复太慢' }).returning();
    const [followUp] = await db()
      .insert(ratingFollowUps)
      .values({ ratingId: rating!.id, role: 'counter', dueOn: formatShanghaiDate(new Date()) })
      .returning();
    const counter = await hall.operator('counter');
    const answer = '已安排专人每日处理反馈，两个工作日内回复';
    const answered = await callHall(hall, contract.answerRatingFollowUp, { reqseq: 'r', id: String(followUp!.id), answer }, counter);
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const again = await callHall(hall, contract.answerRatingFollowUp, { reqseq: 'r', id: String(followUp!.id), answer: '第二次' }, counter);
    expect(again.status).toBe(409);
    const messages = await messagesOf('rated-low', 'followUpAnswered');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ title: '评价整改答复', link: '/rate?kind=feedback&id=4711', body: `您对“意见反馈”的评价已收到整改答复：${answer}。欢迎您再次评价。` });
    expect(await channelsOf(messages[0]!.id)).toEqual(['sms']);
  });
});
