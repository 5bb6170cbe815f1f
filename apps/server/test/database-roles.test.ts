import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { grantApplicationRole, roleOf } from '../src/db/app-role';
import { APP_PASSWORD_FILE } from '../src/db/embedded';
import { openHallDatabase, type HallDatabase } from '../src/db/open';
import { seedHall } from '../src/seed';
import { readEnv, type Env } from '../src/env';
import { createContext } from '../src/hall';
import { createDatabase, dropDatabase, freshDatabaseName } from './databases';

const env = (overrides: Partial<Env>): Env => ({ ...readEnv({ LOG_LEVEL: 'silent', HALL_MODE: 'demo' }), DATABASE_URL: undefined, HALL_MIGRATION_DATABASE_URL: undefined, ...overrides });

/** What the application's role may and may not do to the audit trail, and that the hall works as it. */
async function expectOwnsNothing(database: HallDatabase, role: string) {
  const { pool } = database.connection;
  const [me] = (await pool.query<{ name: string; superuser: boolean }>('SELECT current_user AS name, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user')).rows;
  expect(me).toEqual({ name: role, superuser: false });
  await expect(pool.query('DROP TRIGGER audit_trail_no_update_delete ON audit_trail')).rejects.toThrow(/must be owner/);
  await expect(pool.query('ALTER TABLE audit_trail DISABLE TRIGGER ALL')).rejects.toThrow(/must be owner/);
  await expect(pool.query('DROP FUNCTION audit_trail_append_only() CASCADE')).rejects.toThrow(/must be owner/);
  await expect(pool.query('TRUNCATE audit_trail')).rejects.toThrow(/permission denied/);
  await expect(pool.query("UPDATE audit_trail SET action = 'nothing'")).rejects.toThrow(/permission denied/);
  await expect(pool.query('DELETE FROM audit_trail')).rejects.toThrow(/permission denied/);
  await expect(pool.query('ALTER TABLE users ADD COLUMN x int')).rejects.toThrow(/must be owner/);

  // The hall itself runs as that role: it seeds, answers and records.
  await seedHall(pool, database.connection.db, 'demo');
  const filesDir = await mkdtemp(join(tmpdir(), 'hall-role-files-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'hall-role-data-'));
  const hall = await createContext({ env: env({ HALL_DATA_DIR: dataDir }), db: database.connection.db, pool, filesDir });
  const app = await buildApp(hall);
  try {
    const signIn = await app.inject({ method: 'POST', url: '/online/admin/api/signIn', payload: { username: 'admin', password: 'demo2026hall' } });
    expect(signIn.statusCode).toBe(200);
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM audit_trail WHERE action = 'signIn.password'");
    expect(rows[0].n).toBe(1);
  } finally {
    await app.close();
    await rm(filesDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('the hall connects as a role that owns nothing', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('the embedded database: migrated as its owner, used as hall_app, whose password is kept 0600', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'hall-role-embedded-'));
    const database = await openHallDatabase(env({ HALL_DATA_DIR: dataDir }), { maxConnections: 4 });
    cleanups.push(async () => {
      await database.connection.close();
      await database.embedded?.stop();
      await rm(dataDir, { recursive: true, force: true });
    });
    expect(roleOf(database.embedded!.url)).toBe('hall_app');
    expect((await stat(join(dataDir, APP_PASSWORD_FILE))).mode & 0o777).toBe(0o600);
    await expectOwnsNothing(database, 'hall_app');
  });

  it('an external PostgreSQL: DATABASE_URL’s role is granted row access, HALL_MIGRATION_DATABASE_URL’s owner migrates', async () => {
    const name = freshDatabaseName('hall_roles_');
    const role = `hall_app_${name.slice(-6)}`;
    const ownerUrl = await createDatabase(name);
    const admin = new pg.Client({ connectionString: inject('adminUrl') });
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD 'role-test-password'`);
    const appUrl = new URL(ownerUrl);
    appUrl.username = role;
    appUrl.password = 'role-test-password';
    const database = await openHallDatabase(env({ DATABASE_URL: appUrl.toString(), HALL_MIGRATION_DATABASE_URL: ownerUrl }), { maxConnections: 4 });
    cleanups.push(async () => {
      await database.connection.close();
      await dropDatabase(name);
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
      await admin.end();
    });
    await expectOwnsNothing(database, role);
  });

  it('refuses to grant to a role that could undo the protection: a superuser or the owner', async () => {
    const template = new URL(inject('adminUrl'));
    template.pathname = `/${inject('templateDatabase')}`;
    await expect(grantApplicationRole(template.toString(), roleOf(template.toString()))).rejects.toThrow(/must not be a superuser nor own/);
  });
});
