import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appRoot } from '../lib/app-root';

/** How long the database may take to answer a readiness check before the hall counts as not ready. */
const DATABASE_CHECK_MS = 2000;

type Check = { ok: true } | { ok: false; error: string };

/** The migrations this build carries (drizzle/meta/_journal.json): each one's time is its row's created_at once applied. */
function migrationsOfThisBuild(): number[] {
  const journal = JSON.parse(readFileSync(join(appRoot(), 'drizzle', 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return journal.entries.map((entry) => entry.when);
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const failed = (error: unknown): Check => ({ ok: false, error: error instanceof Error ? error.message : String(error) });

/**
 * /healthz says the process is alive (a restart is the cure when it is not); /readyz says whether it
 * can serve citizens now (a load balancer sends them elsewhere while it cannot): the database answers
 * a query, every migration of this build is applied, and no configured outside system has failed its
 * last ADAPTER_UNREADY_AFTER calls in a row (lib/metrics.ts). 200 or 503, with which check failed.
 */
async function readinessPlugin(app: FastifyInstance): Promise<void> {
  const { pool, metrics } = app.hall;
  const expected = migrationsOfThisBuild();

  async function database(): Promise<Check> {
    try {
      await withTimeout(pool.query('SELECT 1'), DATABASE_CHECK_MS);
      return { ok: true };
    } catch (error) {
      return failed(error);
    }
  }

  async function migrations(): Promise<Check> {
    try {
      const { rows } = await withTimeout(pool.query<{ created_at: string }>('SELECT created_at FROM drizzle.__drizzle_migrations'), DATABASE_CHECK_MS);
      const applied = new Set(rows.map((row) => Number(row.created_at)));
      const missing = expected.filter((when) => !applied.has(when)).length;
      return missing === 0 ? { ok: true } : { ok: false, error: `${missing} migration(s) not applied` };
    } catch (error) {
      return failed(error);
    }
  }

  function adapters(): Check {
    const failing = metrics.failingAdapters();
    return failing.length === 0 ? { ok: true } : { ok: false, error: `failing: ${failing.join(', ')}` };
  }

  app.get('/readyz', async (_request, reply) => {
    const [databaseCheck, migrationsCheck] = await Promise.all([database(), migrations()]);
    const checks = { database: databaseCheck, migrations: migrationsCheck, adapters: adapters() };
    const ready = Object.values(checks).every((check) => check.ok);
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not ready', checks });
  });
}

export const readiness = fp(readinessPlugin, { name: 'readiness' });
