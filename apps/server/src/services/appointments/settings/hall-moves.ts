import type { MoveTarget, MoveTargetOption } from '@hall/api/internal';
import { bookingChangeable, counterBookingTime } from '@hall/domain';
import { and, asc, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/client';
import { appointmentCalendars, appointmentOrders, appointmentSlots, counterBookings } from '../../../db/schema';
import { conflict } from '../../../lib/errors';
import { formatShanghaiDate } from '../../../lib/shanghai-time';
import { notifyCitizen } from '../../notifications/outbox';
import { bookingMovedNotice } from '../../notifications/notices';
import type { UnmarkedBooking } from '../day/unmarked-bookings';
import { releasePlace, takePlace } from './places';

/**
 * Bookings the hall moves instead of cancelling: a day closed while another opens for it, a slot's
 * hours changed. Every affected booking goes to one date and slot name of the same site, each to
 * its own business's slot of that name, keeping its number; the citizen is told and may still move
 * or cancel it themselves until the deadline. The move is all or nothing: a target that cannot take
 * every booking is refused in words and the change is not saved.
 */

/** Where the change happens: its site, its moment, and the slots it takes away (no target for a move). */
export interface SettlementPlace {
  areaId: string;
  now: Date;
  removedSlotIds?: number[];
}

export const moveTargetClosed = (date: string) => `${date}不办理预约业务，请选择其他日期`;
export const moveTargetPast = (target: MoveTarget) => `${target.date} ${target.timeName}已过，请选择以后的时段`;
export const moveTargetMissing = (target: MoveTarget, processName: string) => `${target.date}没有“${processName}”的${target.timeName}时段，请选择其他时段`;
export const MOVE_TARGET_REMOVED = '改约的时段正是此次要去掉的时段，请选择其他时段';
export const moveTargetFull = (target: MoveTarget, processName: string, left: number, needed: number) =>
  `${target.date} ${target.timeName}（${processName}）只剩${left}个名额，不够改约${needed}个预约，请选择其他时段`;
export const moveTargetAlreadyBooked = (count: number, date: string) => `${count}位市民在${date}已有预约（每人每天只能预约一次），不能改至该日；请选择其他日期，或取消这些预约`;

/**
 * Moves each held booking to the target, or refuses (the caller's transaction then rolls back).
 * `removedSlotIds`: the slots the change takes away, which cannot be a target.
 */
export async function moveByHall(tx: Transaction, held: UnmarkedBooking[], target: MoveTarget, reason: string, place: SettlementPlace): Promise<void> {
  const [day] = await tx
    .select()
    .from(appointmentCalendars)
    .where(and(eq(appointmentCalendars.areaId, place.areaId), eq(appointmentCalendars.calendarDate, target.date)));
  if (!day || day.holiday !== 0) throw conflict(moveTargetClosed(target.date));
  if (!bookingChangeable(target.date, target.timeName, 0, place.now)) throw conflict(moveTargetPast(target));

  // Each business's slot of that name on the target day, locked, with the places it must find.
  const targetSlotOf = new Map<string, number>();
  for (const processId of new Set(held.map((booking) => booking.processId))) {
    const processName = held.find((booking) => booking.processId === processId)!.processName;
    const [slot] = await tx
      .select()
      .from(appointmentSlots)
      .where(and(eq(appointmentSlots.calendarId, day.id), eq(appointmentSlots.processId, processId), eq(appointmentSlots.timeName, target.timeName)))
      .for('update');
    if (!slot || slot.maxNum === 0) throw conflict(moveTargetMissing(target, processName));
    if ((place.removedSlotIds ?? []).includes(slot.id) || held.some((booking) => booking.slotId === slot.id)) throw conflict(MOVE_TARGET_REMOVED);
    const needed = held.filter((booking) => booking.processId === processId).length;
    const left = Math.max(0, slot.maxNum - slot.countNum);
    if (left < needed) throw conflict(moveTargetFull(target, processName, left, needed));
    targetSlotOf.set(processId, slot.id);
  }

  const clashes = await citizensBookedOn(tx, held, target.date);
  if (clashes > 0) throw conflict(moveTargetAlreadyBooked(clashes, target.date));

  for (const booking of held) {
    const slotId = targetSlotOf.get(booking.processId)!;
    await releasePlace(tx, booking.slotId);
    await takePlace(tx, slotId);
    const id = Number(booking.id);
    if (booking.kind === 'order')
      await tx
        .update(appointmentOrders)
        .set({
          calendarId: day.id,
          slotId,
          bookedDate: target.date,
          extendData: sql`${appointmentOrders.extendData} || jsonb_build_object('calendar', ${target.date}::text, 'timeName', ${target.timeName}::text)`,
        })
        .where(eq(appointmentOrders.id, id));
    else
      await tx
        .update(counterBookings)
        .set({ calendarId: day.id, slotId, bookedDate: target.date, yysj: counterBookingTime(target.date, target.timeName) })
        .where(eq(counterBookings.id, id));
    await notifyCitizen(tx, bookingMovedNotice(booking, target, reason));
  }
}

/**
 * How many citizens the move would give two bookings of one page on the target date (one per
 * citizen and date, as booking itself keeps): one already booked there apart from the moved
 * bookings, or two moved bookings of the same citizen.
 */
async function citizensBookedOn(tx: Transaction, held: UnmarkedBooking[], date: string): Promise<number> {
  const clashing = new Set<string>();
  for (const kind of ['order', 'counter'] as const) {
    const moving = held.filter((booking) => booking.kind === kind);
    if (moving.length === 0) continue;
    const table = kind === 'order' ? appointmentOrders : counterBookings;
    const ids = moving.map((booking) => Number(booking.id));
    const others = await tx
      .select({ openid: table.openid })
      .from(table)
      .where(
        and(
          eq(table.bookedDate, date),
          inArray(
            table.openid,
            moving.map((booking) => booking.openid),
          ),
          notInArray(table.id, ids),
        ),
      );
    for (const row of others) clashing.add(`${kind}:${row.openid}`);
    const seen = new Set<string>();
    for (const booking of moving) {
      if (seen.has(booking.openid)) clashing.add(`${kind}:${booking.openid}`);
      seen.add(booking.openid);
    }
  }
  return clashing.size;
}

/** How many coming days the console offers as targets of a move. */
const TARGET_DAYS = 31;

/**
 * The targets the console offers for a move, read inside the unsaved change (so a slot it adds is
 * offered and one it removes or a day it closes is not): each date and slot name every affected
 * business has, not begun yet, with the places left (the fewest of those businesses).
 */
export async function moveTargetOptions(tx: Transaction, held: UnmarkedBooking[], place: SettlementPlace): Promise<MoveTargetOption[]> {
  if (held.length === 0) return [];
  const days = await tx
    .select()
    .from(appointmentCalendars)
    .where(and(eq(appointmentCalendars.areaId, place.areaId), eq(appointmentCalendars.holiday, 0), gte(appointmentCalendars.calendarDate, formatShanghaiDate(place.now))))
    .orderBy(asc(appointmentCalendars.calendarDate))
    .limit(TARGET_DAYS);
  if (days.length === 0) return [];
  const processIds = [...new Set(held.map((booking) => booking.processId))];
  const leaving = new Set([...(place.removedSlotIds ?? []), ...held.map((booking) => booking.slotId)]);
  const slots = await tx
    .select()
    .from(appointmentSlots)
    .where(
      and(
        inArray(
          appointmentSlots.calendarId,
          days.map((day) => day.id),
        ),
        inArray(appointmentSlots.processId, processIds),
      ),
    );
  const options: MoveTargetOption[] = [];
  for (const day of days) {
    const ofDay = slots.filter((slot) => slot.calendarId === day.id && slot.maxNum > 0 && !leaving.has(slot.id));
    for (const timeName of [...new Set(ofDay.map((slot) => slot.timeName))].sort()) {
      const named = ofDay.filter((slot) => slot.timeName === timeName);
      if (named.length < processIds.length || !bookingChangeable(day.calendarDate, timeName, 0, place.now)) continue;
      options.push({ date: day.calendarDate, timeName, places: Math.min(...named.map((slot) => Math.max(0, slot.maxNum - slot.countNum))) });
    }
  }
  return options;
}
