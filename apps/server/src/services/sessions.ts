import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';
import { randomId } from '../lib/ids';

/** How long a session lives without use; each refresh starts it again. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** After this long the bootstrap answers refreshUser instead of noRefresh. */
export const USER_REFRESH_AFTER_MS = 12 * 60 * 60 * 1000;

export type SessionRow = typeof sessions.$inferSelect;

export async function findSession(db: Database, id: string): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())));
  return row ?? null;
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

export async function touchSession(db: Database, id: string): Promise<void> {
  await db
    .update(sessions)
    .set({ refreshedAt: new Date(), expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) })
    .where(eq(sessions.id, id));
}

export async function endSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
