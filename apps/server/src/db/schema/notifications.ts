import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { citizenOpenid, createdAt, serialId, updatedAt } from './columns';

/**
 * What the hall tells a citizen (the 消息中心) and the outbox of its deliveries by SMS and WeChat.
 * A notification row is written in the transaction of the change it is about, so it exists exactly
 * when the change does: it is itself the in-hall message, and each outside channel the citizen
 * chose gets one delivery row, which the delivery job works off.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serialId(),
    openid: citizenOpenid(),
    /** The kind of event (submitted, surveyRejected, accepted …): what the console counts by. */
    event: text('event').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The hall page the message opens (the application, the record, the booking). */
    link: text('link').notNull(),
    /** The change it is about (application:12, booking:5 …) with the event: one message per event of a thing. */
    dedupeKey: text('dedupe_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_owner_idx').on(t.openid, t.createdAt),
    index('notifications_unread_idx')
      .on(t.openid)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_dedupe_idx').on(t.openid, t.dedupeKey),
    // The statistics page counts a period's messages by event and channel.
    index('notifications_created_idx').on(t.createdAt),
  ],
);

/**
 * One notification to one outside channel (sms, wechat): waiting until a worker claims it (FOR UPDATE
 * SKIP LOCKED), sent, or failed after its last try; a failed one waits again after a back-off.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serialId(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** waiting, sent, failed (no more tries until an operator re-sends). */
    state: text('state').notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it next: after a back-off, or when a claim made by a process that died ends. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error').notNull().default(''),
    /** How many times an operator sent it again. */
    resends: integer('resends').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_once_idx').on(t.notificationId, t.channel),
    index('notification_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'waiting'`),
  ],
);

/** The outside channels a citizen chose in /my; a citizen without a row gets SMS only. */
export const notificationPreferences = pgTable('notification_preferences', {
  openid: text('openid').primaryKey(),
  sms: boolean('sms').notNull().default(true),
  wechat: boolean('wechat').notNull().default(false),
  updatedAt: updatedAt(),
});
