import { resolve } from 'node:path';
import type { Env } from '../env';
import { grantApplicationRole, roleOf } from './app-role';
import { connectDatabase, type DatabaseConnection } from './client';
import { runningEmbeddedDatabase, startEmbeddedDatabase, type EmbeddedDatabase } from './embedded';
import { migrateDatabase } from './migrate';

export interface HallDatabase {
  /** The application's connection: the role that owns nothing where an owner is known. */
  connection: DatabaseConnection;
  /** The embedded database this process started, to stop with it. */
  embedded?: EmbeddedDatabase;
  /** The address of the role that owns the tables (DATABASE_URL's own when no other owner is named), for the commands only the owner may run. */
  ownerUrl: string;
}

/**
 * The hall's database, migrated: DATABASE_URL's (migrated as HALL_MIGRATION_DATABASE_URL's owner when
 * given), else the embedded one (started here, or, with `joinRunning`, the one a running hall started on
 * the same data folder), migrated as its owner `hall` and used as `hall_app` (app-role.ts).
 */
export async function openHallDatabase(env: Env, options: { maxConnections?: number; joinRunning?: boolean } = {}): Promise<HallDatabase> {
  let embedded: EmbeddedDatabase | undefined;
  let address: { url: string; ownerUrl?: string | undefined };
  if (env.DATABASE_URL) address = { url: env.DATABASE_URL, ownerUrl: env.HALL_MIGRATION_DATABASE_URL };
  else {
    const running = options.joinRunning ? await runningEmbeddedDatabase(env.HALL_DATA_DIR) : null;
    if (running) address = running;
    else {
      embedded = await startEmbeddedDatabase(resolve(env.HALL_DATA_DIR));
      address = embedded;
    }
  }
  if (address.ownerUrl) {
    const owner = connectDatabase(address.ownerUrl, 2);
    try {
      await migrateDatabase(owner.pool, owner.db);
    } finally {
      await owner.close();
    }
    await grantApplicationRole(address.ownerUrl, roleOf(address.url));
  }
  const connection = connectDatabase(address.url, options.maxConnections);
  if (!address.ownerUrl) await migrateDatabase(connection.pool, connection.db);
  return { connection, embedded, ownerUrl: address.ownerUrl ?? address.url };
}
