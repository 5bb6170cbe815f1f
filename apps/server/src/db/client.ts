import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from './schema';

export type Database = ReturnType<typeof drizzle<typeof schema>>;

export interface DatabaseConnection {
  pool: pg.Pool;
  db: Database;
  close(): Promise<void>;
}

export function connectDatabase(url: string, maxConnections = 20): DatabaseConnection {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle client losing its connection (database restart) must not take the process down.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => pool.end() };
}

/** The handle a transaction's callback receives: what a write that must join its caller's transaction takes. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
