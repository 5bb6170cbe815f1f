import { LIST_PAGE_SIZES, NO_DATA_MESSAGE, type COUNTER_DAY_SORTS, type COUNTER_DAY_STATES, type CounterDay, type DayBooking, type ListOrder } from '@hall/api/internal';
import { ATTENDANCE_LABELS, INVALID_DATE, isCalendarDate, maskMobileNumber, maskPersonName, type AttendanceState } from '@hall/domain';
import { and, asc, eq, inArray, type Column, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { appointmentAreas, appointmentAttendance, appointmentCalendars, appointmentOrders, appointmentProcesses, appointmentSlots, counterBookings } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { formatShanghaiDate, formatShanghaiDateTime } from '../../../lib/shanghai-time';
import { recordAudit, type OperatorActor } from '../../operators/audit';
import { checkServesAppointmentSite, servedAmong } from '../../operators/operator-sites';

/**
 * The counter's day (docs/architecture.md §6): a site's bookings of one date, online appointments and
 * counter bookings together by time slot, and 到场 or 未到 recorded once for each. The unique index
 * on appointment_attendance decides between two operators marking the same booking at once.
 */

export const NO_SHOW_TOO_EARLY = (date: string) => `该预约在${date}，当天或之后才能登记未到`;
export const alreadyRecorded = (state: string, by: string, at: string) => `该预约已登记为“${ATTENDANCE_LABELS[state as AttendanceState] ?? state}”（${by}，${at}），不能重复登记`;

type Kind = 'order' | 'counter';

/** A counter booking's number, as the counter's day and the citizen's messages give it. */
export const counterBookingNumber = (id: number) => `CB${id}`;
type Attendance = typeof appointmentAttendance.$inferSelect;

function stateOf(attendance: Attendance | null): Pick<DayBooking, 'state' | 'recordedBy' | 'recordedAt'> {
  if (!attendance) return { state: '', recordedBy: '', recordedAt: '' };
  return { state: attendance.state === 'arrived' ? 'arrived' : 'no_show', recordedBy: attendance.operatorName, recordedAt: formatShanghaiDateTime(attendance.recordedAt) };
}

const attendanceOf = (kind: Kind, id: typeof appointmentOrders.id | typeof counterBookings.id | number) => and(eq(appointmentAttendance.bookingKind, kind), eq(appointmentAttendance.bookingId, id));

export interface BookingFilter {
  areaId?: string;
  date?: string;
  calendarIds?: number[];
  kind?: Kind;
  id?: number;
}

type BookingRow = { id: number; bookedDate: string; name: string; phone: string };
/** A booking as found: what the counter's day shows, with its date and site. */
type FoundBooking = DayBooking & { date: string; areaId: string };
type Joined = { timeName: string; processName: string; attendance: Attendance | null };

function dayBookingOf(kind: Kind, row: BookingRow, areaId: string, bookingNumber: string, joined: Joined): FoundBooking {
  return {
    kind,
    id: String(row.id),
    date: row.bookedDate,
    areaId,
    timeName: joined.timeName,
    processName: joined.processName,
    name: row.name,
    maskedPhone: maskMobileNumber(row.phone),
    bookingNumber,
    ...stateOf(joined.attendance),
  };
}

/** The columns a booking filter reads: a counter booking's site is its calendar day's. */
interface BookingColumns {
  areaId: Column;
  bookedDate: Column;
  calendarId: Column;
  id: Column;
}

/** The condition of a booking filter over one kind's columns; what the filter leaves out is no condition. */
function matching(where: BookingFilter, columns: BookingColumns): SQL | undefined {
  return and(
    where.areaId ? eq(columns.areaId, where.areaId) : undefined,
    where.date ? eq(columns.bookedDate, where.date) : undefined,
    where.calendarIds ? inArray(columns.calendarId, where.calendarIds) : undefined,
    where.id !== undefined ? eq(columns.id, where.id) : undefined,
  );
}

/**
 * The bookings, online appointments and counter bookings alike, of a site, a date, some calendar
 * days or one booking, by slot: what the counter's day lists.
 */
export async function findBookings(db: Pick<Database, 'select'>, where: BookingFilter): Promise<FoundBooking[]> {
  const out: FoundBooking[] = [];
  const joined = { timeName: appointmentSlots.timeName, processName: appointmentProcesses.processName, attendance: appointmentAttendance };
  if (where.kind !== 'counter') {
    const rows = await db
      .select({ order: appointmentOrders, ...joined })
      .from(appointmentOrders)
      .innerJoin(appointmentSlots, eq(appointmentSlots.id, appointmentOrders.slotId))
      .innerJoin(appointmentProcesses, eq(appointmentProcesses.id, appointmentOrders.processId))
      .leftJoin(appointmentAttendance, attendanceOf('order', appointmentOrders.id))
      .where(matching(where, { areaId: appointmentOrders.areaId, bookedDate: appointmentOrders.bookedDate, calendarId: appointmentOrders.calendarId, id: appointmentOrders.id }));
    // An online appointment's number is its case's acceptance number, as the booking's message gives it.
    for (const row of rows) out.push(dayBookingOf('order', row.order, row.order.areaId, row.order.wlsh, row));
  }
  if (where.kind !== 'order') {
    const rows = await db
      .select({ booking: counterBookings, areaId: appointmentCalendars.areaId, ...joined })
      .from(counterBookings)
      .innerJoin(appointmentSlots, eq(appointmentSlots.id, counterBookings.slotId))
      .innerJoin(appointmentCalendars, eq(appointmentCalendars.id, counterBookings.calendarId))
      .innerJoin(appointmentProcesses, eq(appointmentProcesses.id, appointmentSlots.processId))
      .leftJoin(appointmentAttendance, attendanceOf('counter', counterBookings.id))
      .where(matching(where, { areaId: appointmentCalendars.areaId, bookedDate: counterBookings.bookedDate, calendarId: counterBookings.calendarId, id: counterBookings.id }));
    for (const row of rows) out.push(dayBookingOf('counter', row.booking, row.areaId, counterBookingNumber(row.booking.id), row));
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.timeName.localeCompare(b.timeName) || a.processName.localeCompare(b.processName) || a.bookingNumber.localeCompare(b.bookingNumber));
}

/** How the counter's day is asked for: the site and date, and for the console's table a page, a column sorted and a state. */
export interface CounterDayAsk {
  areaId?: string | undefined;
  date?: string | undefined;
  /** From 1; left out, the whole day. */
  page?: number | undefined;
  pageSize?: number | undefined;
  sort?: (typeof COUNTER_DAY_SORTS)[number] | undefined;
  order?: ListOrder | undefined;
  state?: (typeof COUNTER_DAY_STATES)[number] | undefined;
}

const collator = new Intl.Collator('zh-CN', { numeric: true });
/** 待到场 first, then 已到场, then 未到: the order the counter works through them. */
const STATE_RANK: Record<DayBooking['state'], number> = { '': 0, arrived: 1, no_show: 2 };
const sortValueOf: Record<(typeof COUNTER_DAY_SORTS)[number], (booking: DayBooking) => string | number> = {
  timeName: (booking) => booking.timeName,
  name: (booking) => booking.name,
  processName: (booking) => booking.processName,
  state: (booking) => STATE_RANK[booking.state],
};

/**
 * One page of a day's bookings in the order asked. A site's day holds at most its slots' places, so
 * it is read whole (two kinds from two tables) and paged here; equal rows keep the day's own order,
 * so a page never shows a booking twice or skips one.
 */
function pageOf(bookings: DayBooking[], ask: CounterDayAsk): { bookings: DayBooking[]; total: number; pageSize: number } {
  const wanted = ask.state === undefined ? bookings : bookings.filter((booking) => (booking.state || 'waiting') === ask.state);
  const sort = ask.sort;
  const sign = ask.order === 'desc' ? -1 : 1;
  const ordered = sort
    ? wanted
        .map((booking, index) => ({ booking, index, value: sortValueOf[sort](booking) }))
        .sort((x, y) => sign * (typeof x.value === 'number' && typeof y.value === 'number' ? x.value - y.value : collator.compare(String(x.value), String(y.value))) || x.index - y.index)
        .map((entry) => entry.booking)
    : wanted;
  if (ask.page === undefined) return { bookings: ordered, total: ordered.length, pageSize: ordered.length };
  const pageSize = ask.pageSize ?? LIST_PAGE_SIZES[0];
  return { bookings: ordered.slice((ask.page - 1) * pageSize, ask.page * pageSize), total: ordered.length, pageSize };
}

/** The day of a site among those the operator serves (`served`: their sites; none of them an appointment site: every site). */
export async function readCounterDay(db: Database, ask: CounterDayAsk, now = new Date(), served: readonly string[] = []): Promise<CounterDay> {
  const sites = servedAmong(await db.select().from(appointmentAreas).orderBy(asc(appointmentAreas.xzqdm), asc(appointmentAreas.sort), asc(appointmentAreas.id)), served);
  const area = sites.find((site) => site.id === (ask.areaId ?? sites[0]?.id));
  if (!area) throw notFound(NO_DATA_MESSAGE);
  const day = ask.date ?? formatShanghaiDate(now);
  if (!isCalendarDate(day)) throw badRequest(INVALID_DATE);
  const [calendar] = await db
    .select({ holiday: appointmentCalendars.holiday })
    .from(appointmentCalendars)
    .where(and(eq(appointmentCalendars.areaId, area.id), eq(appointmentCalendars.calendarDate, day)));
  const found = await findBookings(db, { areaId: area.id, date: day });
  return {
    sites: sites.map((row) => ({ areaId: row.id, areaName: row.areaName, xzqdm: row.xzqdm })),
    areaId: area.id,
    date: day,
    holiday: calendar?.holiday ?? 0,
    ...pageOf(
      found.map(({ date: _date, areaId: _areaId, ...booking }) => booking),
      ask,
    ),
  };
}

/**
 * 到场 or 未到, once, of a booking at one of the operator's sites (`served`). 到场 is taken any day (a citizen who comes early is served); 未到 only from the
 * booked day on. A booking already recorded, by this operator or another a moment before, is refused
 * with what was recorded, by whom and when.
 */
export async function markAttendance(db: Database, actor: OperatorActor, input: { kind: Kind; id: number; state: AttendanceState }, served: readonly string[], now = new Date()): Promise<DayBooking> {
  const id = input.id;
  return db.transaction(async (tx) => {
    const [booking] = await findBookings(tx, { kind: input.kind, id });
    if (!booking) throw notFound(NO_DATA_MESSAGE);
    await checkServesAppointmentSite(tx, served, booking.areaId);
    if (booking.state) throw conflict(alreadyRecorded(booking.state, booking.recordedBy, booking.recordedAt));
    if (input.state === 'no_show' && booking.date > formatShanghaiDate(now)) throw badRequest(NO_SHOW_TOO_EARLY(booking.date));
    const [recorded] = await tx.insert(appointmentAttendance).values({ bookingKind: input.kind, bookingId: id, state: input.state, operatorName: actor.displayName }).onConflictDoNothing().returning();
    if (!recorded) {
      // Another operator recorded it between the read above and this insert.
      const [first] = await tx.select().from(appointmentAttendance).where(attendanceOf(input.kind, id));
      throw conflict(alreadyRecorded(first?.state ?? '', first?.operatorName ?? '', first ? formatShanghaiDateTime(first.recordedAt) : ''));
    }
    await recordAudit(tx, actor, {
      action: `counterDay.${input.state === 'arrived' ? 'arrived' : 'noShow'}`,
      target: `${input.kind === 'order' ? 'appointmentOrder' : 'counterBooking'}:${id}`,
      before: { attendance: 'waiting' },
      after: { attendance: input.state, name: maskPersonName(booking.name), bookingNumber: booking.bookingNumber, date: booking.date, timeName: booking.timeName },
    });
    const { date: _date, areaId: _areaId, ...rest } = booking;
    return { ...rest, ...stateOf(recorded) };
  });
}
