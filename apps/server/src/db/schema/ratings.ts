import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { citizenOpenid, createdAt, serialId } from './columns';
import { operatorAccounts } from './operators';

/** 好差评: the citizens' ratings of finished services and the follow-ups (整改) of the low ones. */

/**
 * One rating of a service by its citizen. A service is named by its kind and its row's id in the
 * owning area's table (applications, query_records, appointment_orders or counter_bookings, queue_orders,
 * feedback); the site is copied at rating time so the statistics need no join per kind.
 */
export const ratings = pgTable(
  'ratings',
  {
    id: serialId(),
    openid: citizenOpenid(),
    /** application, query, booking, queue or feedback (packages/domain RATED_SERVICES). */
    serviceKind: text('service_kind').notNull(),
    serviceId: text('service_id').notNull(),
    serviceTitle: text('service_title').notNull(),
    /** The district or hall that gave the service; '' for the hall as a whole (queries, feedback). */
    site: text('site').notNull().default(''),
    /** The site's name when rated, for the statistics and the export. */
    siteName: text('site_name').notNull().default(''),
    /** 1 the first rating; 2 the rating given after the follow-up's answer. */
    round: integer('round').notNull().default(1),
    /** 5 非常满意 … 1 非常不满意. */
    grade: integer('grade').notNull(),
    comment: text('comment').notNull().default(''),
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    // One rating per service and round, whoever asks and however many processes answer: the database says no to a second.
    uniqueIndex('ratings_service_round_idx').on(t.serviceKind, t.serviceId, t.round),
    index('ratings_owner_idx').on(t.openid, t.createdAt),
    index('ratings_created_idx').on(t.createdAt),
    check('ratings_grade_check', sql`${t.grade} between 1 and 5`),
    check('ratings_round_check', sql`${t.round} in (1, 2)`),
  ],
);

/** The follow-up (整改) of a low rating, for the role that gave the service, due in working days. */
export const ratingFollowUps = pgTable(
  'rating_follow_ups',
  {
    id: serialId(),
    ratingId: bigint('rating_id', { mode: 'number' })
      .notNull()
      .references(() => ratings.id, { onDelete: 'cascade' }),
    /** reviewer or counter (packages/domain OPERATOR_ROLES). */
    role: text('role').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    answer: text('answer'),
    answeredBy: bigint('answered_by', { mode: 'number' }).references(() => operatorAccounts.id, { onDelete: 'set null' }),
    answeredByName: text('answered_by_name').notNull().default(''),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('rating_follow_ups_rating_idx').on(t.ratingId), index('rating_follow_ups_role_idx').on(t.role, t.answeredAt, t.dueOn)],
);
