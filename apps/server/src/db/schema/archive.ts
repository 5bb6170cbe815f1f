import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sealedPhone } from '../sealed/sealed-columns';
import { citizenOpenid } from './columns';
import { queryRecords } from './queries';

/** The archive query's verification steps. */

// ---------------------------------------------------------------------------------------------
// Archive query (查档证明, spec part 3 §2.7, §2.8, §4)

/**
 * One archive request's verification steps, for the session that takes them: a phone code checked
 * by the server opens a step (its bsm is also the face check's business serial); the request may
 * be recorded only within the step's lifetime, after a passed face check for that bsm, and once.
 */
export const archiveQuerySteps = pgTable(
  'archive_query_steps',
  {
    bsm: text('bsm').primaryKey(),
    openid: citizenOpenid(),
    sessionId: text('session_id').notNull(),
    phone: sealedPhone('phone').notNull(),
    codeVerifiedAt: timestamp('code_verified_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the request was recorded: a step opens one request only. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    recordId: bigint('record_id', { mode: 'number' }).references(() => queryRecords.id, { onDelete: 'set null' }),
  },
  (t) => [index('archive_query_steps_owner_idx').on(t.openid, t.sessionId, t.codeVerifiedAt)],
);
