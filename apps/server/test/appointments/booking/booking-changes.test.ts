import { contract } from '@hall/api/internal';
import type { CounterDay } from '@hall/api';
import { BOOKING_ALREADY_ATTENDED, DEFAULT_BOOKING_CHANGE_HOURS, SAME_SLOT, bookingChangeClosed } from '@hall/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applications, appointmentAttendance, appointmentOrders, counterBookings } from '../../../src/db/schema';
import { DEMO_BUSINESSES } from '../../../src/seed/apply-catalogue';
import { formatShanghaiDate } from '../../../src/lib/shanghai-time';
import { BOOKING_NOT_FOUND } from '../../../src/services/appointments/booking/booking-changes';
import { callHall } from '../../call';
import { testHallForFile } from '../../hall';
import { rowById } from '../../rows';
import { caseColumns, ownerAndStranger } from '../../application-helpers';
import { AREA, PROCESS, openDays, slotOf } from '../settings/booking-helpers';
import { appointmentSlots } from '../../../src/db/schema';

/** Cancelling and moving bookings of both pages, until HALL_BOOKING_CHANGE_HOURS before the slot. */

const hall = testHallForFile();
let owner: string;
let stranger: string;
let counter: string;

beforeAll(async () => {
  [owner, stranger] = await ownerAndStranger(hall, 'chg-owner', 'chg-other');
  counter = await hall.operator('counter');
});

let caseSerial = 0;
async function submittedCase(openid: string): Promise<{ id: number; prolsh: string }> {
  caseSerial += 1;
  const business = DEMO_BUSINESSES[0]!;
  const prolsh = `CH2612${String(caseSerial).padStart(6, '0')}`;
  const [row] = await hall.connection.db
    .insert(applications)
    .values({ ...caseColumns(openid), name: business.prodefName ?? '房屋登记', prolsh, slbh: `SL${prolsh}`, shzt: 20, kyy: '1', submittedAt: new Date() })
    .returning({ id: applications.id });
  return { id: row!.id, prolsh };
}

const places = async (slotId: number) => (await rowById(hall, appointmentSlots, String(slotId)))!.countNum;

/** Two slots of the first open day after today, and one of the day after. */
async function slots() {
  const [first, second] = await openDays(hall);
  return {
    first: first!,
    second: second!,
    early: (await slotOf(hall, first!.id, '09:00-10:00'))!,
    late: (await slotOf(hall, first!.id, '10:00-11:00'))!,
    nextDay: (await slotOf(hall, second!.id, '09:00-10:00'))!,
  };
}

async function bookOnline(cookie: string, calendarId: number, slotId: number) {
  const { prolsh, id: applicationId } = await submittedCase(cookie === owner ? 'chg-owner' : 'chg-other');
  const reply = await callHall(
    hall,
    contract.addAppointment,
    { area: AREA, process: PROCESS, calendar: String(calendarId), time: String(slotId), name: '张三', code: '', phone: '', wlsh: prolsh, xzqdm: '130400' },
    cookie,
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { id: reply.body.data!.id, prolsh, applicationId };
}

async function bookCounter(cookie: string, calendarId: number, slotId: number, proinstid?: number) {
  const reply = await callHall(hall, contract.addApmCount, { calendarId: String(calendarId), countId: String(slotId), ...(proinstid ? { proinstid: String(proinstid) } : {}) }, cookie);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data!.id;
}

async function dayBookingNames(date: string) {
  const { body } = await callHall(hall, contract.getCounterDay, { areaId: AREA, date }, counter);
  return (body.data as CounterDay).bookings.map((booking) => `${booking.kind} ${booking.timeName}`);
}

describe('online appointments (在线预约)', () => {
  it('the owner cancels before the deadline: the place goes back, the counter’s day loses it, and the case can be booked again', async () => {
    const { first, early } = await slots();
    const before = await places(early.id);
    const { id, applicationId } = await bookOnline(owner, first.id, early.id);
    expect(await places(early.id)).toBe(before + 1);
    expect((await rowById(hall, applications, String(applicationId)))!.kyy).toBe('2');
    const listed = await callHall(hall, contract.appointmentOrders, {}, owner);
    expect(listed.body.data!.find((order) => order.id === id)).toMatchObject({ changeable: true, changeDeadline: `${first.calendarDate} 07:00` });
    expect(await dayBookingNames(first.calendarDate)).toContain('order 09:00-10:00');

    const cancelled = await callHall(hall, contract.cancelAppointment, { id }, owner);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 1, msg: '预约已取消' });
    expect(await places(early.id)).toBe(before);
    expect(
      await hall.connection.db
        .select()
        .from(appointmentOrders)
        .where(eq(appointmentOrders.id, Number(id))),
    ).toEqual([]);
    expect(await dayBookingNames(first.calendarDate)).not.toContain('order 09:00-10:00');
    const list = await callHall(hall, contract.getYuyueApplyList, {}, owner);
    expect(JSON.stringify(list.body)).not.toContain(`"orderid":"${id}"`);
    expect((await rowById(hall, applications, String(applicationId)))!.kyy).toBe('1');
  });

  it('the owner moves to another free slot: one place moves from the old slot to the new, the order shows the new time', async () => {
    const { first, second, early, nextDay } = await slots();
    const [oldBefore, newBefore] = [await places(early.id), await places(nextDay.id)];
    const { id } = await bookOnline(owner, first.id, early.id);
    const sameSlot = await callHall(hall, contract.moveAppointment, { id, area: AREA, process: PROCESS, calendar: String(first.id), time: String(early.id) }, owner);
    expect(sameSlot.status).toBe(400);
    expect(sameSlot.body.msg ?? sameSlot.body.errmsg).toBe(SAME_SLOT);

    const moved = await callHall(hall, contract.moveAppointment, { id, area: AREA, process: PROCESS, calendar: String(second.id), time: String(nextDay.id) }, owner);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ state: 1, msg: '改约成功' });
    expect([await places(early.id), await places(nextDay.id)]).toEqual([oldBefore, newBefore + 1]);
    const order = await callHall(hall, contract.appointmentOrder, { id }, owner);
    expect(order.body.data!.extendData).toMatchObject({ calendar: second.calendarDate, timeName: '09:00-10:00' });
    await callHall(hall, contract.cancelAppointment, { id }, owner);
    expect(await places(nextDay.id)).toBe(newBefore);
  });

  it('another citizen’s order can be neither cancelled nor moved, and nothing changes', async () => {
    const { first, late, nextDay, second } = await slots();
    const { id } = await bookOnline(owner, first.id, late.id);
    const taken = await places(late.id);
    const cancel = await callHall(hall, contract.cancelAppointment, { id }, stranger);
    expect(cancel.status).toBe(404);
    expect(cancel.body.msg ?? cancel.body.errmsg).toBe(BOOKING_NOT_FOUND);
    const move = await callHall(hall, contract.moveAppointment, { id, area: AREA, process: PROCESS, calendar: String(second.id), time: String(nextDay.id) }, stranger);
    expect(move.status).toBe(404);
    expect(await places(late.id)).toBe(taken);
    expect(
      await hall.connection.db
        .select()
        .from(appointmentOrders)
        .where(eq(appointmentOrders.id, Number(id))),
    ).toHaveLength(1);
    expect((await callHall(hall, contract.cancelAppointment, { id }, undefined)).status).not.toBe(200);
    await callHall(hall, contract.cancelAppointment, { id }, owner);
  });

  it('past the deadline a cancel or move is refused with what to do, and the booking keeps its place', async () => {
    const { first, early, second, nextDay } = await slots();
    const { id } = await bookOnline(owner, first.id, early.id);
    const taken = await places(early.id);
    // The booked slot began yesterday: well past the deadline.
    const yesterday = formatShanghaiDate(new Date(Date.now() - 86_400_000));
    await hall.connection.db
      .update(appointmentOrders)
      .set({ bookedDate: yesterday })
      .where(eq(appointmentOrders.id, Number(id)));
    const listed = await callHall(hall, contract.appointmentOrder, { id }, owner);
    expect(listed.body.data).toMatchObject({ changeable: false });
    const cancel = await callHall(hall, contract.cancelAppointment, { id }, owner);
    expect(cancel.status).toBe(409);
    expect(cancel.body.msg ?? cancel.body.errmsg).toBe(bookingChangeClosed(DEFAULT_BOOKING_CHANGE_HOURS));
    const move = await callHall(hall, contract.moveAppointment, { id, area: AREA, process: PROCESS, calendar: String(second.id), time: String(nextDay.id) }, owner);
    expect(move.status).toBe(409);
    expect(await places(early.id)).toBe(taken);
  });
});

describe('counter bookings (窗口预约)', () => {
  it('the owner cancels: the place goes back, the case offers booking again, the counter’s day loses it', async () => {
    const { first, late } = await slots();
    const application = await submittedCase('chg-owner');
    const before = await places(late.id);
    const id = await bookCounter(owner, first.id, late.id, application.id);
    expect((await rowById(hall, applications, String(application.id)))!.kyy).toBe('2');
    expect(await dayBookingNames(first.calendarDate)).toContain('counter 10:00-11:00');
    const records = await callHall(hall, contract.getApmRecord, {}, owner);
    expect(records.body.data!.find((row) => row.id === id)).toMatchObject({ changeable: true, changeDeadline: `${first.calendarDate} 08:00` });

    const cancelled = await callHall(hall, contract.cancelApmCount, { id }, owner);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 1, msg: '预约已取消' });
    expect(await places(late.id)).toBe(before);
    expect((await rowById(hall, applications, String(application.id)))!.kyy).toBe('1');
    expect(await dayBookingNames(first.calendarDate)).not.toContain('counter 10:00-11:00');
    expect((await callHall(hall, contract.cancelApmCount, { id }, owner)).status).toBe(404);
  });

  it('the owner moves to another slot of the hall; another citizen is refused; a marked visit stays', async () => {
    const { first, second, early, nextDay } = await slots();
    const [oldBefore, newBefore] = [await places(early.id), await places(nextDay.id)];
    const id = await bookCounter(owner, first.id, early.id);
    const stolen = await callHall(hall, contract.moveApmCount, { id, calendarId: String(second.id), countId: String(nextDay.id) }, stranger);
    expect(stolen.status).toBe(404);
    expect((await callHall(hall, contract.cancelApmCount, { id }, stranger)).status).toBe(404);
    expect(await places(early.id)).toBe(oldBefore + 1);

    const moved = await callHall(hall, contract.moveApmCount, { id, calendarId: String(second.id), countId: String(nextDay.id) }, owner);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect([await places(early.id), await places(nextDay.id)]).toEqual([oldBefore, newBefore + 1]);
    const [row] = await hall.connection.db
      .select()
      .from(counterBookings)
      .where(eq(counterBookings.id, Number(id)));
    expect(row).toMatchObject({ bookedDate: second.calendarDate, yysj: `${second.calendarDate} 09:00-10:00`, slotId: nextDay.id });

    await hall.connection.db.insert(appointmentAttendance).values({ bookingKind: 'counter', bookingId: Number(id), state: 'arrived', operatorName: '窗口' });
    const refused = await callHall(hall, contract.cancelApmCount, { id }, owner);
    expect(refused.status).toBe(409);
    expect(refused.body.msg ?? refused.body.errmsg).toBe(BOOKING_ALREADY_ATTENDED);
    expect(await places(nextDay.id)).toBe(newBefore + 1);
  });
});
