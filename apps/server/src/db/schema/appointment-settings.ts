import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { updatedAt, serialId } from './columns';
import { appointmentAreas, businessColumn, siteColumn } from './appointments';

/**
 * What an administrator sets for the appointment calendars (docs/architecture.md §6): each site's working
 * days, its holidays and make-up working days, each business's time slots and places; and what the
 * counter recorded of each booking on the day. A site or business with no rows here keeps the
 * defaults (packages/domain appointment-settings.ts).
 */

/** A site's working days of the week: ISO weekday digits, '12345' Monday to Friday. */
export const appointmentSiteSettings = pgTable('appointment_site_settings', {
  areaId: text('area_id')
    .primaryKey()
    .references(() => appointmentAreas.id, { onDelete: 'cascade' }),
  workingWeekdays: text('working_weekdays').notNull().default('12345'),
  updatedAt: updatedAt(),
});

/** A date a site closes (holiday) or opens although it is not a working weekday (workday, 调休). */
export const appointmentSpecialDays = pgTable(
  'appointment_special_days',
  {
    id: serialId(),
    areaId: siteColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [uniqueIndex('appointment_special_days_area_day_idx').on(t.areaId, t.day), check('appointment_special_days_kind_check', sql`${t.kind} in ('holiday', 'workday')`)],
);

/** A business's time slot: its name, places and the weekdays (ISO digits) it is offered on. */
export const appointmentSlotSettings = pgTable(
  'appointment_slot_settings',
  {
    id: serialId(),
    processId: businessColumn(),
    timeName: text('time_name').notNull(),
    maxNum: integer('max_num').notNull(),
    weekdays: text('weekdays').notNull().default('12345'),
  },
  (t) => [uniqueIndex('appointment_slot_settings_process_time_idx').on(t.processId, t.timeName), check('appointment_slot_settings_places_check', sql`${t.maxNum} >= 0 AND ${t.maxNum} <= 999`)],
);

/** What the counter recorded of a booking on its day: arrived (到场) or no_show (未到), once. */
export const appointmentAttendance = pgTable(
  'appointment_attendance',
  {
    id: serialId(),
    /** order: an appointment_orders row; counter: a counter_bookings row. */
    bookingKind: text('booking_kind').notNull(),
    bookingId: bigint('booking_id', { mode: 'number' }).notNull(),
    state: text('state').notNull(),
    operatorName: text('operator_name').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One record per booking: the second of two operators marking at once gets the first one's answer.
    uniqueIndex('appointment_attendance_booking_idx').on(t.bookingKind, t.bookingId),
    check('appointment_attendance_kind_check', sql`${t.bookingKind} in ('order', 'counter')`),
    check('appointment_attendance_state_check', sql`${t.state} in ('arrived', 'no_show')`),
  ],
);
