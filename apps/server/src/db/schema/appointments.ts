import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sealedIdNumber, sealedPhone, sealedText } from '../sealed/sealed-columns';
import { createdAt, serialId, sortOrder, citizenOpenid } from './columns';
import { applicationId, applications } from './applications';

/** Online appointments and counter bookings. */

/** Counter appointment sites (part 3 §3, §7): areaId, areaName per district; the site list reads address, worktime, phone, lat, lng. */
export const appointmentAreas = pgTable(
  'appointment_areas',
  {
    /** areaId. */
    id: text('id').primaryKey(),
    xzqdm: text('xzqdm').notNull(),
    areaName: text('area_name').notNull(),
    /** '' when unknown; the site list shows 暂无. */
    address: text('address').notNull().default(''),
    worktime: text('worktime').notNull().default(''),
    phone: text('phone').notNull().default(''),
    lat: text('lat').notNull().default(''),
    lng: text('lng').notNull().default(''),
    sort: sortOrder(),
  },
  (t) => [index('appointment_areas_xzqdm_idx').on(t.xzqdm)],
);

/** The site a row of a site's set-up belongs to; removing the site removes the row. */
export const siteColumn = () =>
  text('area_id')
    .notNull()
    .references(() => appointmentAreas.id, { onDelete: 'cascade' });

/** Businesses (windows) an area handles: processId, processName. */
export const appointmentProcesses = pgTable(
  'appointment_processes',
  {
    /** processId. */
    id: text('id').primaryKey(),
    areaId: siteColumn(),
    processName: text('process_name').notNull(),
    sort: sortOrder(),
  },
  (t) => [index('appointment_processes_area_idx').on(t.areaId)],
);

/** The business (window) a row of its set-up belongs to; removing the business removes the row. */
export const businessColumn = () =>
  text('process_id')
    .notNull()
    .references(() => appointmentProcesses.id, { onDelete: 'cascade' });

/** Calendar days of an area: calendarId, calendar, timeClass, holiday (1 closed). */
export const appointmentCalendars = pgTable(
  'appointment_calendars',
  {
    /** calendarId. */
    id: serialId(),
    areaId: siteColumn(),
    calendarDate: date('calendar_date', { mode: 'string' }).notNull(),
    /** timeClass: which slot table the day uses ('1' full day, '2' morning only). */
    timeClass: text('time_class').notNull(),
    /** holiday: 1 closed (weekends and public holidays), 0 open. */
    holiday: integer('holiday').notNull().default(0),
  },
  (t) => [uniqueIndex('appointment_calendars_area_date_idx').on(t.areaId, t.calendarDate, t.timeClass)],
);

/** Time slots of a calendar day and business: timeId, timeName, maxNum, countNum. */
export const appointmentSlots = pgTable(
  'appointment_slots',
  {
    /** timeId. */
    id: serialId(),
    calendarId: bigint('calendar_id', { mode: 'number' })
      .notNull()
      .references(() => appointmentCalendars.id, { onDelete: 'cascade' }),
    processId: businessColumn(),
    /** timeName, e.g. 09:00-10:00. */
    timeName: text('time_name').notNull(),
    maxNum: integer('max_num').notNull(),
    countNum: integer('count_num').notNull().default(0),
  },
  (t) => [
    uniqueIndex('appointment_slots_calendar_process_time_idx').on(t.calendarId, t.processId, t.timeName),
    // The database, not the server process, is what keeps a slot from being overbooked.
    check('appointment_slots_capacity_check', sql`${t.countNum} >= 0 AND ${t.countNum} <= ${t.maxNum}`),
  ],
);

/**
 * What a booking of either page holds: its calendar day, the slot whose place it takes (countId on
 * the counter page), and the day's date, kept here so "one booking per user and date" is a unique index.
 */
const bookedPlace = () => ({
  calendarId: bigint('calendar_id', { mode: 'number' })
    .notNull()
    .references(() => appointmentCalendars.id),
  slotId: bigint('slot_id', { mode: 'number' })
    .notNull()
    .references(() => appointmentSlots.id),
  bookedDate: date('booked_date', { mode: 'string' }).notNull(),
});

/** Appointment orders, owned by the openid that booked them; one per case, one per user and date. */
export const appointmentOrders = pgTable(
  'appointment_orders',
  {
    /** orderid. */
    id: serialId(),
    openid: citizenOpenid(),
    applicationId: applicationId(),
    /** wlsh: the case's acceptance number (prolsh). */
    wlsh: text('wlsh').notNull(),
    areaId: text('area_id')
      .notNull()
      .references(() => appointmentAreas.id),
    processId: text('process_id')
      .notNull()
      .references(() => appointmentProcesses.id),
    ...bookedPlace(),
    name: sealedText('name').notNull(),
    /** code: the ID number. */
    code: sealedIdNumber('code').notNull(),
    phone: sealedPhone('phone').notNull(),
    createdAt: createdAt(),
    /** extendData: wlsh, calendar, timeName, processName, areaName, djlx as booked. */
    extendData: jsonb('extend_data').notNull(),
  },
  (t) => [
    uniqueIndex('appointment_orders_owner_case_idx').on(t.openid, t.applicationId),
    uniqueIndex('appointment_orders_owner_date_idx').on(t.openid, t.bookedDate),
    index('appointment_orders_owner_idx').on(t.openid, t.createdAt),
    // The statistics page's bookings of a date range.
    index('appointment_orders_booked_date_idx').on(t.bookedDate),
  ],
);

// ---------------------------------------------------------------------------------------------
// Counter booking (part 3 §2.5, §7 "Counter booking"): date and slot bookings of /appointment.
// They take their places from appointment_slots, so one capacity rule covers both booking pages.

/** A counter booking, owned by the openid that made it: createdate, yysj, name (part 3 §3); one per user and date. */
export const counterBookings = pgTable(
  'counter_bookings',
  {
    id: serialId(),
    openid: citizenOpenid(),
    ...bookedPlace(),
    /** yysj: the date and the slot's name as booked. */
    yysj: text('yysj').notNull(),
    name: sealedText('name').notNull(),
    phone: sealedPhone('phone').notNull(),
    /** zjh: the ID number. */
    zjh: sealedIdNumber('zjh').notNull(),
    /** The case the booking was made for (from /appointment?proinstid), if any. */
    applicationId: bigint('application_id', { mode: 'number' }).references(() => applications.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('counter_bookings_owner_date_idx').on(t.openid, t.bookedDate),
    uniqueIndex('counter_bookings_application_idx').on(t.applicationId),
    index('counter_bookings_owner_idx').on(t.openid, t.createdAt),
    index('counter_bookings_booked_date_idx').on(t.bookedDate),
  ],
);
