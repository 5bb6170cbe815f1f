import { DEFAULT_APPLY_REGION, REVIEW_STATUS, VALIDATION_MESSAGES, calendarDate, citizenPaths, getHref, counterBookingTime, slotBookingMessage, weekdayName } from '@hall/domain/internal';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { applications, appointmentAreas, appointmentCalendars, appointmentOrders, appointmentProcesses, appointmentSlots, counterBookings } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { firstRowById, parseRowId } from '../../../lib/row-id';
import { formatShanghaiDate, formatShanghaiDateTime } from '../../../lib/shanghai-time';
import { uniqueViolation } from '../../../lib/postgres-error';
import { CASE_ALREADY_BOOKED, CASE_NOT_BOOKABLE, DAY_NOT_BOOKABLE, SLOT_NOT_FOUND } from './appointments';
import { requireUser } from '../../session/users';
import { markCaseBooked } from '../../applications/applications';
import { dayStillOpen } from '../settings/calendar-rules';
import { takePlace } from '../settings/places';
import { changeTerms, type ChangeRule } from './change-terms';
import { notifyCitizen } from '../../notifications/outbox';
import { bookingConfirmedNotice } from '../../notifications/notices';
import { counterBookingNumber } from '../day/counter-day';

/**
 * Counter booking (spec part 3 §2.5, §4, §5, §7 "Counter booking", §8): the citizen books a time
 * slot of a day at the general window of their hall. The places are those of appointment_slots,
 * so the online appointment and the counter booking share one capacity, kept by the database.
 */

/** Not worded by the spec: no hall takes counter bookings in the citizen's district. */
export const NO_COUNTER_HALL = '您所在地区暂未开通窗口预约';
/** Not worded by the spec: the profile lacks the name or ID number a booking records. */
export const PROFILE_INCOMPLETE = '请先完善个人信息（姓名、证件号码）后再预约';

type Hall = { area: typeof appointmentAreas.$inferSelect; processId: string };

/** The citizen's hall: the first site of their district (the default district when theirs has none) and its first window. */
export async function counterHall(db: Database, openid: string): Promise<Hall> {
  const user = await requireUser(db, openid);
  for (const district of [user.xzqdm, DEFAULT_APPLY_REGION]) {
    if (!district) continue;
    const [row] = await db
      .select({ area: appointmentAreas, processId: appointmentProcesses.id })
      .from(appointmentAreas)
      .innerJoin(appointmentProcesses, eq(appointmentProcesses.areaId, appointmentAreas.id))
      .where(eq(appointmentAreas.xzqdm, district))
      .orderBy(asc(appointmentAreas.sort), asc(appointmentAreas.id), asc(appointmentProcesses.sort), asc(appointmentProcesses.id))
      .limit(1);
    if (row) return row;
  }
  throw notFound(NO_COUNTER_HALL);
}

/** The hall's days from today (Asia/Shanghai) on, closed days included with holiday 1. */
export async function listCounterDays(db: Database, openid: string, now = new Date()) {
  const hall = await counterHall(db, openid);
  const rows = await db
    .select()
    .from(appointmentCalendars)
    .where(and(eq(appointmentCalendars.areaId, hall.area.id), sql`${appointmentCalendars.calendarDate} >= ${formatShanghaiDate(now)}::date`))
    .orderBy(asc(appointmentCalendars.calendarDate), asc(appointmentCalendars.timeClass));
  return rows.map((row) => {
    const day = calendarDate(row.calendarDate);
    return { calendarId: String(row.id), calendar: day, weekday: weekdayName(day) ?? '', holiday: row.holiday, areaName: hall.area.areaName };
  });
}

async function hallDay(db: Database, hall: Hall, calendarIdText: string) {
  const calendarId = parseRowId(calendarIdText);
  if (calendarId === null) return undefined;
  const [day] = await db
    .select()
    .from(appointmentCalendars)
    .where(and(eq(appointmentCalendars.id, calendarId), eq(appointmentCalendars.areaId, hall.area.id)));
  return day;
}

async function hasBookingOn(db: Pick<Database, 'select'>, openid: string, date: string): Promise<boolean> {
  const [row] = await db
    .select({ id: counterBookings.id })
    .from(counterBookings)
    .where(and(eq(counterBookings.openid, openid), eq(counterBookings.bookedDate, date)));
  return Boolean(row);
}

/** The slots of one of the hall's days with booked count and places; none for a closed day or another hall's day. */
export async function listCounterSlots(db: Database, openid: string, calendarIdText: string) {
  const hall = await counterHall(db, openid);
  const day = await hallDay(db, hall, calendarIdText);
  if (!day) return { booked: false, counts: [] };
  const rows =
    day.holiday !== 0
      ? []
      : await db
          .select()
          .from(appointmentSlots)
          .where(and(eq(appointmentSlots.calendarId, day.id), eq(appointmentSlots.processId, hall.processId)))
          .orderBy(asc(appointmentSlots.timeName));
  return {
    booked: await hasBookingOn(db, openid, calendarDate(day.calendarDate)),
    counts: rows.map((slot) => ({ countId: String(slot.id), timeName: slot.timeName, countNum: slot.countNum, maxNum: slot.maxNum })),
  };
}

/** A slot of one of the citizen's hall's open days from today on, with its day and date; refused with what to do otherwise. */
export async function bookableHallSlot(db: Database, openid: string, calendarIdText: string, countIdText: string, now: Date) {
  const hall = await counterHall(db, openid);
  const day = await hallDay(db, hall, calendarIdText);
  const slotId = parseRowId(countIdText);
  const [chosen] =
    !day || slotId === null
      ? []
      : await db
          .select()
          .from(appointmentSlots)
          .where(and(eq(appointmentSlots.id, slotId), eq(appointmentSlots.calendarId, day.id), eq(appointmentSlots.processId, hall.processId)));
  if (!day || !chosen) throw badRequest(SLOT_NOT_FOUND);
  const date = calendarDate(day.calendarDate);
  if (day.holiday !== 0 || date < formatShanghaiDate(now)) throw badRequest(DAY_NOT_BOOKABLE);
  return { day, chosen, date, area: hall.area };
}

export interface CounterBookingInput {
  name?: string;
  phone?: string;
  zjh?: string;
  calendarId: string;
  countId: string;
  proinstid?: string;
}

/**
 * Books a slot of the citizen's hall. The slot's place and the one-booking-per-date rule are kept
 * by the database in one transaction: a conditional update takes the place (a full slot updates
 * no row) and a unique index refuses a second booking of the date, rolling the place back.
 */
export async function bookCounterSlot(db: Database, openid: string, input: CounterBookingInput, now = new Date()): Promise<{ id: string }> {
  const { day, chosen, date, area } = await bookableHallSlot(db, openid, input.calendarId, input.countId, now);

  let applicationId: number | null = null;
  if (input.proinstid?.trim()) {
    const application = await firstRowById(input.proinstid, (rowId) =>
      db
        .select({ id: applications.id })
        .from(applications)
        .where(and(eq(applications.id, rowId), eq(applications.openid, openid), ne(applications.shzt, REVIEW_STATUS.notSubmitted))),
    );
    if (!application) throw badRequest(CASE_NOT_BOOKABLE);
    applicationId = application.id;
  }

  // What the page sends wins; the profile fills what it leaves out.
  const profile = await requireUser(db, openid);
  const name = input.name?.trim() || profile.name;
  const zjh = (input.zjh?.trim() || profile.cardnum).toUpperCase();
  const phone = input.phone?.trim() || profile.phone;
  if (!name || !zjh) throw badRequest(PROFILE_INCOMPLETE);

  try {
    const id = await db.transaction(async (tx) => {
      if (!(await dayStillOpen(tx, day.id))) throw badRequest(DAY_NOT_BOOKABLE);
      const [slot] = await tx.select().from(appointmentSlots).where(eq(appointmentSlots.id, chosen.id));
      const refusal = slotBookingMessage(slot!, await hasBookingOn(tx, openid, date));
      if (refusal) throw conflict(refusal);
      await takePlace(tx, chosen.id);
      const [row] = await tx
        .insert(counterBookings)
        .values({ openid, calendarId: day.id, slotId: chosen.id, bookedDate: date, yysj: counterBookingTime(date, chosen.timeName), name, phone, zjh, applicationId })
        .returning({ id: counterBookings.id });
      if (applicationId !== null) await markCaseBooked(tx, openid, applicationId);
      await notifyCitizen(tx, bookingConfirmedNotice({ kind: 'counter', id: row!.id, openid, number: counterBookingNumber(row!.id), date, timeName: chosen.timeName, areaName: area.areaName }));
      return String(row!.id);
    });
    return { id };
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'counter_bookings_owner_date_idx') throw conflict(VALIDATION_MESSAGES.alreadyBooked);
    if (constraint === 'counter_bookings_application_idx') throw conflict(CASE_ALREADY_BOOKED);
    throw error;
  }
}

/** The citizen's own counter bookings, newest first. */
export async function listCounterBookings(db: Database, openid: string, rule: ChangeRule) {
  const rows = await db
    .select({ booking: counterBookings, area: appointmentAreas, wlsh: applications.prolsh, timeName: appointmentSlots.timeName })
    .from(counterBookings)
    .innerJoin(appointmentSlots, eq(appointmentSlots.id, counterBookings.slotId))
    .innerJoin(appointmentCalendars, eq(appointmentCalendars.id, counterBookings.calendarId))
    .innerJoin(appointmentAreas, eq(appointmentAreas.id, appointmentCalendars.areaId))
    .leftJoin(applications, and(eq(applications.id, counterBookings.applicationId), eq(applications.openid, openid)))
    .where(eq(counterBookings.openid, openid))
    .orderBy(desc(counterBookings.createdAt), desc(counterBookings.id));
  return rows.map(({ booking, area, wlsh, timeName }) => ({
    id: String(booking.id),
    ...changeTerms(booking.bookedDate, timeName, rule),
    createdate: formatShanghaiDateTime(booking.createdAt),
    yysj: booking.yysj,
    name: booking.name,
    phone: booking.phone,
    zjh: booking.zjh,
    areaName: area.areaName,
    address: area.address,
    wlsh: wlsh ?? '',
  }));
}

/** Where /online/wx/appoint/index sends the citizen: the booking page for one of their own cases. */
export async function bookingPageFor(db: Database, openid: string, proinstidText: string): Promise<string | null> {
  const id = parseRowId(proinstidText);
  if (id === null) return null;
  const [application] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.openid, openid)));
  return application ? getHref(citizenPaths.appointment, { proinstid: application.id }) : null;
}

/**
 * Where /online/public/appointment/showcard sends the citizen: the slip of their own case with
 * acceptance number wlsh, the counter booking's first, else the online appointment's order.
 */
export async function bookingSlipFor(db: Database, openid: string, wlsh: string): Promise<string | null> {
  const number = wlsh.trim();
  if (!number) return null;
  const [application] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.openid, openid), eq(applications.prolsh, number)));
  if (!application) return null;
  const [booking] = await db
    .select({ id: counterBookings.id })
    .from(counterBookings)
    .where(and(eq(counterBookings.openid, openid), eq(counterBookings.applicationId, application.id)));
  if (booking) return getHref(citizenPaths.apmorder, { id: booking.id });
  const [order] = await db
    .select({ id: appointmentOrders.id })
    .from(appointmentOrders)
    .where(and(eq(appointmentOrders.openid, openid), eq(appointmentOrders.applicationId, application.id)));
  return order ? getHref(citizenPaths.yuyueDetail, { orderid: order.id }) : citizenPaths.apmrecord;
}
