import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import { randomId } from '../../lib/ids';
import { perDatabase, preparedStatement } from '../../db/prepared-statement';
import { batchedRead } from '../../lib/batched-read';

/** How long a session lives at most, from sign-in; using it does not extend it. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A session unused this long has ended, whatever its lifetime left (a phone left on a counter). */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** The last use is written at most this often, so a busy citizen costs no write per call. */
const LAST_SEEN_PRECISION_MS = 5 * 60 * 1000;
/** After this long the bootstrap answers refreshUser instead of noRefresh. */
export const USER_REFRESH_AFTER_MS = 12 * 60 * 60 * 1000;

export type SessionRow = typeof sessions.$inferSelect;

/** A payload that names another citizen than the session's is refused with this (plugins/session.ts, refuseOthersPayload). */
export const OPENID_MISMATCH = '身份信息不一致，请重新进入办事大厅';

/**
 * What makes a session live: its id, within its lifetime, used within the idle limit. The one home of
 * this rule, for the lookup below and for the reads that find the session in their own statement
 * (liveSessionsParams gives their placeholders). It takes a list of ids: the session reads of one
 * turn of the event loop go to PostgreSQL together (lib/batched-read.ts).
 */
export const liveSessions = and(
  sql`${sessions.id} = any(${sql.placeholder('sessionIds')})`,
  gt(sessions.expiresAt, sql.placeholder('sessionNow')),
  gt(sessions.lastSeenAt, sql.placeholder('sessionIdleSince')),
);

/** What a read that finds the session itself selects of it (plugins/session.ts, citizenReadInSession). */
export const sessionInReadColumns = { id: sessions.id, openid: sessions.openid, state: sessions.state, lastSeenAt: sessions.lastSeenAt };
export type SessionInRead = Pick<SessionRow, keyof typeof sessionInReadColumns>;

// A type, not an interface: drizzle's execute takes a Record of placeholders.
export type LiveSessionsParams = {
  sessionIds: string[];
  sessionNow: Date;
  sessionIdleSince: Date;
};

export function liveSessionsParams(sessionIds: string[], now = Date.now()): LiveSessionsParams {
  return { sessionIds, sessionNow: new Date(now), sessionIdleSince: new Date(now - SESSION_IDLE_MS) };
}

/**
 * A read with the session, batched by session id (lib/batched-read.ts): `run` answers the rows of the
 * live sessions among the placeholders' ids, each row carrying its session under `session`.
 */
export function sessionBatch<Row extends { session: Pick<SessionRow, 'id'> }>(run: (params: LiveSessionsParams) => Promise<Row[]>): (sessionId: string) => Promise<Row[]> {
  return batchedRead(
    (ids) => run(liveSessionsParams(ids)),
    (row) => row.session.id,
  );
}

/** Finding a live session counts as a use: written when the last one written is older than the precision. */
export async function noteSessionUse(db: Database, session: Pick<SessionRow, 'id' | 'lastSeenAt'>, now: number): Promise<void> {
  if (now - session.lastSeenAt.getTime() <= LAST_SEEN_PRECISION_MS) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(sessions.id, session.id));
}

/** The lookup of every citizen call that does not find the session in its own read. */
const sessionsLookup = preparedStatement((db) => db.select({ session: sessions }).from(sessions).where(liveSessions).prepare('hall_find_sessions'));
const sessionLookup = perDatabase((db) => sessionBatch((params) => sessionsLookup(db).execute(params)));

/** A live session: within its lifetime and used within the idle limit. Finding it counts as a use. */
export async function findSession(db: Database, id: string): Promise<SessionRow | null> {
  const [row] = await sessionLookup(db)(id);
  if (!row) return null;
  await noteSessionUse(db, row.session, Date.now());
  return row.session;
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

/**
 * A session made active at once, for a citizen who proved who they are on the hall's own sign-in page
 * (services/session/web-sign-in.ts). Like rotateSession it always has a fresh id: whatever session the
 * browser held before is ended by the caller, so a cookie planted before sign-in is worthless after.
 */
export async function createSignedInSession(db: Database, openid: string, signIn: string): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({ id: randomId(), openid, oauth: { signIn }, state: 'active', expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) })
    .returning();
  return row!;
}

/** Every session of a citizen ends (a new password): whoever signed in with the old one is out. */
export async function endCitizenSessions(db: Database, openid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.openid, openid));
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
