import { join } from 'node:path';
import type pg from 'pg';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';
import { appRoot } from '../lib/app-root';

/** Any fixed number: several server processes starting together migrate one at a time. */
const MIGRATION_LOCK = 48_151_623;

/** Runs `work` while holding a database-wide advisory lock, so processes sharing the database take turns. */
export async function withAdvisoryLock<T>(pool: pg.Pool, key: number, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {});
    client.release();
  }
}

export async function migrateDatabase(pool: pg.Pool, db: Database): Promise<void> {
  await withAdvisoryLock(pool, MIGRATION_LOCK, () => migrate(db, { migrationsFolder: join(appRoot(), 'drizzle') }));
}
