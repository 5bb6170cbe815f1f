import pg from 'pg';
import { inject } from 'vitest';
import { randomId } from '../src/lib/ids';

/** A database name of this prefix no other test uses (PostgreSQL names: lower case letters and digits). */
export function freshDatabaseName(prefix: string): string {
  return `${prefix}${randomId(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
}

/** Runs one statement as the test server's administrator. */
async function asAdministrator(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('adminUrl') });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
}

/** Makes a database on the test server, empty or a copy of a template; answers its address. */
export async function createDatabase(name: string, template?: string): Promise<string> {
  await asAdministrator(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(inject('adminUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database of the test server, ending whatever still uses it. */
export async function dropDatabase(name: string): Promise<void> {
  await asAdministrator(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
