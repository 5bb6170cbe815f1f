import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../src/db/client';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/db/embedded';
import { migrateDatabase } from '../src/db/migrate';
import { seedHall } from '../src/seed';
import { installTestDataKeys } from './data-keys';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection to the server's maintenance database, for creating per-file databases. */
    adminUrl: string;
    /** The migrated, seeded database each test file's database is cloned from. */
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL for the whole run: the external one when DATABASE_URL is set, else an embedded
 * one in a temporary folder. A template database is migrated and seeded once; every test file
 * gets its own clone of it.
 */
export default async function setup(project: TestProject) {
  installTestDataKeys();
  let embedded: EmbeddedDatabase | undefined;
  let folder: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    folder = await mkdtemp(join(tmpdir(), 'hall-test-db-'));
    embedded = await startEmbeddedDatabase(folder);
    adminUrl = embedded.ownerUrl;
  }
  const templateDatabase = `hall_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase}`);
  await admin.query(`CREATE DATABASE ${templateDatabase}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${templateDatabase}`;
  const template = connectDatabase(templateUrl.toString(), 2);
  await migrateDatabase(template.pool, template.db);
  await seedHall(template.pool, template.db, 'demo');
  await template.close();

  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase} WITH (FORCE)`).catch(() => {});
    await admin.end();
    await embedded?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  };
}
