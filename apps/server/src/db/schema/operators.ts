import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './columns';

/** Hall operators (docs/architecture.md §6): their accounts, their console sessions and the audit trail of what they did. */

export const operatorAccounts = pgTable(
  'operator_accounts',
  {
    id: serialId(),
    /** The sign-in name, stored lower-case. */
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    /** scrypt (lib/password.ts); '!' for an account that can only sign in through its bound WeChat. */
    passwordHash: text('password_hash').notNull(),
    /** reviewer, counter, content, admin (packages/domain operators.ts). */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A new or reset password must be replaced at the next sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    disabled: boolean('disabled').notNull().default(false),
    /**
     * Locked by a guessing campaign against the account's name from several addresses (services/operators/sign-in-locks.ts):
     * until then no way in works, its sessions are over, and an administrator's reset lifts it.
     */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The appointment sites and queue halls the operator serves; empty: every one (the counter's day and calling offer only these). */
    sites: text('sites')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The WeChat openid the operator bound, to sign in on the phone without the password. */
    wechatOpenid: text('wechat_openid'),
    createdAt: createdAt(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('operator_accounts_username_idx').on(t.username), uniqueIndex('operator_accounts_wechat_idx').on(t.wechatOpenid)],
);

/**
 * Wrong passwords by sign-in name and client address ('*': from every address), whether or not the name
 * is an account, so the answers never tell which names exist. Five from one address lock that address
 * out of that name; the owner elsewhere signs in as usual.
 */
export const operatorSignInFailures = pgTable(
  'operator_sign_in_failures',
  {
    username: text('username').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.username, t.address] }), index('operator_sign_in_failures_window_idx').on(t.windowStart)],
);

/** A signed-in console: its own cookie, apart from the citizen's WeChat session. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: text('id').primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operatorAccounts.id, { onDelete: 'cascade' }),
    /** password or wechat: how the operator signed in. */
    method: text('method').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/**
 * Every operator action, append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration
 * 0008), so not even the hall's own code can rewrite what happened.
 */
export const auditTrail = pgTable(
  'audit_trail',
  {
    id: serialId(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for a sign-in attempt under a name that does not exist. */
    operatorId: bigint('operator_id', { mode: 'number' }),
    /** The name as it was at the time (the account may be renamed or the attempt may name no account). */
    operatorName: text('operator_name').notNull(),
    /** The client address the request came from. */
    ip: text('ip').notNull(),
    /** What was done, e.g. review.reject, feedback.reply, operator.create, signIn.failed. */
    action: text('action').notNull(),
    /** What it was done to, e.g. application:123, feedback:45, operator:7. */
    target: text('target').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_trail_at_idx').on(t.at), index('audit_trail_operator_idx').on(t.operatorId, t.at), index('audit_trail_action_idx').on(t.action, t.at)],
);
