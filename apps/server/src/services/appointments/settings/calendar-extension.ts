import { CALENDAR_HORIZON_DAYS, calendarDayKind } from '@hall/domain';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { appointmentAreas, appointmentCalendars, appointmentProcesses, appointmentSlots } from '../../../db/schema';
import { CALENDAR_LOCK_KEY, loadCalendarRules } from './calendar-rules';
import { startPeriodicJob } from '../../../lib/periodic-job';
import { formatShanghaiDate } from '../../../lib/shanghai-time';

/**
 * Keeps every hall's appointment calendar open for the coming weeks (spec part 3 §2.1, §2.5): the
 * days after today up to CALENDAR_HORIZON_DAYS, open or closed and with the time slots and places
 * the administrator set (services/appointment-settings; Monday to Friday, the public holidays
 * closed, when nothing was set). Runs at start and daily; rows already there are kept,
 * so a second run (or a second process) adds nothing.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ExtensionResult {
  /** false when another process held the lock and did the work. */
  ran: boolean;
  days: number;
  slots: number;
}

/** The coming days after `now` (Asia/Shanghai dates) with their time class and holiday flag. */
export function comingCalendarDays(now: Date, horizon = CALENDAR_HORIZON_DAYS) {
  return Array.from({ length: horizon }, (_, index) => {
    const calendarDate = formatShanghaiDate(new Date(now.getTime() + (index + 1) * DAY_MS));
    return { calendarDate, ...calendarDayKind(calendarDate) };
  });
}

export async function extendAppointmentCalendars(db: Database, now = new Date()): Promise<ExtensionResult> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtextextended(${CALENDAR_LOCK_KEY}, 0)) as locked`).then((result) => result.rows);
    if (!lock?.locked) return { ran: false, days: 0, slots: 0 };
    return { ran: true, ...(await fillCalendars(tx, now)) };
  });
}

/**
 * Adds the coming days of the sites (all, or those named) and the slots of their open days, as the
 * settings say; rows already there are kept. The caller holds the calendar's lock.
 */
export async function fillCalendars(tx: Transaction, now: Date, areaIds?: string[]): Promise<{ days: number; slots: number }> {
  const days = comingCalendarDays(now);
  const areas = areaIds ? areaIds.map((id) => ({ id })) : await tx.select({ id: appointmentAreas.id }).from(appointmentAreas);
  if (areas.length === 0) return { days: 0, slots: 0 };
  // The days open or closed as the administrator's settings say (the defaults when none were made).
  const rules = await loadCalendarRules(tx, days[0]!.calendarDate);
  const addedDays = await tx
    .insert(appointmentCalendars)
    .values(areas.flatMap((area) => days.map((day) => ({ areaId: area.id, calendarDate: day.calendarDate, timeClass: day.timeClass, holiday: rules.isOpen(area.id, day.calendarDate) ? 0 : 1 }))))
    .onConflictDoNothing()
    .returning({ id: appointmentCalendars.id });

  const within = areaIds ? inArray(appointmentCalendars.areaId, areaIds) : undefined;
  const openDays = await tx
    .select()
    .from(appointmentCalendars)
    .where(and(gte(appointmentCalendars.calendarDate, days[0]!.calendarDate), eq(appointmentCalendars.holiday, 0), within));
  const processes = await tx
    .select()
    .from(appointmentProcesses)
    .where(areaIds ? inArray(appointmentProcesses.areaId, areaIds) : undefined)
    .orderBy(asc(appointmentProcesses.id));
  const slots = openDays.flatMap((day) =>
    processes
      .filter((process) => process.areaId === day.areaId)
      .flatMap((process) => rules.slotsOn(process.id, day.areaId, day.calendarDate).map((slot) => ({ calendarId: day.id, processId: process.id, timeName: slot.timeName, maxNum: slot.maxNum }))),
  );
  const addedSlots = slots.length ? await tx.insert(appointmentSlots).values(slots).onConflictDoNothing().returning({ id: appointmentSlots.id }) : [];
  return { days: addedDays.length, slots: addedSlots.length };
}

export interface CalendarExtensionJob {
  stop(): void;
}

/** Extends the calendars now and then once a day; a failure is logged and retried at the next run. */
export function startCalendarExtension(db: Database, log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void }, every = DAY_MS): CalendarExtensionJob {
  const job = startPeriodicJob({
    run: async () => log.info(await extendAppointmentCalendars(db), 'appointment calendar extended'),
    onError: (error) => log.error({ err: error }, 'appointment calendar extension failed'),
    intervalMs: every,
  });
  return {
    stop: () => {
      void job.stop();
    },
  };
}
