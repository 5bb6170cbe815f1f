import { BOOKING_ALREADY_ATTENDED, SAME_SLOT, VALIDATION_MESSAGES, bookingChangeClosed, bookingChangeable, calendarDate, counterBookingTime } from '@hall/domain';
import { and, eq } from 'drizzle-orm';
import type { Database, Transaction as Tx } from '../../../db/client';
import { appointmentAttendance, appointmentOrders, appointmentSlots, counterBookings } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { parseRowId } from '../../../lib/row-id';
import { uniqueViolation } from '../../../lib/postgres-error';
import { markCaseBookableAgain } from '../../applications/applications';
import { dayStillOpen } from '../settings/calendar-rules';
import { DAY_NOT_BOOKABLE, SLOT_NOT_FOUND, findChosenSlot, type BookingInput } from './appointments';
import { bookableHallSlot } from './counter-booking';
import { releasePlace, takePlace } from '../settings/places';
import type { ChangeRule } from './change-terms';

/**
 * Cancelling and moving the citizen's own bookings of both pages (在线预约 appointment_orders, 窗口预约
 * counter_bookings) until the deadline before the slot (HALL_BOOKING_CHANGE_HOURS). The place goes
 * back to its slot in the same transaction, so the booking pages and the counter's day, which read
 * the slots and the bookings, show it free at once.
 */

/** Not worded by the spec: the booking is not the caller's, or no longer exists. */
export const BOOKING_NOT_FOUND = '未找到该预约，请在预约记录中查看';

type Kind = 'order' | 'counter';

/** A held booking past its deadline, or already marked by the counter, stays as it is. */
async function refuseUnlessChangeable(tx: Tx, kind: Kind, held: { id: number; bookedDate: string; timeName: string }, rule: ChangeRule) {
  if (!bookingChangeable(held.bookedDate, held.timeName, rule.hours, rule.now ?? new Date())) throw conflict(bookingChangeClosed(rule.hours));
  const [attended] = await tx
    .select({ id: appointmentAttendance.id })
    .from(appointmentAttendance)
    .where(and(eq(appointmentAttendance.bookingKind, kind), eq(appointmentAttendance.bookingId, held.id)));
  if (attended) throw conflict(BOOKING_ALREADY_ATTENDED);
}

/** The two tables of bookings a citizen may change: 在线预约 and 窗口预约. */
type BookingTable = typeof appointmentOrders | typeof counterBookings;

/** The caller's own booking in `table` with its slot's name, locked for the change; anyone else's reads as not found. */
async function heldBooking<T extends BookingTable>(tx: Tx, table: T, openid: string, idText: string): Promise<T['$inferSelect'] & { timeName: string }> {
  const id = parseRowId(idText);
  // Both tables name their id, owner and slot alike; the query is written once over those columns.
  const bookings = table as typeof counterBookings;
  const [row] =
    id === null
      ? []
      : await tx
          .select({ booking: bookings, timeName: appointmentSlots.timeName })
          .from(bookings)
          .innerJoin(appointmentSlots, eq(appointmentSlots.id, bookings.slotId))
          .where(and(eq(bookings.id, id), eq(bookings.openid, openid)))
          .for('update', { of: bookings });
  if (!row) throw notFound(BOOKING_NOT_FOUND);
  return { ...(row.booking as T['$inferSelect']), timeName: row.timeName };
}

/** A second booking of the new date: the unique index answers, as it does for a new booking. */
function dateTaken(error: unknown, constraint: string): never {
  if (uniqueViolation(error) === constraint) throw conflict(VALIDATION_MESSAGES.alreadyBooked);
  throw error;
}

/** Cancels the caller's online appointment; its case can be booked again. */
export async function cancelOrder(db: Database, openid: string, idText: string, rule: ChangeRule): Promise<void> {
  await db.transaction(async (tx) => {
    const held = await heldBooking(tx, appointmentOrders, openid, idText);
    await refuseUnlessChangeable(tx, 'order', held, rule);
    await tx.delete(appointmentOrders).where(eq(appointmentOrders.id, held.id));
    await releasePlace(tx, held.slotId);
    // Booking online marked the case booked; without the order its list offers 点击预约 again.
    await markCaseBookableAgain(tx, openid, held.applicationId);
  });
}

/** Moves the caller's online appointment to another slot (any site, business, day and time it could book). */
export async function moveOrder(db: Database, openid: string, idText: string, to: Pick<BookingInput, 'area' | 'process' | 'calendar' | 'time'>, rule: ChangeRule): Promise<void> {
  const now = rule.now ?? new Date();
  const chosen = await findChosenSlot(db, to);
  if (!chosen) throw badRequest(SLOT_NOT_FOUND);
  const date = calendarDate(chosen.calendar.calendarDate);
  if (chosen.calendar.holiday !== 0 || !bookingChangeable(date, chosen.slot.timeName, 0, now)) throw badRequest(DAY_NOT_BOOKABLE);
  try {
    await db.transaction(async (tx) => {
      const held = await heldBooking(tx, appointmentOrders, openid, idText);
      if (held.slotId === chosen.slot.id) throw badRequest(SAME_SLOT);
      await refuseUnlessChangeable(tx, 'order', held, rule);
      if (!(await dayStillOpen(tx, chosen.calendar.id))) throw badRequest(DAY_NOT_BOOKABLE);
      await releasePlace(tx, held.slotId);
      await takePlace(tx, chosen.slot.id);
      const extend = held.extendData as Record<string, string>;
      await tx
        .update(appointmentOrders)
        .set({
          areaId: chosen.area.id,
          processId: chosen.process.id,
          calendarId: chosen.calendar.id,
          slotId: chosen.slot.id,
          bookedDate: date,
          extendData: { ...extend, calendar: date, timeName: chosen.slot.timeName, processName: chosen.process.processName, areaName: chosen.area.areaName },
        })
        .where(eq(appointmentOrders.id, held.id));
    });
  } catch (error) {
    dateTaken(error, 'appointment_orders_owner_date_idx');
  }
}

/** Cancels the caller's counter booking; a case it was made for can be booked again. */
export async function cancelCounterBooking(db: Database, openid: string, idText: string, rule: ChangeRule): Promise<void> {
  await db.transaction(async (tx) => {
    const held = await heldBooking(tx, counterBookings, openid, idText);
    await refuseUnlessChangeable(tx, 'counter', held, rule);
    await tx.delete(counterBookings).where(eq(counterBookings.id, held.id));
    await releasePlace(tx, held.slotId);
    if (held.applicationId !== null) await markCaseBookableAgain(tx, openid, held.applicationId);
  });
}

/** Moves the caller's counter booking to another slot of their hall. */
export async function moveCounterBooking(db: Database, openid: string, idText: string, to: { calendarId: string; countId: string }, rule: ChangeRule): Promise<void> {
  const now = rule.now ?? new Date();
  const { day, chosen, date } = await bookableHallSlot(db, openid, to.calendarId, to.countId, now);
  if (!bookingChangeable(date, chosen.timeName, 0, now)) throw badRequest(DAY_NOT_BOOKABLE);
  try {
    await db.transaction(async (tx) => {
      const held = await heldBooking(tx, counterBookings, openid, idText);
      if (held.slotId === chosen.id) throw badRequest(SAME_SLOT);
      await refuseUnlessChangeable(tx, 'counter', held, rule);
      if (!(await dayStillOpen(tx, day.id))) throw badRequest(DAY_NOT_BOOKABLE);
      await releasePlace(tx, held.slotId);
      await takePlace(tx, chosen.id);
      await tx
        .update(counterBookings)
        .set({ calendarId: day.id, slotId: chosen.id, bookedDate: date, yysj: counterBookingTime(date, chosen.timeName) })
        .where(eq(counterBookings.id, held.id));
    });
  } catch (error) {
    dateTaken(error, 'counter_bookings_owner_date_idx');
  }
}
