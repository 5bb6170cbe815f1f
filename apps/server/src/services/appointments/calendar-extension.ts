import { CALENDAR_HORIZON_DAYS, calendarDayKind } from '@hall/domain';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appointmentAreas, appointmentCalendars, appointmentProcesses, appointmentSlots } from '../../db/schema';
import { TIME_CLASS_SLOTS } from '../../db/seed/appointments';
import { startPeriodicJob } from '../../lib/periodic-job';
import { formatShanghaiDate } from '../../lib/shanghai-time';

/**
 * Keeps every hall's appointment calendar open for the coming weeks (spec part 3 §2.1, §2.5): the
 * days after today up to CALENDAR_HORIZON_DAYS, weekends and public holidays closed, and the time
 * slots of every window on each open day. Runs at start and daily; rows already there are kept,
 * so a second run (or a second process) adds nothing.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Places of a slot that no earlier day of its window sets: mornings are busier. */
const DEFAULT_PLACES = { morning: 10, afternoon: 6 };
/** One key for every process sharing the database, so only one extends the calendar at a time. */
const LOCK_KEY = 'appointment_calendar_extension';

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
    const [lock] = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtextextended(${LOCK_KEY}, 0)) as locked`).then((result) => result.rows);
    if (!lock?.locked) return { ran: false, days: 0, slots: 0 };

    const days = comingCalendarDays(now);
    const areas = await tx.select({ id: appointmentAreas.id }).from(appointmentAreas);
    if (areas.length === 0) return { ran: true, days: 0, slots: 0 };
    const addedDays = await tx
      .insert(appointmentCalendars)
      .values(areas.flatMap((area) => days.map((day) => ({ areaId: area.id, ...day }))))
      .onConflictDoNothing()
      .returning({ id: appointmentCalendars.id });

    const openDays = await tx
      .select()
      .from(appointmentCalendars)
      .where(and(gte(appointmentCalendars.calendarDate, days[0]!.calendarDate), eq(appointmentCalendars.holiday, 0)));
    const processes = await tx.select().from(appointmentProcesses).orderBy(asc(appointmentProcesses.id));
    // A window keeps the places an operator last gave each of its slots.
    const latest = await tx
      .selectDistinctOn([appointmentSlots.processId, appointmentSlots.timeName], {
        processId: appointmentSlots.processId,
        timeName: appointmentSlots.timeName,
        maxNum: appointmentSlots.maxNum,
      })
      .from(appointmentSlots)
      .innerJoin(appointmentCalendars, eq(appointmentCalendars.id, appointmentSlots.calendarId))
      .where(inArray(appointmentSlots.processId, processes.length ? processes.map((process) => process.id) : ['']))
      .orderBy(appointmentSlots.processId, appointmentSlots.timeName, desc(appointmentCalendars.calendarDate));
    const places = new Map(latest.map((row) => [`${row.processId}\n${row.timeName}`, row.maxNum]));

    const slots = openDays.flatMap((day) =>
      processes
        .filter((process) => process.areaId === day.areaId)
        .flatMap((process) =>
          (TIME_CLASS_SLOTS[day.timeClass] ?? []).map((timeName) => ({
            calendarId: day.id,
            processId: process.id,
            timeName,
            maxNum: places.get(`${process.id}\n${timeName}`) ?? (timeName < '12:00' ? DEFAULT_PLACES.morning : DEFAULT_PLACES.afternoon),
          })),
        ),
    );
    const addedSlots = slots.length
      ? await tx.insert(appointmentSlots).values(slots).onConflictDoNothing().returning({ id: appointmentSlots.id })
      : [];
    return { ran: true, days: addedDays.length, slots: addedSlots.length };
  });
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
