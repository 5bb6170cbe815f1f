import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { contract } from '@hall/api';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRecords, registryCertificates, users } from '../../src/db/schema';
import { resolvePendingRecords } from '../../src/services/queries/fulfilment/query-resolver';
import { callHall } from '../call';
import { testHallForFile } from '../hall';
import { OWNER, queryForm } from '../query-helpers';

/** The demo citizen: the demo registry's owner 张三 (seed/content.ts), with a phone of their own. */
const CITIZEN = { name: OWNER.name, idcard: OWNER.idcard, phone: '13912345678' };

const hall = testHallForFile({ HALL_QUERY_POLL_MS: 0 });

const PG_DUMP = '/usr/bin/pg_dump';

/**
 * The database's rows as a dump holds them: Debian's pg_dump --data-only where it can read this server
 * (the PostgreSQL at 127.0.0.1:5432, DATABASE_URL), else, on the embedded PostgreSQL 18 that pg_dump 15
 * refuses and that ships no pg_dump of its own, every table's rows in their text form, which is what
 * pg_dump's COPY sections hold.
 */
async function dumpOf(): Promise<string> {
  const { rows } = await hall.connection.pool.query<{ version: string }>('SHOW server_version_num');
  const serverMajor = Math.floor(Number(rows[0]!.version) / 10_000);
  const dumpMajor = existsSync(PG_DUMP) ? Number(/(\d+)\.\d+/.exec(execFileSync(PG_DUMP, ['--version'], { encoding: 'utf8' }))?.[1] ?? 0) : 0;
  if (dumpMajor >= serverMajor) return execFileSync(PG_DUMP, ['--data-only', '--no-owner', hall.databaseUrl], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  const { rows: tables } = await hall.connection.pool.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'");
  const parts: string[] = [];
  for (const { name } of tables) {
    const { rows: lines } = await hall.connection.pool.query<{ line: string }>(`SELECT t::text AS line FROM "${name}" t`);
    parts.push(`-- ${name}`, ...lines.map((row) => row.line));
  }
  return parts.join('\n');
}

describe('personal data at rest', () => {
  it('a pg_dump of a demo hall holds the demo citizen’s name, ID number and phone only sealed', async () => {
    const cookie = await hall.quickCitizen('demo-citizen', { name: CITIZEN.name, cardnum: CITIZEN.idcard, phone: CITIZEN.phone });
    // What a citizen leaves behind: an SMS code to the phone, a certificate query by name and ID number and its answer.
    expect((await callHall(hall, contract.getPhoneCode, { phone: CITIZEN.phone }, cookie)).status).toBe(200);
    const submitted = await hall.post('/online/query/wx/zsquery', queryForm(), cookie);
    expect(submitted.body.state, JSON.stringify(submitted.body)).toBe(true);
    await resolvePendingRecords(hall.app.hall);
    const [record] = await hall.connection.db.select().from(queryRecords).where(eq(queryRecords.openid, 'demo-citizen'));
    expect(record?.state).toBe(20);
    // Read through the hall, everything is as the citizen typed it.
    expect(record?.params).toMatchObject({ username: CITIZEN.name, zjh: CITIZEN.idcard });
    expect(record?.result).toMatchObject({ qlr: CITIZEN.name });
    const [profile] = await hall.connection.db.select().from(users).where(eq(users.openid, 'demo-citizen'));
    expect(profile).toMatchObject({ name: CITIZEN.name, cardnum: CITIZEN.idcard, phone: CITIZEN.phone });
    expect((await hall.connection.db.select().from(registryCertificates).where(eq(registryCertificates.qzh, OWNER.qzh)))[0]?.ownerIdcard).toBe(CITIZEN.idcard);

    const dump = await dumpOf();
    expect(dump).toContain('sm4$');
    expect(dump).not.toContain(CITIZEN.idcard);
    expect(dump).not.toContain(CITIZEN.phone);
    expect(dump).not.toContain(CITIZEN.name);
  });
});
