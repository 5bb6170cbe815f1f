import type pg from 'pg';
import { Gauge } from 'prom-client';
import type { HallMetrics } from '../lib/metrics';

/** The metrics each pool's statements are timed into: the newest app on the pool (tests build several on one). */
const observers = new WeakMap<pg.Pool, HallMetrics>();
const TIMED = Symbol('hall.timedQuery');

type Query = (...args: unknown[]) => unknown;

/**
 * Times every statement of a pool's clients: each client's query is wrapped once, when it is first
 * handed out (the pool's own query() hands out a client too). A callback is wrapped; a promise is
 * followed; a submittable (a cursor) is left untimed.
 */
function timeQueries(pool: pg.Pool, client: pg.PoolClient): void {
  const marked = client as pg.PoolClient & { [TIMED]?: true };
  if (marked[TIMED]) return;
  marked[TIMED] = true;
  const original = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const metrics = observers.get(pool);
    if (!metrics) return original(...args);
    const started = process.hrtime.bigint();
    const observe = () => metrics.queryDuration.observe(Number(process.hrtime.bigint() - started) / 1e9);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...results: unknown[]) => void;
      args[last] = (...results: unknown[]) => {
        observe();
        callback(...results);
      };
      return original(...args);
    }
    const result = original(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(observe, observe);
    return result;
  };
}

/** Pool use (clients open, idle, requests waiting for one) read at each scrape, and every statement's time. */
export function observePool(metrics: HallMetrics, pool: pg.Pool): void {
  const first = !observers.has(pool);
  observers.set(pool, metrics);
  if (first) pool.on('acquire', (client) => timeQueries(pool, client));
  const reading = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [metrics.registry],
      collect() {
        this.set(read());
      },
    });
  reading('hall_db_pool_clients', 'Database connections the pool holds open.', () => pool.totalCount);
  reading('hall_db_pool_idle_clients', 'Open database connections not in use.', () => pool.idleCount);
  reading('hall_db_pool_waiting_requests', 'Requests waiting for a database connection (the pool is exhausted while above 0).', () => pool.waitingCount);
  reading('hall_db_pool_max_clients', 'The most connections the pool opens.', () => pool.options.max ?? 10);
}
