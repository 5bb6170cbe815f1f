import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sealedPhone, sealedText } from '../sealed/sealed-columns';
import { createdAt, serialId, sortOrder, citizenOpenid } from './columns';

/** Queue numbers. */

// ---------------------------------------------------------------------------------------------
// Queue numbers (排队取号, spec part 3 §2.6, §3, §7 "Queue module")

/** Halls that hand out queue numbers (comID). */
export const queueCompanies = pgTable('queue_companies', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** '' when unknown. */
  address: text('address').notNull().default(''),
  worktime: text('worktime').notNull().default(''),
  phone: text('phone').notNull().default(''),
  sort: sortOrder(),
});

/** The hall a row of its queue set-up belongs to; removing the hall removes the row. */
const hallColumn = () =>
  text('company_id')
    .notNull()
    .references(() => queueCompanies.id, { onDelete: 'cascade' });

/** A hall's queue configuration (system/addtime): times HH:mm, durations in minutes, yuyueday in days. */
export const queueConfigs = pgTable('queue_configs', {
  id: text('id').primaryKey(),
  companyId: hallColumn().unique(),
  strtime: text('strtime').notNull(),
  endtime: text('endtime').notNull(),
  addtime: integer('addtime').notNull(),
  yuyueabovetime: integer('yuyueabovetime').notNull(),
  cancelyuyuetime: integer('cancelyuyuetime').notNull(),
  yuyueday: integer('yuyueday').notNull(),
});

/** Days a hall is closed besides weekends (public holidays). */
export const queueClosedDays = pgTable(
  'queue_closed_days',
  {
    companyId: hallColumn(),
    closedDate: date('closed_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.closedDate] })],
);

/** Weekend days a hall opens all the same (调休上班): numbers are handed out as on a weekday. */
export const queueWorkingDays = pgTable(
  'queue_working_days',
  {
    companyId: hallColumn(),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.workDate] })],
);

/** Business groups of a hall (queueid / groupId): one queue each, with its number letter and the numbers per time. */
export const queueGroups = pgTable(
  'queue_groups',
  {
    id: text('id').primaryKey(),
    companyId: hallColumn(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    remark: text('remark').notNull().default(''),
    /** Numbers handed out for each time of a day. */
    capacity: integer('capacity').notNull(),
    sort: sortOrder(),
  },
  (t) => [index('queue_groups_company_idx').on(t.companyId), check('queue_groups_capacity_check', sql`${t.capacity} > 0`)],
);

/** The business group a row of its queue set-up belongs to; removing the group removes the row. */
const groupColumn = () =>
  text('group_id')
    .notNull()
    .references(() => queueGroups.id, { onDelete: 'cascade' });

/** The businesses a group handles (business/sellist). */
export const queueBusinesses = pgTable(
  'queue_businesses',
  {
    id: text('id').primaryKey(),
    groupId: groupColumn(),
    name: text('name').notNull(),
    sort: sortOrder(),
  },
  (t) => [index('queue_businesses_group_idx').on(t.groupId)],
);

/** The queue module's news (system/newslist). */
export const queueNews = pgTable('queue_news', {
  id: serialId(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Numbers taken per group, day and time: the database keeps countNum within maxNum. */
export const queueTimeCounts = pgTable(
  'queue_time_counts',
  {
    groupId: groupColumn(),
    resDay: date('res_day', { mode: 'string' }).notNull(),
    resTime: text('res_time').notNull(),
    maxNum: integer('max_num').notNull(),
    countNum: integer('count_num').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.resDay, t.resTime] }), check('queue_time_counts_capacity_check', sql`${t.countNum} >= 0 AND ${t.countNum} <= ${t.maxNum}`)],
);

/** The last number serial handed out per group and day, so numbers are unique and never reused. */
export const queueDaySerials = pgTable(
  'queue_day_serials',
  {
    groupId: groupColumn(),
    resDay: date('res_day', { mode: 'string' }).notNull(),
    lastSerial: integer('last_serial').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.resDay] })],
);

/** Queue orders, owned by the openid that took them (wechatid); state 1 valid, 2 cancelled. */
export const queueOrders = pgTable(
  'queue_orders',
  {
    id: serialId(),
    openid: citizenOpenid(),
    webid: text('webid').notNull().default(''),
    companyId: text('company_id')
      .notNull()
      .references(() => queueCompanies.id),
    groupId: text('group_id')
      .notNull()
      .references(() => queueGroups.id),
    resDay: date('res_day', { mode: 'string' }).notNull(),
    resTime: text('res_time').notNull(),
    name: sealedText('name').notNull(),
    phone: sealedPhone('phone').notNull(),
    remark: text('remark').notNull().default(''),
    number: text('number').notNull(),
    state: integer('state').notNull().default(1),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Where the number is at the counter: waiting, called (to callWindow), skipped (已过号) or done (已办结). */
    callState: text('call_state').notNull().default('waiting'),
    callWindow: integer('call_window'),
    calledAt: timestamp('called_at', { withTimezone: true }),
  },
  (t) => [
    check('queue_orders_call_state_check', sql`${t.callState} IN ('waiting', 'called', 'serving', 'skipped', 'done')`),
    // Calling next walks a group's day in time order among the waiting.
    index('queue_orders_calling_idx').on(t.groupId, t.resDay, t.callState, t.resTime, t.id),
    // One valid number per citizen, group and day.
    uniqueIndex('queue_orders_owner_group_day_idx')
      .on(t.openid, t.groupId, t.resDay)
      .where(sql`state = 1`),
    uniqueIndex('queue_orders_group_day_number_idx').on(t.groupId, t.resDay, t.number),
    index('queue_orders_owner_idx').on(t.openid, t.createdAt),
    // The statistics page's waiting times: the numbers called in a date range.
    index('queue_orders_called_idx').on(t.calledAt),
  ],
);
