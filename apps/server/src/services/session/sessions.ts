import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import { randomId } from '../../lib/ids';
import { preparedStatement } from '../../lib/prepared-statement';

/** How long a session lives at most, from sign-in; using it does not extend it. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A session unused this long has ended, whatever its lifetime left (a phone left on a counter). */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** The last use is written at most this often, so a busy citizen costs no write per call. */
const LAST_SEEN_PRECISION_MS = 5 * 60 * 1000;
/** After this long the bootstrap answers refreshUser instead of noRefresh. */
export const USER_REFRESH_AFTER_MS = 12 * 60 * 60 * 1000;

export type SessionRow = typeof sessions.$inferSelect;

/** The lookup of every citizen call. */
const sessionLookup = preparedStatement((db) =>
  db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now')), gt(sessions.lastSeenAt, sql.placeholder('idleSince'))))
    .prepare('hall_find_session'),
);

/** A live session: within its lifetime and used within the idle limit. Finding it counts as a use. */
export async function findSession(db: Database, id: string): Promise<SessionRow | null> {
  const now = Date.now();
  const [row] = await sessionLookup(db).execute({ id, now: new Date(now), idleSince: new Date(now - SESSION_IDLE_MS) });
  if (!row) return null;
  if (now - row.lastSeenAt.getTime() > LAST_SEEN_PRECISION_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, id));
  }
  return row;
}

/** A session for a user whose WeChat code was just exchanged; active once registered or checked. */
export async function createPendingSession(db: Database, openid: string, oauth: Record<string, string>): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({ id: randomId(), openid, oauth, state: 'pending', expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) })
    .returning();
  return row!;
}

/** Replaces a session by a fresh id (so a cookie seen before login is worthless after) and activates it. */
export async function rotateSession(db: Database, old: SessionRow): Promise<SessionRow> {
  return db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, old.id));
    const [row] = await tx
      .insert(sessions)
      .values({
        id: randomId(),
        openid: old.openid,
        oauth: old.oauth,
        state: 'active',
        expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
      })
      .returning();
    return row!;
  });
}

/** The user was read again (refreshUser): the bootstrap answers noRefresh for the next 12 hours. */
export async function touchSession(db: Database, id: string): Promise<void> {
  await db.update(sessions).set({ refreshedAt: new Date() }).where(eq(sessions.id, id));
}

export async function endSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, new Date(Date.now() - SESSION_IDLE_MS))));
}
