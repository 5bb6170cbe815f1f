import { NO_DATA_MESSAGE, type AppointmentOrder } from '@hall/api/internal';
import { REGISTRATION_TYPES, REVIEW_STATUS, VALIDATION_MESSAGES, bookingSuccessMessage, calendarDate, slotBookingMessage, validateAppointment } from '@hall/domain';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { appointmentAreas, appointmentCalendars, appointmentOrders, appointmentProcesses, appointmentSlots, applications, users } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { firstRowById, parseRowId } from '../../../lib/row-id';
import { formatShanghaiDate, formatShanghaiDateTime } from '../../../lib/shanghai-time';
import { uniqueViolation } from '../../../lib/postgres-error';
import { dayStillOpen } from '../settings/calendar-rules';
import { markCaseBooked } from '../../applications/applications';
import { takePlace } from '../settings/places';
import { changeTerms, type ChangeRule } from './change-terms';
import { notifyCitizen } from '../../notifications/outbox';
import { bookingConfirmedNotice } from '../../notifications/notices';

/** Counter appointments (spec part 3 §2.1–§2.4, §4, §5, §7, §8): lists, booking, the citizen's own orders. */

/** Not worded by the spec: the same case booked a second time. */
export const CASE_ALREADY_BOOKED = '该业务已预约，不能重复预约！';
/** Not worded by the spec: wlsh is not one of the caller's own submitted cases. */
export const CASE_NOT_BOOKABLE = '未找到您已提交的该业务，不能预约';
/** Not worded by the spec: the chosen area, business, day and time do not name one slot. */
export const SLOT_NOT_FOUND = '所选预约时间不存在，请重新选择';
/** Not worded by the spec: a closed day or a day already past. */
export const DAY_NOT_BOOKABLE = '所选日期不可预约，请选择其他日期';

export async function listAreas(db: Database, xzqdm: string | undefined) {
  const code = xzqdm?.trim() ?? '';
  if (!code) return [];
  const rows = await db.select().from(appointmentAreas).where(eq(appointmentAreas.xzqdm, code)).orderBy(asc(appointmentAreas.sort), asc(appointmentAreas.id));
  return rows.map((row) => ({ areaId: row.id, areaName: row.areaName }));
}

export async function listProcesses(db: Database, areaId: string) {
  const rows = await db.select().from(appointmentProcesses).where(eq(appointmentProcesses.areaId, areaId)).orderBy(asc(appointmentProcesses.sort), asc(appointmentProcesses.id));
  return rows.map((row) => ({ processId: row.id, processName: row.processName }));
}

/** Calendar days from today (Asia/Shanghai) on, in date order. */
export async function listCalendars(db: Database, areaId: string, now = new Date()) {
  const rows = await db
    .select()
    .from(appointmentCalendars)
    .where(and(eq(appointmentCalendars.areaId, areaId), sql`${appointmentCalendars.calendarDate} >= ${formatShanghaiDate(now)}::date`))
    .orderBy(asc(appointmentCalendars.calendarDate), asc(appointmentCalendars.timeClass));
  // calendarDate keeps the contract's rule (a time part after a space is dropped) whatever the column gives.
  return rows.map((row) => ({ calendarId: String(row.id), calendar: calendarDate(row.calendarDate), timeClass: row.timeClass, holiday: row.holiday }));
}

export async function listSlots(db: Database, calendarIdText: string, timeClass: string, processId: string) {
  const calendarId = parseRowId(calendarIdText);
  if (calendarId === null) return [];
  const rows = await db
    .select({ slot: appointmentSlots })
    .from(appointmentSlots)
    .innerJoin(appointmentCalendars, eq(appointmentCalendars.id, appointmentSlots.calendarId))
    .where(and(eq(appointmentSlots.calendarId, calendarId), eq(appointmentSlots.processId, processId), eq(appointmentCalendars.timeClass, timeClass), eq(appointmentCalendars.holiday, 0)))
    .orderBy(asc(appointmentSlots.timeName));
  return rows.map(({ slot }) => ({ timeId: String(slot.id), timeName: slot.timeName, maxNum: slot.maxNum, countNum: slot.countNum }));
}

/**
 * The service sites of the hall's own city (its district code's first four digits: the city and its
 * districts and counties), so a hall lists the halls its citizens can go to, not sites kept for other
 * districts' rules.
 */
export async function listSites(db: Database, hallDistrict: string) {
  const city = hallDistrict.trim().slice(0, 4);
  const rows = await db
    .select()
    .from(appointmentAreas)
    .where(sql`left(${appointmentAreas.xzqdm}, 4) = ${city}`)
    .orderBy(asc(appointmentAreas.xzqdm), asc(appointmentAreas.sort), asc(appointmentAreas.id));
  return rows.map((row) => ({ areaId: row.id, areaName: row.areaName, address: row.address, worktime: row.worktime, phone: row.phone, lat: row.lat, lng: row.lng }));
}

export interface BookingInput {
  area?: string;
  process?: string;
  calendar?: string;
  time?: string;
  name?: string;
  code?: string;
  phone?: string;
  wlsh?: string;
  xzqdm?: string;
}

/** The slot an area, business, day and time name together, with its day, business and area; undefined when they do not. */
export async function findChosenSlot(db: Database, input: Pick<BookingInput, 'area' | 'process' | 'calendar' | 'time'>) {
  const slotId = parseRowId(input.time ?? '');
  const calendarId = parseRowId(input.calendar ?? '');
  const area = input.area?.trim() ?? '';
  const [chosen] =
    slotId === null || calendarId === null
      ? []
      : await db
          .select({ slot: appointmentSlots, calendar: appointmentCalendars, process: appointmentProcesses, area: appointmentAreas })
          .from(appointmentSlots)
          .innerJoin(appointmentCalendars, eq(appointmentCalendars.id, appointmentSlots.calendarId))
          .innerJoin(appointmentProcesses, eq(appointmentProcesses.id, appointmentSlots.processId))
          .innerJoin(appointmentAreas, eq(appointmentAreas.id, appointmentCalendars.areaId))
          .where(
            and(
              eq(appointmentSlots.id, slotId),
              eq(appointmentSlots.calendarId, calendarId),
              eq(appointmentSlots.processId, input.process?.trim() ?? ''),
              eq(appointmentCalendars.areaId, area),
              eq(appointmentProcesses.areaId, area),
            ),
          );
  return chosen;
}

/**
 * Books a slot for the caller's own submitted case. Capacity and the one-booking-per-date and
 * one-booking-per-case rules are kept by the database in one transaction, so any number of server
 * processes booking at once can never overfill a slot or leave a count without its order.
 */
export async function bookAppointment(db: Database, openid: string, input: BookingInput, now = new Date()): Promise<{ id: string; message: string }> {
  const missing = validateAppointment(input);
  if (missing) throw badRequest(missing);
  const wlsh = input.wlsh?.trim() ?? '';
  const [application] = wlsh
    ? await db
        .select()
        .from(applications)
        .where(and(eq(applications.openid, openid), eq(applications.prolsh, wlsh), ne(applications.shzt, REVIEW_STATUS.notSubmitted)))
    : [];
  if (!application) throw badRequest(CASE_NOT_BOOKABLE);

  const chosen = await findChosenSlot(db, input);
  if (!chosen) throw badRequest(SLOT_NOT_FOUND);
  const date = calendarDate(chosen.calendar.calendarDate);
  if (chosen.calendar.holiday !== 0 || date < formatShanghaiDate(now)) throw badRequest(DAY_NOT_BOOKABLE);

  // The form shows the profile's name, ID number and phone read-only; what it sends wins, the profile fills gaps.
  const [profile] = await db.select().from(users).where(eq(users.openid, openid));
  const name = input.name?.trim() || profile?.name || '';
  const code = input.code?.trim() || profile?.cardnum || '';
  const phone = input.phone?.trim() || profile?.phone || '';

  try {
    const id = await db.transaction(async (tx) => {
      if (!(await dayStillOpen(tx, chosen.calendar.id))) throw badRequest(DAY_NOT_BOOKABLE);
      const [slot] = await tx.select().from(appointmentSlots).where(eq(appointmentSlots.id, chosen.slot.id));
      const [booked] = await tx
        .select({ id: appointmentOrders.id })
        .from(appointmentOrders)
        .where(and(eq(appointmentOrders.openid, openid), eq(appointmentOrders.bookedDate, date)));
      const refusal = slotBookingMessage(slot!, Boolean(booked));
      if (refusal) throw conflict(refusal);
      const [sameCase] = await tx
        .select({ id: appointmentOrders.id })
        .from(appointmentOrders)
        .where(and(eq(appointmentOrders.openid, openid), eq(appointmentOrders.applicationId, application.id)));
      if (sameCase) throw conflict(CASE_ALREADY_BOOKED);
      // The place is taken by the database itself: a full slot updates no row.
      await takePlace(tx, chosen.slot.id);
      const [order] = await tx
        .insert(appointmentOrders)
        .values({
          openid,
          applicationId: application.id,
          wlsh,
          areaId: chosen.area.id,
          processId: chosen.process.id,
          calendarId: chosen.calendar.id,
          slotId: chosen.slot.id,
          bookedDate: date,
          name,
          code,
          phone,
          extendData: {
            wlsh,
            calendar: date,
            timeName: chosen.slot.timeName,
            processName: chosen.process.processName,
            areaName: chosen.area.areaName,
            djlx: REGISTRATION_TYPES[application.djlx as keyof typeof REGISTRATION_TYPES] ?? application.djlx,
          },
        })
        .returning({ id: appointmentOrders.id });
      await markCaseBooked(tx, openid, application.id);
      await notifyCitizen(tx, bookingConfirmedNotice({ kind: 'order', id: order!.id, openid, number: wlsh, date, timeName: chosen.slot.timeName, areaName: chosen.area.areaName }));
      return String(order!.id);
    });
    const message = bookingSuccessMessage({ xzqdm: input.xzqdm?.trim() || application.xzqdm, caseNumber: wlsh, date, timeName: chosen.slot.timeName });
    return { id, message };
  } catch (error) {
    // Two bookings racing past the checks above: the unique indexes decide, and the loser's count is rolled back.
    const constraint = uniqueViolation(error);
    if (constraint === 'appointment_orders_owner_date_idx') throw conflict(VALIDATION_MESSAGES.alreadyBooked);
    if (constraint === 'appointment_orders_owner_case_idx') throw conflict(CASE_ALREADY_BOOKED);
    throw error;
  }
}

type OrderRow = typeof appointmentOrders.$inferSelect;

function toOrder(row: OrderRow, rule: ChangeRule): AppointmentOrder {
  const extend = row.extendData as Partial<AppointmentOrder['extendData']>;
  return {
    ...changeTerms(row.bookedDate, extend.timeName ?? '', rule),
    id: String(row.id),
    proinstid: String(row.applicationId),
    name: row.name,
    phone: row.phone,
    code: row.code,
    createTime: formatShanghaiDateTime(row.createdAt),
    extendData: {
      wlsh: extend.wlsh ?? row.wlsh,
      calendar: extend.calendar ?? row.bookedDate,
      timeName: extend.timeName ?? '',
      processName: extend.processName ?? '',
      areaName: extend.areaName ?? '',
      djlx: extend.djlx ?? '',
    },
  };
}

/** One of the caller's own orders; anyone else's reads as no data. */
export async function findOwnOrder(db: Database, openid: string, idText: string, rule: ChangeRule): Promise<AppointmentOrder> {
  const row = await firstRowById(idText, (rowId) =>
    db
      .select()
      .from(appointmentOrders)
      .where(and(eq(appointmentOrders.id, rowId), eq(appointmentOrders.openid, openid))),
  );
  if (!row) throw notFound(NO_DATA_MESSAGE);
  return toOrder(row, rule);
}

export async function listOwnOrders(db: Database, openid: string, rule: ChangeRule): Promise<AppointmentOrder[]> {
  const rows = await db.select().from(appointmentOrders).where(eq(appointmentOrders.openid, openid)).orderBy(desc(appointmentOrders.createdAt), desc(appointmentOrders.id));
  return rows.map((row) => toOrder(row, rule));
}
