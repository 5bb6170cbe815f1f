import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { takeFirmHit } from '../db/rate-limit-hits';
import { signedSessionId } from './session';

/**
 * What a limit counts by: the verified session (its cookie's signature checks out, so it is one the
 * hall issued), else the client address. A made-up cookie is not a session and counts by address,
 * so inventing cookies never buys more tries.
 */
export function rateLimitKey(request: FastifyRequest): string {
  const session = signedSessionId(request);
  return session ? `session:${session}` : addressRateLimitKey(request);
}

/** The key of a limit that counts by the client address alone. */
export function addressRateLimitKey(request: FastifyRequest): string {
  return `address:${request.ip}`;
}

/** One route's limit as @fastify/rate-limit hands it to a store. */
interface RouteLimit {
  timeWindow: number;
  firm?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/**
 * Fixed-window counters in PostgreSQL (rate_limit_hits), for the firm limits: every server process
 * counts in the same row, and a restart forgets nothing. One statement takes the hit and answers the
 * count, so two processes can never both take the last one.
 */
class DatabaseCounter {
  constructor(
    private readonly db: Database,
    private readonly scope: string,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    takeFirmHit(this.db, this.scope, key, timeWindow)
      .then(({ hits, ttl }) => callback(null, { current: hits, ttl }))
      .catch((error: Error) => callback(error));
  }
}

/** Fixed-window counters in this process, for the limits that need not be shared; at most `size` keys. */
class MemoryCounter {
  private readonly windows = new Map<string, { start: number; hits: number }>();

  constructor(private readonly size = 10_000) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    const now = Date.now();
    const start = now - (now % timeWindow);
    const window = this.windows.get(key);
    const hits = window && window.start === start ? window.hits + 1 : 1;
    this.windows.delete(key);
    this.windows.set(key, { start, hits });
    // The oldest keys go first (a Map iterates in insertion order, and a hit re-inserts its key).
    if (this.windows.size > this.size) this.windows.delete(this.windows.keys().next().value!);
    callback(null, { current: hits, ttl: start + timeWindow - now });
  }
}

/**
 * The store @fastify/rate-limit asks for each route's counter: a route whose limit is `firm`
 * (sign-in, SMS codes, uploads, face checks) counts in PostgreSQL; the others count in the process,
 * enough to blunt a burst and not worth a database write per request.
 */
function storeFor(db: Database) {
  return class HallRateLimitStore {
    incr(): never {
      throw new Error('only route limits are configured');
    }

    child(route: RouteLimit): DatabaseCounter | MemoryCounter {
      if (!route.firm) return new MemoryCounter();
      const info = route.routeInfo ?? {};
      return new DatabaseCounter(db, `${[info.method].flat().join(',')} ${info.url ?? ''}`);
    }
  };
}

async function rateLimitsPlugin(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;
  await app.register(rateLimit, { global: false, keyGenerator: rateLimitKey, store: storeFor(db) as never });
}

export const rateLimits = fp(rateLimitsPlugin, { name: 'rate-limits', dependencies: ['@fastify/cookie'] });

/** A firm limit for a route registered by hand (registerCall takes `firm` in its own options). */
export function firmLimit(max: number, timeWindow: string): RateLimitOptions {
  return { max, timeWindow, firm: true } as RateLimitOptions;
}
