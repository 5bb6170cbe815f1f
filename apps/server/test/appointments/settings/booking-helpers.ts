import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { appointmentCalendars, appointmentSlots, counterBookings } from '../../../src/db/schema';
import { formatShanghaiDate } from '../../../src/lib/shanghai-time';
import type { TestHall } from '../../hall';

export const AREA = 'ap-130400-1';
export const PROCESS = 'ap-130400-1-p1';

/** The open days of the test site after today, in date order. */
export async function openDays(hall: TestHall, areaId = AREA) {
  return hall.connection.db
    .select()
    .from(appointmentCalendars)
    .where(and(eq(appointmentCalendars.areaId, areaId), eq(appointmentCalendars.holiday, 0), gt(appointmentCalendars.calendarDate, formatShanghaiDate(new Date()))))
    .orderBy(asc(appointmentCalendars.calendarDate));
}

export async function slotOf(hall: TestHall, calendarId: number, timeName = '09:00-10:00', processId = PROCESS) {
  const [slot] = await hall.connection.db
    .select()
    .from(appointmentSlots)
    .where(and(eq(appointmentSlots.calendarId, calendarId), eq(appointmentSlots.processId, processId), eq(appointmentSlots.timeName, timeName)));
  return slot;
}

/** A counter booking taking a place of a slot, as the citizen's booking does. */
export async function book(hall: TestHall, calendar: { id: number; calendarDate: string }, timeName: string, who: { openid: string; name: string; phone: string }) {
  const slot = await slotOf(hall, calendar.id, timeName);
  expect(slot).toBeDefined();
  const db = hall.connection.db;
  await db
    .update(appointmentSlots)
    .set({ countNum: sql`${appointmentSlots.countNum} + 1` })
    .where(eq(appointmentSlots.id, slot!.id));
  const [row] = await db
    .insert(counterBookings)
    .values({
      openid: who.openid,
      calendarId: calendar.id,
      slotId: slot!.id,
      bookedDate: calendar.calendarDate,
      yysj: `${calendar.calendarDate} ${timeName}`,
      name: who.name,
      phone: who.phone,
      zjh: '130402199001011234',
    })
    .returning();
  return row!;
}

/** Sets a slot's places, or how many of them are taken, straight in the database. */
export async function setSlotPlaces(hall: TestHall, slotId: string | number, places: { maxNum?: number; countNum?: number }) {
  await hall.connection.db
    .update(appointmentSlots)
    .set(places)
    .where(eq(appointmentSlots.id, Number(slotId)));
}
