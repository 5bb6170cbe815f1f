import type { FulfilmentItem } from '@hall/api';
import { PROPERTY_QUERY_MESSAGES, queryRecordStateText } from '@hall/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type HallApp } from '../../../src/app';
import { connectDatabase, type DatabaseConnection } from '../../../src/db/client';
import { queryRecords } from '../../../src/db/schema';
import type { Env } from '../../../src/env';
import type { HallContext } from '../../../src/context';
import { createContext } from '../../../src/hall';
import { formatShanghaiDateTime } from '../../../src/lib/shanghai-time';
import { resolvePendingRecords } from '../../../src/services/queries/fulfilment/query-resolver';
import { BACK_OFFICE_CASE, BACK_OFFICE_CERTIFICATE, CLIENT, startFakeRegistry, type FakeRegistry } from '../../adapters/fake-registry';
import { fetchTrusting, makeLoopbackTls } from '../../adapters/registry-tls';
import { createTestHall, type TestHall } from '../../hall';

/**
 * A registry outage, against a back-office over HTTPS that the test starts and makes fail: answer 500,
 * or take the call and never answer. Short settings make hours of backoff run in seconds: a 300 ms
 * timeout, a first wait of 200 ms doubling to at most 800 ms.
 */
const SHORT: Partial<Env> = { REGISTRY_TIMEOUT_MS: 300, HALL_REGISTRY_RETRY_FIRST_MS: 200, HALL_REGISTRY_RETRY_MAX_MS: 800 };
const LIST = '/online/admin/api/fulfilment/list';
const ANSWER = '/online/admin/api/fulfilment/answer';
const LOOKUP_500 = 'registry POST /certificates/lookup: HTTP 500';

let tls: ReturnType<typeof makeLoopbackTls>;
let fake: FakeRegistry;
let base: TestHall;
let context: HallContext;
let app: HallApp;
let citizen: string;
let counter: string;
const connections: DatabaseConnection[] = [];

/** A hall process on the test's database, reaching the back-office over HTTPS with the settings given. */
async function hallProcess(settings: Partial<Env> = {}, connection: Pick<DatabaseConnection, 'db' | 'pool'> = base.connection): Promise<HallContext> {
  const env: Env = { ...base.env, REGISTRY_URL: fake.url, REGISTRY_CLIENT_ID: CLIENT.id, REGISTRY_CLIENT_SECRET: CLIENT.secret, ...SHORT, ...settings };
  return createContext({ env, db: connection.db, pool: connection.pool, filesDir: base.filesDir, fetch: fetchTrusting(tls.ca) });
}

beforeAll(async () => {
  tls = makeLoopbackTls();
  fake = await startFakeRegistry({ tls });
  base = await createTestHall({ HALL_QUERY_POLL_MS: 0 });
  context = await hallProcess();
  app = await buildApp(context);
  await app.ready();
  // The quick citizen is 王五 11010519491231002X, the owner of the back-office's certificate.
  citizen = await base.quickCitizen('outage-owner');
  counter = await base.operator('counter');
});
afterAll(async () => {
  await app?.close();
  for (const connection of connections) await connection.close();
  await base?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.behave('documented');
  fake.exchanges.length = 0;
});

async function post(url: string, payload: object, cookie = citizen) {
  const response = await app.inject({ method: 'POST', url, payload, headers: { cookie } });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

async function ask(): Promise<string> {
  const { status, body } = await post('/online/query/wx/zsquery', { username: '王五', zjh: '11010519491231002X', qzh: BACK_OFFICE_CERTIFICATE.qzh, xzqmc: '邯郸市', xzqdm: '130400' });
  expect(status, JSON.stringify(body)).toBe(200);
  return (body.data as { ID: string }).ID;
}

const row = async (id: string) =>
  (
    await base.connection.db
      .select()
      .from(queryRecords)
      .where(eq(queryRecords.id, Number(id)))
  )[0]!;

/** The record as the citizen's certificate list shows it. */
async function citizenSees(id: string) {
  const list = (await post('/online/wx/apilist/getZsRecord', {})).body.data as Array<{ ID: string; state: number; state_msg: string }>;
  return list.find((entry) => entry.ID === id);
}

/** The record in 查询办理, as the counter operator lists it. */
async function inQueue(id: string): Promise<FulfilmentItem | undefined> {
  const { status, body } = await post(LIST, {}, counter);
  expect(status).toBe(200);
  return (body.data as { items: FulfilmentItem[] }).items.find((item) => item.id === id);
}

/** Waits until the record's next try is due. */
async function untilDue(id: string): Promise<void> {
  const next = (await row(id)).nextAttemptAt;
  if (next) await new Promise((resolve) => setTimeout(resolve, Math.max(0, next.getTime() - Date.now()) + 20));
}

/** The wait the last failure set: from the failed try to the next. */
const waitAfterLastTry = (record: Awaited<ReturnType<typeof row>>) => record.nextAttemptAt!.getTime() - record.lastAttemptAt!.getTime();

describe('a registry that answers 500, then recovers', () => {
  it('keeps the query pending (查询中) and in 查询办理 with its last error, tries again after 200, 400, 800, 800 ms, and the citizen gets the real answer after recovery', async () => {
    fake.behave('failing');
    const id = await ask();
    expect(await resolvePendingRecords(context)).toBe(0);
    const first = await row(id);
    expect(first).toMatchObject({ state: 0, stateMsg: '查询中', attempts: 1, lastError: LOOKUP_500 });
    expect(waitAfterLastTry(first)).toBe(200);

    // Not due yet: a pass right after asks the registry nothing.
    expect(await resolvePendingRecords(context)).toBe(0);
    expect(fake.exchanges.map((e) => `${e.method} ${e.operationPath} ${e.status}`)).toEqual(['POST /certificates/lookup 500']);

    expect(await citizenSees(id)).toMatchObject({ state: 0, state_msg: '查询中' });
    expect(await inQueue(id)).toMatchObject({
      attempts: 1,
      lastError: LOOKUP_500,
      lastTriedAt: formatShanghaiDateTime(first.lastAttemptAt),
      nextTryAt: formatShanghaiDateTime(first.nextAttemptAt),
    });

    const waits: number[] = [];
    for (let tries = 2; tries <= 4; tries += 1) {
      await untilDue(id);
      expect(await resolvePendingRecords(context)).toBe(0);
      const record = await row(id);
      expect(record).toMatchObject({ state: 0, attempts: tries, lastError: LOOKUP_500 });
      waits.push(waitAfterLastTry(record));
    }
    expect(waits).toEqual([400, 800, 800]);
    expect(fake.exchanges).toHaveLength(4);
    expect(await citizenSees(id)).toMatchObject({ state: 0, state_msg: '查询中' });

    fake.behave('documented');
    await untilDue(id);
    expect(await resolvePendingRecords(context)).toBe(1);
    expect(await citizenSees(id)).toMatchObject({ state: 20, state_msg: '查询成功' });
    expect(await row(id)).toMatchObject({ attempts: 5, nextAttemptAt: null });
    expect(await inQueue(id)).toBeUndefined();
  });
});

describe('a registry that takes the call and never answers', () => {
  it('is one failed try of REGISTRY_TIMEOUT_MS, and an operator answers while the hall retries, even during a try', async () => {
    fake.behave('hanging');
    const id = await ask();
    const started = Date.now();
    expect(await resolvePendingRecords(context)).toBe(0);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(300);
    expect(took).toBeLessThan(2000);
    expect(await row(id)).toMatchObject({ state: 0, attempts: 1, lastError: 'registry POST /certificates/lookup: no answer within 300 ms' });
    expect((await inQueue(id))?.lastError).toBe('registry POST /certificates/lookup: no answer within 300 ms');

    // The next try hangs too; the operator answers meanwhile. The answer waits for the try to let go
    // of the record (at most the timeout) and is kept; the try's failure is counted and changes nothing else.
    await untilDue(id);
    const pass = resolvePendingRecords(context);
    while (fake.exchanges.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    const answered = await post(ANSWER, { id, answer: { type: 'notFound' } }, counter);
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(await pass).toBe(0);
    const notFound = queryRecordStateText(21);
    expect(await row(id)).toMatchObject({ state: 21, stateMsg: notFound, attempts: 2, nextAttemptAt: null });
    expect(await citizenSees(id)).toMatchObject({ state: 21, state_msg: notFound });

    // Recovered: the answered record is not asked about again.
    fake.behave('documented');
    expect(await resolvePendingRecords(context)).toBe(0);
    expect(fake.exchanges).toHaveLength(2);
  });
});

describe('after the retry window', () => {
  it('the registry is not asked again and the query stays pending with the operators, never 21 查询失败', async () => {
    // A window of one second: a first wait of 400 ms, then 800 ms would pass it.
    const windowed = await hallProcess({ HALL_REGISTRY_RETRY_HOURS: 1 / 3600, HALL_REGISTRY_RETRY_FIRST_MS: 400 });
    fake.behave('failing');
    const id = await ask();
    for (let tries = 0; tries < 4 && (await row(id)).nextAttemptAt !== null; tries += 1) {
      await untilDue(id);
      await resolvePendingRecords(windowed);
    }
    const record = await row(id);
    expect(record).toMatchObject({ state: 0, stateMsg: '查询中', nextAttemptAt: null, lastError: LOOKUP_500 });
    expect(record.attempts).toBeGreaterThanOrEqual(1);
    expect(await citizenSees(id)).toMatchObject({ state: 0, state_msg: '查询中' });
    expect(await inQueue(id)).toMatchObject({ attempts: record.attempts, lastError: LOOKUP_500, nextTryAt: '' });

    fake.behave('documented');
    const asked = fake.exchanges.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await resolvePendingRecords(windowed)).toBe(0);
    expect(fake.exchanges).toHaveLength(asked);

    const entered = { qzh: BACK_OFFICE_CERTIFICATE.qzh, bdcdyh: BACK_OFFICE_CERTIFICATE.bdcdyh, zl: BACK_OFFICE_CERTIFICATE.zl, yt: '住宅', mj: '88.20' };
    const answered = await post(ANSWER, { id, answer: { type: 'certificate', certificate: entered } }, counter);
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(await citizenSees(id)).toMatchObject({ state: 20, state_msg: '查询成功' });
  });
});

describe('several hall processes during an outage', () => {
  it('never ask the registry about one record twice at once: three hanging records, two processes, three calls', async () => {
    const connection = connectDatabase(base.databaseUrl, 5);
    connections.push(connection);
    // A long first wait, so that every call here is a first try.
    const one = await hallProcess({ HALL_REGISTRY_RETRY_FIRST_MS: 60_000 });
    const two = await hallProcess({ HALL_REGISTRY_RETRY_FIRST_MS: 60_000 }, connection);
    fake.behave('hanging');
    const ids = [await ask(), await ask(), await ask()];
    const resolved = await Promise.all([resolvePendingRecords(one), resolvePendingRecords(two)]);
    expect(resolved).toEqual([0, 0]);
    expect(fake.exchanges).toHaveLength(3);
    for (const id of ids) expect(await row(id)).toMatchObject({ state: 0, attempts: 1 });
    // They wait for their next try; an operator closes them here so later passes leave them alone.
    for (const id of ids) expect((await post(ANSWER, { id, answer: { type: 'notFound' } }, counter)).status).toBe(200);
  });
});

describe('identifiers that become part of a registry address', () => {
  it.each(['..', '.', '/x', 'x/', '%2e%2e', '%2E%2E/x', 'HD1/../..', 'HD1?x=1', 'HD1#x'])('the progress query for %j answers 查询无数据 and asks the registry nothing', async (appPlosh) => {
    const { status, body } = await post('/online/wx/apilist/querySearch', { reqseq: 'r', appPlosh });
    expect({ status, body }).toEqual({ status: 200, body: { errcode: '01', errmsg: '查询无数据' } });
    expect(fake.exchanges).toEqual([]);
  });
});

describe('a registry failure while the citizen waits', () => {
  it.each(['failing', 'hanging'] as const)('registry %s: the progress query answers 查询无数据 and the certificate lookup sends the citizen to the counter, never a 5xx', async (behaviour) => {
    fake.behave(behaviour);
    const progress = await post('/online/wx/apilist/querySearch', { reqseq: 'r', appPlosh: BACK_OFFICE_CASE.serialNumber });
    expect(progress).toEqual({ status: 200, body: { errcode: '01', errmsg: '查询无数据' } });
    const lookup = await post('/online/public/search/relationfilesearch', { bdcqzh: BACK_OFFICE_CERTIFICATE.qzh, selecttype: '8' });
    expect(lookup).toEqual({ status: 200, body: { state: 0, msg: PROPERTY_QUERY_MESSAGES.registryUnavailable, errmsg: PROPERTY_QUERY_MESSAGES.registryUnavailable } });
    // A case the hall accepted itself (HD2026110001, one of the demo cases) is still followed.
    const own = await post('/online/wx/apilist/querySearch', { reqseq: 'r', appPlosh: 'HD2026110001' });
    expect(own.body).toMatchObject({ errcode: '00', data: [{ serialNumber: 'HD2026110001', activityName: '审核' }] });
    expect(fake.exchanges.map((e) => e.operationPath)).toEqual(['/cases/{acceptanceNumber}', '/certificates/lookup', '/cases/{acceptanceNumber}']);
  });

  it('recovered, both answer from the registry', async () => {
    const progress = await post('/online/wx/apilist/querySearch', { reqseq: 'r', appPlosh: BACK_OFFICE_CASE.serialNumber });
    expect(progress.body).toMatchObject({ errcode: '00', data: [{ serialNumber: BACK_OFFICE_CASE.serialNumber }] });
    const lookup = await post('/online/public/search/relationfilesearch', { bdcqzh: BACK_OFFICE_CERTIFICATE.qzh, selecttype: '8' });
    expect(lookup.body).toMatchObject({ state: 1, data: { qlr: '王五' } });
  });
});
