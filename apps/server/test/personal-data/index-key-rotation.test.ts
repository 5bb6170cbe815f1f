import { contract, type CallBody, type CallDefinition } from '@hall/api';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DemoRegistry } from '../../src/adapters/registry/demo';
import { registryCertificates, smsCodes, users } from '../../src/db/schema';
import { installDataKeys, loadDataKeys } from '../../src/db/sealed/data-keys';
import { sameBlindIndex } from '../../src/db/sealed/sealed-columns';
import { pendingValues, runSealingPass } from '../../src/db/sealed/sealing-pass';
import { accountOfProvedPhone, lockProvedPhone } from '../../src/services/session/web-sign-in';
import { callHall } from '../call';
import { TEST_DATA_INDEX_KEY, TEST_DATA_KEY, installTestDataKeys } from '../data-keys';
import { testHallForFile } from '../hall';
import { skipSmsCountdown } from '../sms-countdown';

/**
 * The blind-index key rotated (docs/decisions/021, "Rotation"): a hall whose data was indexed under the
 * bare key A (every test hall's, the key `i0`) restarts with `i1:B,A`, then runs the rotation, then drops A.
 */
const hall = testHallForFile({ HALL_SIGN_IN: 'wechat,sms,password' });
afterAll(() => installTestDataKeys());

const A = TEST_DATA_INDEX_KEY;
const B = `i1:${'4d'.repeat(32)}`;
/** A key the hall is never given back: what it indexed is not found while it is not listed. */
const LOST = `x9:${'5e'.repeat(32)}`;

/** What a restart with these index keys does: the production start's own reading of HALL_DATA_INDEX_KEY. */
async function restartWithIndexKeys(text: string): Promise<void> {
  installDataKeys(await loadDataKeys({ HALL_MODE: 'production', HALL_DATA_DIR: hall.env.HALL_DATA_DIR, HALL_DATA_KEY: TEST_DATA_KEY, HALL_DATA_INDEX_KEY: text }));
}

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
let nextAddress = 1;

/** A browser on the hall's sign-in page: its ticket and the cookie binding it. */
async function openBrowser() {
  const address = `10.30.0.${nextAddress++}`;
  let cookie = '';
  const call = async <C extends CallDefinition>(definition: C, input: CallBody<C>) => {
    const answer = await callHall(hall, definition, input, cookie, { remoteAddress: address, headers: { 'user-agent': ANDROID_CHROME } });
    const set = [answer.headers['set-cookie'] ?? []].flat() as string[];
    if (set.length) cookie = set.map((line) => line.split(';')[0]).join('; ');
    return answer;
  };
  const ticket = (await call(contract.webSignInStart, {})).body.data!.ticket;
  return { ticket, call };
}
type Browser = Awaited<ReturnType<typeof openBrowser>>;

/** Asks a sign-in code for `phone` in `browser` (the 60-second wait since the last one skipped) and reads it from the SMS simulator. */
async function askCode(browser: Browser, phone: string): Promise<string> {
  await skipSmsCountdown(hall.connection.db, phone);
  const sent = await browser.call(contract.webSignInCode, { ticket: browser.ticket, phone });
  expect(sent.body.state).toBe(1);
  const inbox = await hall.app.inject({ method: 'GET', url: `/simulator/sms/inbox?phone=${phone}&format=json` });
  return (inbox.json() as { code: string }).code;
}

/** The openid a browser signs in to with `code` for `phone`. */
async function signIn(browser: Browser, phone: string, code: string): Promise<string> {
  const signedIn = await browser.call(contract.webSignInBySms, { ticket: browser.ticket, phone, code });
  expect(signedIn.status).toBe(200);
  return signedIn.body.data!.openid;
}

const PHONE = '13600000001';
const OWNER = { name: '钱七', idcard: '11010519800101001X' };
const registry = () => new DemoRegistry(hall.connection.db);
const certificatesOf = async (owner: { name: string; idcard: string }) => (await registry().listCertificatesOf(owner)).map((certificate) => certificate.qzh);

/** How the database would run a lookup, with sequential scans priced out: an index that can serve it is named. */
async function planOf(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const client = await hall.connection.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_seqscan = off');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/** Stored phones and ID numbers (of the tables the lookups read) whose blind index does not start with `prefix` (`<key id>.`). */
async function indexedUnderOtherKeys(prefix: string): Promise<number> {
  const columns = [
    ['users', 'phone'],
    ['users', 'cardnum'],
    ['sms_codes', 'phone'],
    ['registry_certificates', 'owner_idcard'],
  ];
  let count = 0;
  for (const [table, column] of columns) {
    const { rows } = await hall.connection.pool.query<{ count: string }>(
      `SELECT count(*) AS count FROM ${table} WHERE ${column} <> '' AND left(split_part(${column}, '$', 3), ${prefix.length}) <> $1`,
      [prefix],
    );
    count += Number(rows[0]!.count);
  }
  return count;
}

describe('rotating the blind-index key', () => {
  let account = '';
  let waitingCode = '';
  let waitingBrowser: Browser;

  it('a hall indexed under the bare key keeps its stored indexes as they were (no id in them)', async () => {
    await restartWithIndexKeys(A);
    const browser = await openBrowser();
    account = await signIn(browser, PHONE, await askCode(browser, PHONE));
    await hall.connection.db
      .insert(registryCertificates)
      .values({ xzqdm: '130402', qzh: 'Q-INDEX-1', ownerName: OWNER.name, ownerIdcard: OWNER.idcard, bdcdyh: 'D1', zl: '一号', yt: '住宅', mj: '90' });
    // A code asked before the restart and used after it.
    waitingBrowser = await openBrowser();
    waitingCode = await askCode(waitingBrowser, PHONE);
    const stored = await hall.connection.pool.query<{ phone: string }>('SELECT phone FROM users WHERE openid = $1', [account]);
    expect(stored.rows[0]!.phone.split('$')[2]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await certificatesOf(OWNER)).toEqual(['Q-INDEX-1']);
  });

  it('restarted with i1:B,A, finds every old row: the sign-in by SMS, its code, the certificate by ID number', async () => {
    await restartWithIndexKeys(`${B},${A}`);
    expect(await signIn(waitingBrowser, PHONE, waitingCode)).toBe(account);
    const again = await openBrowser();
    expect(await signIn(again, PHONE, await askCode(again, PHONE))).toBe(account);
    const [code] = await hall.connection.db
      .select()
      .from(smsCodes)
      .where(sameBlindIndex(smsCodes.phone, 'phone', PHONE))
      .orderBy(sql`${smsCodes.id} desc`)
      .limit(1);
    // A value written now is indexed under B, and its index names it.
    const rawCode = await hall.connection.pool.query<{ phone: string }>('SELECT phone FROM sms_codes WHERE id = $1', [code!.id]);
    expect(rawCode.rows[0]!.phone.split('$')[2]).toMatch(/^i1\.[A-Za-z0-9_-]{22}$/);
    expect(await certificatesOf(OWNER)).toEqual(['Q-INDEX-1']);
    expect((await accountOfProvedPhone(hall.connection.db, PHONE))?.openid).toBe(account);
  });

  it('the lookup under both keys is still served by the blind-index indexes of migration 0033', async () => {
    const db = hall.connection.db;
    const lookups = [
      [users, users.phone, 'phone', PHONE, 'users_phone_idx'],
      [users, users.cardnum, 'idNumber', OWNER.idcard, 'users_cardnum_idx'],
      [smsCodes, smsCodes.phone, 'phone', PHONE, 'sms_codes_phone_idx'],
      [registryCertificates, registryCertificates.ownerIdcard, 'idNumber', OWNER.idcard, 'registry_certificates_owner_idx'],
    ] as const;
    const plans = await Promise.all(
      lookups.map(
        async ([table, column, kind, value, index]) =>
          [
            await planOf(
              db
                .select()
                .from(table)
                .where(sameBlindIndex(column, kind, value)),
            ),
            index,
          ] as const,
      ),
    );
    for (const [plan, index] of plans) {
      expect(plan).toContain(index);
      expect(plan).not.toContain('Seq Scan');
    }
  });

  it('a process listing only A and one listing i1:B,A claim a proved phone one after the other', async () => {
    await restartWithIndexKeys(A);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const taken = new Promise<void>((resolve) => (locked = resolve));
    const first = hall.connection.db.transaction(async (tx) => {
      await lockProvedPhone(tx, PHONE);
      locked();
      await held;
    });
    await taken;
    await restartWithIndexKeys(`${B},${A}`);
    let secondDone = false;
    const second = hall.connection.db.transaction(async (tx) => {
      await lockProvedPhone(tx, PHONE);
      secondDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondDone).toBe(false);
    release();
    await Promise.all([first, second]);
    expect(secondDone).toBe(true);
  });

  it('the rotation leaves nothing under A, in batches, two at once; then with i1:B alone every lookup still works', async () => {
    await restartWithIndexKeys(`${B},${A}`);
    expect(await indexedUnderOtherKeys('i1.')).toBeGreaterThan(0);
    const [first, second] = await Promise.all([runSealingPass(hall.connection.pool, 'rotate', { batchSize: 20 }), runSealingPass(hall.connection.pool, 'rotate', { batchSize: 20 })]);
    expect((first.rewritten.users ?? 0) + (second.rewritten.users ?? 0)).toBeGreaterThan(0);
    expect(await pendingValues(hall.connection.pool, 'rotate')).toBe(0);
    expect(await indexedUnderOtherKeys('i1.')).toBe(0);
    // The query records' sealed fields were rotated too (their ID numbers carry an index).
    const { rows } = await hall.connection.pool.query<{ count: string }>(
      `SELECT count(*) AS count FROM query_records WHERE jsonb_typeof(params -> 'zjh') = 'string' AND params ->> 'zjh' <> '' AND split_part(params ->> 'zjh', '$', 3) NOT LIKE 'i1.%'`,
    );
    expect(Number(rows[0]!.count)).toBe(0);
    // A second run finds nothing.
    expect((await runSealingPass(hall.connection.pool, 'rotate')).rewritten).toEqual({});

    await restartWithIndexKeys(B);
    const browser = await openBrowser();
    expect(await signIn(browser, PHONE, await askCode(browser, PHONE))).toBe(account);
    expect(await certificatesOf(OWNER)).toEqual(['Q-INDEX-1']);
    expect((await accountOfProvedPhone(hall.connection.db, PHONE))?.openid).toBe(account);
  });

  it('stops, naming both accounts, where two accounts proved one phone under different index keys, and goes on once one is settled', async () => {
    const phone = '13600000003';
    // One account proved it under A (a process that listed the older key alone), the other under B.
    await restartWithIndexKeys(A);
    await hall.connection.db.insert(users).values({ openid: 'clash-a', appid: 'wx', phone, phoneVerified: true, name: '周九', cardnum: '' });
    await restartWithIndexKeys(`${B},${A}`);
    await hall.connection.db.insert(users).values({ openid: 'clash-b', appid: 'wx', phone, phoneVerified: true, name: '吴十', cardnum: '' });
    const stopped = runSealingPass(hall.connection.pool, 'rotate');
    await expect(stopped).rejects.toThrow(/重新加密中止：账号 clash-b、clash-a 都把同一个手机号记为已验证/);
    await hall.connection.db.update(users).set({ phoneVerified: false }).where(eq(users.openid, 'clash-a'));
    expect((await runSealingPass(hall.connection.pool, 'rotate')).remaining).toBe(0);
    expect((await accountOfProvedPhone(hall.connection.db, phone))?.openid).toBe('clash-b');
  });

  it('a value under an index key not listed is not found, and nothing fails; the rotation brings it back under the current key', async () => {
    const lostOwner = { name: '孙八', idcard: '110105198001010028' };
    await restartWithIndexKeys(LOST);
    await hall.connection.db.insert(users).values({ openid: 'lost-index-1', appid: 'wx', phone: '13600000002', phoneVerified: true, name: lostOwner.name, cardnum: lostOwner.idcard });
    await hall.connection.db
      .insert(registryCertificates)
      .values({ xzqdm: '130402', qzh: 'Q-INDEX-2', ownerName: lostOwner.name, ownerIdcard: lostOwner.idcard, bdcdyh: 'D2', zl: '二号', yt: '住宅', mj: '80' });

    await restartWithIndexKeys(B);
    expect(await accountOfProvedPhone(hall.connection.db, '13600000002')).toBeNull();
    expect(await certificatesOf(lostOwner)).toEqual([]);
    // The row itself still opens: only its index is under the lost key.
    const [row] = await hall.connection.db.select().from(users).where(eq(users.openid, 'lost-index-1'));
    expect(row).toMatchObject({ phone: '13600000002', cardnum: lostOwner.idcard });

    // The rotation takes each index anew from the opened value, so it needs no old index key.
    expect(await pendingValues(hall.connection.pool, 'rotate')).toBe(2);
    expect((await runSealingPass(hall.connection.pool, 'rotate')).remaining).toBe(0);
    expect((await accountOfProvedPhone(hall.connection.db, '13600000002'))?.openid).toBe('lost-index-1');
    expect(await certificatesOf(lostOwner)).toEqual(['Q-INDEX-2']);
  });
});
