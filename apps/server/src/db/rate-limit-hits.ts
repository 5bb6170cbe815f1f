import { sql } from 'drizzle-orm';
import type { Database } from './client';

// The statements of rate_limit_hits, the firm rate limits' counters: plugins/rate-limits.ts counts
// requests with them, services count other attempts (an operator's sign-in) and jobs sweep them.

/**
 * Takes one hit of a firm counter (`scope` and `key` name it) in the fixed window of `timeWindow` ms
 * now falls in, and answers the window's hits so far and the ms left of it.
 */
export async function takeFirmHit(db: Database, scope: string, key: string, timeWindow: number): Promise<{ hits: number; ttl: number }> {
  const now = Date.now();
  const windowStart = new Date(now - (now % timeWindow));
  const expiresAt = new Date(windowStart.getTime() + timeWindow);
  const result = await db.execute(
    sql`INSERT INTO rate_limit_hits (key, window_start, hits, expires_at) VALUES (${`${scope}|${key}`}, ${windowStart}, 1, ${expiresAt})
        ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1 RETURNING hits`,
  );
  return { hits: Number((result.rows[0] as { hits: number }).hits), ttl: expiresAt.getTime() - now };
}

/** The hits a firm counter has taken so far in the window now running, and the ms left of it; nothing is taken. */
export async function firmHits(db: Database, scope: string, key: string, timeWindow: number): Promise<{ hits: number; ttl: number }> {
  const now = Date.now();
  const windowStart = new Date(now - (now % timeWindow));
  const result = await db.execute(sql`SELECT hits FROM rate_limit_hits WHERE key = ${`${scope}|${key}`} AND window_start = ${windowStart}`);
  return { hits: Number((result.rows[0] as { hits: number } | undefined)?.hits ?? 0), ttl: windowStart.getTime() + timeWindow - now };
}

/** Forgets windows that have ended; any process may run it. */
export async function sweepRateLimits(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_hits WHERE expires_at < now()`);
}
