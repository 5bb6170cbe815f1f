import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRecords, users } from '../../src/db/schema';
import { dataKeyRing, installDataKeys, parseDataKeys, parseIndexKeys } from '../../src/db/sealed/data-keys';
import { assertDataKeysOpenStoredValues, pendingValues, runSealingPass, sealAtStart } from '../../src/db/sealed/sealing-pass';
import { accountOfProvedPhone } from '../../src/services/session/web-sign-in';
import { TEST_DATA_INDEX_KEY, TEST_DATA_KEY, installTestDataKeys } from '../data-keys';
import { testHallForFile } from '../hall';

const hall = testHallForFile({ HALL_QUERY_POLL_MS: 0 });
afterAll(() => installTestDataKeys());

/** Phones given so far: a verified phone belongs to one account only. */
let phonesGiven = 0;

/** Rows as a hall before sealing wrote them: clear text, straight in SQL. The n-th citizen of all has phone 137000000nn. */
async function clearCitizens(prefix: string, count: number): Promise<void> {
  await hall.connection.pool.query(
    `INSERT INTO users (openid, name, cardnum, phone, phone_verified)
     SELECT $1 || n, '赵六' || n, '1101051949123100' || lpad(n::text, 2, '0'), '137' || lpad((n + $3)::text, 8, '0'), true FROM generate_series(1, $2::int) n`,
    [prefix, count, phonesGiven],
  );
  phonesGiven += count;
}

const stored = async (openid: string) =>
  (await hall.connection.pool.query<{ name: string; cardnum: string; phone: string }>('SELECT name, cardnum, phone FROM users WHERE openid = $1', [openid])).rows[0]!;

describe('sealing the rows written before sealing began', () => {
  it('seals every clear value once, after which the hall reads it and finds it by its blind index', async () => {
    await clearCitizens('old-', 1);
    await hall.connection.pool.query(`INSERT INTO query_records (openid, kind, params) VALUES ('old-1', 'zs', '{"username": "赵六1", "zjh": "110105194912310001", "qzh": "Q1"}')`);
    expect(await pendingValues(hall.connection.pool, 'clear')).toBeGreaterThanOrEqual(2);
    const report = await runSealingPass(hall.connection.pool, 'clear');
    expect(report.rewritten.users).toBe(1);
    expect(report.rewritten.query_records).toBe(1);
    expect(report.remaining).toBe(0);

    const raw = await stored('old-1');
    for (const value of Object.values(raw)) expect(value.startsWith('sm4$t1$')).toBe(true);
    const [row] = await hall.connection.db.select().from(users).where(eq(users.openid, 'old-1'));
    expect(row).toMatchObject({ name: '赵六1', cardnum: '110105194912310001', phone: '13700000001' });
    expect((await accountOfProvedPhone(hall.connection.db, '13700000001'))?.openid).toBe('old-1');
    const [record] = await hall.connection.db.select().from(queryRecords).where(eq(queryRecords.openid, 'old-1'));
    expect(record?.params).toEqual({ username: '赵六1', zjh: '110105194912310001', qzh: 'Q1' });
    // A second pass finds nothing to do.
    expect((await runSealingPass(hall.connection.pool, 'clear')).rewritten).toEqual({});
  });

  it('two passes at once (two processes starting) share the rows and seal each value once', async () => {
    await clearCitizens('pair-', 40);
    const [first, second] = await Promise.all([runSealingPass(hall.connection.pool, 'clear', { batchSize: 7 }), runSealingPass(hall.connection.pool, 'clear', { batchSize: 7 })]);
    expect((first.rewritten.users ?? 0) + (second.rewritten.users ?? 0)).toBe(40);
    expect(await pendingValues(hall.connection.pool, 'clear')).toBe(0);
    const [row] = await hall.connection.db.select().from(users).where(eq(users.openid, 'pair-17'));
    expect(row).toMatchObject({ name: '赵六17', phone: '13700000018' });
  });
});

describe('the start', () => {
  it('seals what is clear once, then marks the hall and skips the pass; the rotation command still seals a later import', async () => {
    await clearCitizens('start-', 2);
    expect(await sealAtStart(hall.connection.pool)).toBe(2);
    await clearCitizens('late-', 1);
    expect(await sealAtStart(hall.connection.pool)).toBe(0);
    expect((await stored('late-1')).phone).toBe('13700000044');
    expect((await runSealingPass(hall.connection.pool, 'rotate')).rewritten.users).toBe(1);
    expect((await stored('late-1')).phone.startsWith('sm4$t1$')).toBe(true);
  });
});

describe('starting with other keys', () => {
  it('is refused before the hall answers, naming what to bring', async () => {
    installDataKeys({ ...dataKeyRing(), ...parseDataKeys(`t1:${'77'.repeat(32)}`, 'HALL_DATA_KEY') });
    await expect(assertDataKeysOpenStoredValues(hall.connection.pool)).rejects.toThrow(/无法用本大厅的数据密钥打开.*HALL_DATA_KEY 与 HALL_DATA_INDEX_KEY/);
    installTestDataKeys();
    await expect(assertDataKeysOpenStoredValues(hall.connection.pool)).resolves.toBeUndefined();
  });
});

describe('rotating the data key', () => {
  it('reseals what the old key sealed under the new one, after which the old key may go', async () => {
    await clearCitizens('rot-', 3);
    await runSealingPass(hall.connection.pool, 'clear');
    const indexKeys = parseIndexKeys(TEST_DATA_INDEX_KEY, 'HALL_DATA_INDEX_KEY');
    const NEW = `t2:${'3c'.repeat(32)}`;
    installDataKeys({ ...parseDataKeys(`${NEW},${TEST_DATA_KEY}`, 'HALL_DATA_KEY'), ...indexKeys });
    expect(await pendingValues(hall.connection.pool, 'rotate')).toBeGreaterThan(0);
    const batches: number[] = [];
    const report = await runSealingPass(hall.connection.pool, 'rotate', { batchSize: 50, onBatch: (_table, rows) => batches.push(rows) });
    expect(report.remaining).toBe(0);
    expect(batches.length).toBeGreaterThan(1);
    for (const value of Object.values(await stored('rot-2'))) expect(value.startsWith('sm4$t2$')).toBe(true);

    // Without the old key every value still opens, and the blind indexes still find them.
    installDataKeys({ ...parseDataKeys(NEW, 'HALL_DATA_KEY'), ...indexKeys });
    const everyone = await hall.connection.db.select().from(users);
    expect(everyone.find((row) => row.openid === 'rot-2')).toMatchObject({ name: '赵六2', cardnum: '110105194912310002' });
    expect((await accountOfProvedPhone(hall.connection.db, '13700000047'))?.openid).toBe('rot-3');
  });
});
