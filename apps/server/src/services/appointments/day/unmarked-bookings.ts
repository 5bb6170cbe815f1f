import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { appointmentAreas, appointmentAttendance, appointmentCalendars, appointmentOrders, appointmentProcesses, appointmentSlots, counterBookings } from '../../../db/schema';
import type { BookingFacts } from '../../notifications/notices';
import { counterBookingNumber } from './counter-day';

/**
 * The bookings of both pages that the counter has not marked (到场 or 未到) yet, with what their
 * citizen's messages and the console's lists name: those a hall's change cancels, and those the day
 * before's reminder is for.
 */

export interface UnmarkedBooking extends BookingFacts {
  id: number;
  slotId: number;
  /** The business the booking is for: a move keeps it. */
  processId: string;
  applicationId: number | null;
  processName: string;
  name: string;
  phone: string;
}

/** Where the bookings are: days being closed, slots being removed, or one date. */
export type BookingPlace = { calendarIds: number[] } | { slotIds: number[] } | { date: string };

type Reader = Pick<Database, 'select'>;

const notMarked = (tx: Reader, kind: 'order' | 'counter', id: typeof appointmentOrders.id | typeof counterBookings.id) =>
  notExists(
    tx
      .select({ id: appointmentAttendance.id })
      .from(appointmentAttendance)
      .where(and(eq(appointmentAttendance.bookingKind, kind), eq(appointmentAttendance.bookingId, id))),
  );

/** With `lock`, the bookings stay locked until the transaction ends (a change about to cancel them). */
export async function unmarkedBookings(tx: Reader, where: BookingPlace, options: { lock?: boolean } = {}): Promise<UnmarkedBooking[]> {
  if ('calendarIds' in where && where.calendarIds.length === 0) return [];
  if ('slotIds' in where && where.slotIds.length === 0) return [];
  const placed = <T extends typeof appointmentOrders | typeof counterBookings>(table: T) =>
    'calendarIds' in where ? inArray(table.calendarId, where.calendarIds) : 'slotIds' in where ? inArray(table.slotId, where.slotIds) : eq(table.bookedDate, where.date);
  const orderQuery = tx
    .select({
      order: appointmentOrders,
      timeName: appointmentSlots.timeName,
      processId: appointmentSlots.processId,
      processName: appointmentProcesses.processName,
      areaName: appointmentAreas.areaName,
    })
    .from(appointmentOrders)
    .innerJoin(appointmentSlots, eq(appointmentSlots.id, appointmentOrders.slotId))
    .innerJoin(appointmentProcesses, eq(appointmentProcesses.id, appointmentOrders.processId))
    .innerJoin(appointmentAreas, eq(appointmentAreas.id, appointmentOrders.areaId))
    .where(and(placed(appointmentOrders), notMarked(tx, 'order', appointmentOrders.id)));
  const orders = options.lock ? await orderQuery.for('update', { of: appointmentOrders }) : await orderQuery;
  const counterQuery = tx
    .select({
      booking: counterBookings,
      timeName: appointmentSlots.timeName,
      processId: appointmentSlots.processId,
      processName: appointmentProcesses.processName,
      areaName: appointmentAreas.areaName,
    })
    .from(counterBookings)
    .innerJoin(appointmentSlots, eq(appointmentSlots.id, counterBookings.slotId))
    .innerJoin(appointmentProcesses, eq(appointmentProcesses.id, appointmentSlots.processId))
    .innerJoin(appointmentCalendars, eq(appointmentCalendars.id, counterBookings.calendarId))
    .innerJoin(appointmentAreas, eq(appointmentAreas.id, appointmentCalendars.areaId))
    .where(and(placed(counterBookings), notMarked(tx, 'counter', counterBookings.id)));
  const counters = options.lock ? await counterQuery.for('update', { of: counterBookings }) : await counterQuery;
  const found: UnmarkedBooking[] = [
    ...orders.map(({ order, timeName, processId, processName, areaName }) => ({
      kind: 'order' as const,
      id: order.id,
      openid: order.openid,
      number: order.wlsh,
      date: order.bookedDate,
      timeName,
      areaName,
      slotId: order.slotId,
      processId,
      applicationId: order.applicationId,
      processName,
      name: order.name,
      phone: order.phone,
    })),
    ...counters.map(({ booking, timeName, processId, processName, areaName }) => ({
      kind: 'counter' as const,
      id: booking.id,
      openid: booking.openid,
      number: counterBookingNumber(booking.id),
      date: booking.bookedDate,
      timeName,
      areaName,
      slotId: booking.slotId,
      processId,
      applicationId: booking.applicationId,
      processName,
      name: booking.name,
      phone: booking.phone,
    })),
  ];
  return found.sort((a, b) => a.date.localeCompare(b.date) || a.timeName.localeCompare(b.timeName) || a.number.localeCompare(b.number));
}
