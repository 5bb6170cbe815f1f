import { DEFAULT_SLOT_SETTINGS, DEFAULT_WORKING_WEEKDAYS, isOpenDay, slotsOfDay, type SlotSetting, type SpecialDayKind } from '@hall/domain';
import { desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { appointmentCalendars, appointmentProcesses, appointmentSiteSettings, appointmentSlotSettings, appointmentSlots, appointmentSpecialDays } from '../../../db/schema';

/** One key for the calendar's writers (the extension job and the settings), so they never interleave. */
export const CALENDAR_LOCK_KEY = 'appointment_calendar_extension';

/** Waits for the calendar's lock until the transaction ends: settings changes run one at a time, and never beside the extension. */
export async function lockCalendars(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${CALENDAR_LOCK_KEY}, 0))`);
}

/**
 * The settings the calendar follows, for every site: working weekdays, special days, and each
 * business's slots. A business never set keeps the default slots, each with the places an
 * operator last gave it on a calendar day (as before settings existed).
 */
export interface CalendarRules {
  isOpen(areaId: string, date: string): boolean;
  special(areaId: string, date: string): SpecialDayKind | undefined;
  slotsOf(processId: string): SlotSetting[];
  /** The slots a business offers on an open date of its site. */
  slotsOn(processId: string, areaId: string, date: string): SlotSetting[];
}

export async function loadCalendarRules(tx: Pick<Database, 'select' | 'selectDistinctOn'>, fromDate: string): Promise<CalendarRules> {
  // One after another: a transaction is one connection, which runs one statement at a time (pg 9 refuses a second sent meanwhile).
  const sites = await tx.select().from(appointmentSiteSettings);
  const specials = await tx.select().from(appointmentSpecialDays).where(gte(appointmentSpecialDays.day, fromDate));
  const slotRows = await tx.select().from(appointmentSlotSettings).orderBy(appointmentSlotSettings.timeName);
  const processes = await tx.select({ id: appointmentProcesses.id }).from(appointmentProcesses);
  const weekdays = new Map(sites.map((row) => [row.areaId, row.workingWeekdays]));
  const specialDays = new Map(specialDayEntries(specials));
  const stored = new Map<string, SlotSetting[]>();
  for (const row of slotRows) stored.set(row.processId, [...(stored.get(row.processId) ?? []), { timeName: row.timeName, maxNum: row.maxNum, weekdays: row.weekdays }]);

  const unset = processes.map((process) => process.id).filter((id) => !stored.has(id));
  const carried = new Map<string, number>();
  if (unset.length > 0) {
    const latest = await tx
      .selectDistinctOn([appointmentSlots.processId, appointmentSlots.timeName], {
        processId: appointmentSlots.processId,
        timeName: appointmentSlots.timeName,
        maxNum: appointmentSlots.maxNum,
      })
      .from(appointmentSlots)
      .innerJoin(appointmentCalendars, eq(appointmentCalendars.id, appointmentSlots.calendarId))
      .where(inArray(appointmentSlots.processId, unset))
      .orderBy(appointmentSlots.processId, appointmentSlots.timeName, desc(appointmentCalendars.calendarDate));
    for (const row of latest) carried.set(`${row.processId}\n${row.timeName}`, row.maxNum);
  }

  const rules: CalendarRules = {
    special: (areaId, date) => specialDays.get(`${areaId}\n${date}`),
    isOpen: (areaId, date) => isOpenDay(date, weekdays.get(areaId) ?? DEFAULT_WORKING_WEEKDAYS, rules.special(areaId, date)),
    slotsOf: (processId) => stored.get(processId) ?? DEFAULT_SLOT_SETTINGS.map((slot) => ({ ...slot, maxNum: carried.get(`${processId}\n${slot.timeName}`) ?? slot.maxNum })),
    slotsOn: (processId, areaId, date) => slotsOfDay(rules.slotsOf(processId), date, rules.special(areaId, date) === 'workday'),
  };
  return rules;
}

function specialDayEntries(rows: (typeof appointmentSpecialDays.$inferSelect)[]): [string, SpecialDayKind][] {
  return rows.map((row) => [`${row.areaId}\n${row.day}`, row.kind === 'workday' ? 'workday' : 'holiday']);
}

/**
 * Inside a booking's transaction: whether its day is still open, read under a share lock. A change
 * closing the day (which locks the day for update) then either waits for this booking and lists it
 * among the bookings to follow up, or has committed first and this booking sees the day closed.
 */
export async function dayStillOpen(tx: Pick<Database, 'select'>, calendarId: number): Promise<boolean> {
  const [day] = await tx.select({ holiday: appointmentCalendars.holiday }).from(appointmentCalendars).where(eq(appointmentCalendars.id, calendarId)).for('share');
  return day?.holiday === 0;
}
