import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type HallApp } from '../../src/app';
import { DemoRegistry } from '../../src/adapters/registry/demo';
import { HttpRegistry } from '../../src/adapters/registry/http';
import { OperatorRegistry } from '../../src/adapters/registry/operator';
import type { Registry } from '../../src/adapters/registry/registry';
import { selectRegistry } from '../../src/adapters/registry/select';
import type { HallContext } from '../../src/context';
import type { Database } from '../../src/db/client';
import { registryCases } from '../../src/db/schema';
import { readEnv } from '../../src/env';
import { createContext } from '../../src/hall';
import { findCaseProgress } from '../../src/services/queries/archive/progress';
import { resolvePendingRecords } from '../../src/services/queries/fulfilment/query-resolver';
import { createTestHall, PRODUCTION_ENV, type TestHall } from '../hall';
import { BACK_OFFICE_CASE, BACK_OFFICE_CERTIFICATE, CLIENT, startFakeRegistry, type FakeRegistry } from './fake-registry';

const NO_DATABASE = {} as Database;
const BACK_OFFICE = { REGISTRY_URL: 'https://registry.example.gov.cn/hall-api/v1', REGISTRY_CLIENT_ID: 'id', REGISTRY_CLIENT_SECRET: 'secret' };

describe('which registry a hall uses', () => {
  const select = (settings: Record<string, string>) => selectRegistry({ env: readEnv({ ...PRODUCTION_ENV, ...settings }), db: NO_DATABASE, fetch });

  it('demo without a back-office: the demo registry; production without one: operators, so queries wait', () => {
    expect(select({ HALL_MODE: 'demo' })).toBeInstanceOf(DemoRegistry);
    const production = select({});
    expect(production).toBeInstanceOf(OperatorRegistry);
    expect(production.answers).toBe(false);
  });

  it('a configured back-office wins in both modes, with the default timeout of 10 s', () => {
    for (const mode of ['demo', 'production']) {
      const registry = select({ HALL_MODE: mode, ...BACK_OFFICE });
      expect(registry).toBeInstanceOf(HttpRegistry);
      expect(registry.answers).toBe(true);
    }
    expect(readEnv({ ...BACK_OFFICE }).REGISTRY_TIMEOUT_MS).toBe(10_000);
  });

  it('refuses a back-office without its credentials, or over plain HTTP to another machine', () => {
    expect(() => select({ REGISTRY_URL: BACK_OFFICE.REGISTRY_URL })).toThrow(/REGISTRY_CLIENT_ID and REGISTRY_CLIENT_SECRET are required/);
    expect(() => select({ ...BACK_OFFICE, REGISTRY_URL: 'http://registry.example.gov.cn/' })).toThrow(/https/);
  });
});

describe('a hall with REGISTRY_URL, against the back-office on loopback', () => {
  let fake: FakeRegistry;
  let base: TestHall;
  let context: HallContext;
  let app: HallApp;
  let citizen: string;

  beforeAll(async () => {
    fake = await startFakeRegistry();
    // A first retry wait of 1 ms: a query the back-office failed is due again at once.
    base = await createTestHall({ HALL_QUERY_POLL_MS: 0, HALL_REGISTRY_RETRY_FIRST_MS: 1 });
    // A second app on the same database that reaches out with the real fetch: the test hall's own fetch calls back into the app.
    const env = { ...base.env, REGISTRY_URL: fake.url, REGISTRY_CLIENT_ID: CLIENT.id, REGISTRY_CLIENT_SECRET: CLIENT.secret };
    context = await createContext({ env, db: base.connection.db, pool: base.connection.pool, filesDir: base.filesDir });
    app = await buildApp(context);
    await app.ready();
    // The quick citizen is 王五 11010519491231002X, the owner of the back-office's certificate.
    citizen = await base.quickCitizen('registry-owner');
  });
  afterAll(async () => {
    await app?.close();
    await base?.close();
    await fake?.close();
  });

  const post = async (url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, payload, headers: { cookie: citizen } });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };

  it('uses HttpRegistry, even in demo mode', () => {
    expect(context.mode).toBe('demo');
    expect(context.certificateRegistry).toBeInstanceOf(HttpRegistry);
  });

  it('a certificate query is answered by the back-office, end to end', async () => {
    fake.exchanges.length = 0;
    const submitted = await post('/online/query/wx/zsquery', { username: '王五', zjh: '11010519491231002X', qzh: BACK_OFFICE_CERTIFICATE.qzh, xzqmc: '邯郸市', xzqdm: '130400' });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const id = (submitted.body.data as { ID: string }).ID;
    expect(await resolvePendingRecords(context)).toBe(1);
    expect(fake.exchanges.map((e) => `${e.method} ${e.operationPath} ${e.status}`)).toEqual(['POST /certificates/lookup 200']);
    expect(fake.exchanges[0]!.requestBody).toEqual({ qlr: '王五', zjh: '11010519491231002X', qzh: BACK_OFFICE_CERTIFICATE.qzh, xzqdm: '130400' });

    const list = await post('/online/wx/apilist/getZsRecord', {});
    const record = (list.body.data as Array<{ ID: string; state: number; state_msg: string }>).find((r) => r.ID === id);
    expect(record).toMatchObject({ state: 20, state_msg: '查询成功' });
    const pdf = await app.inject({ method: 'POST', url: '/online/wx/apilist/getDzzzPdf', payload: { id }, headers: { cookie: citizen } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/pdf/);
  });

  it('a back-office that refuses the credentials leaves the query pending for another try', async () => {
    const refused = await createContext({ env: { ...context.env, REGISTRY_CLIENT_SECRET: 'wrong' }, db: base.connection.db, pool: base.connection.pool, filesDir: base.filesDir });
    const submitted = await post('/online/query/wx/zsquery', { username: '王五', zjh: '11010519491231002X', qzh: BACK_OFFICE_CERTIFICATE.qzh, xzqmc: '邯郸市', xzqdm: '130400' });
    const id = (submitted.body.data as { ID: string }).ID;
    expect(await resolvePendingRecords(refused)).toBe(0);
    const record = ((await post('/online/wx/apilist/getZsRecord', {})).body.data as Array<{ ID: string; state: number }>).find((r) => r.ID === id);
    expect(record?.state).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await resolvePendingRecords(context)).toBe(1);
  });

  it('the progress query (querySearch) asks the back-office, then the cases the hall accepted itself', async () => {
    fake.exchanges.length = 0;
    const fromBackOffice = await post('/online/wx/apilist/querySearch', { reqseq: 'r', appPlosh: BACK_OFFICE_CASE.serialNumber });
    expect(fromBackOffice.body).toEqual({
      errcode: '00',
      data: [{ serialNumber: BACK_OFFICE_CASE.serialNumber, name: '王五 转移登记', processName: '转移登记', actStart: '2025-11-20 09:30:00', activityName: '审核' }],
    });
    expect(fake.exchanges.map((e) => `${e.method} ${e.operationPath} ${e.status}`)).toEqual(['GET /cases/{acceptanceNumber} 200']);

    // HD2026110001 is one of the demo cases in registry_cases: unknown to the back-office, known to the hall.
    const fromHall = await post('/online/wx/apilist/querySearch', { reqseq: 'r', appPlosh: 'HD2026110001' });
    expect((fromHall.body.data as Array<{ activityName: string }>)[0]!.activityName).toBe('审核');
    expect(fake.exchanges.at(-1)).toMatchObject({ operationPath: '/cases/{acceptanceNumber}', status: 404 });

    const wrongCase = await post('/online/wx/apilist/querySearch', { reqseq: 'r', appPlosh: BACK_OFFICE_CASE.serialNumber.toLowerCase() });
    expect(wrongCase.body).toEqual({ errcode: '01', errmsg: '查询无数据' });
  });
});

describe('the progress query goes through the registry interface', () => {
  it('asks the registry for the trimmed number and shows its answer in Shanghai time', async () => {
    const asked: string[] = [];
    const registry: Pick<Registry, 'findCaseProgress'> = {
      findCaseProgress: async (number) => {
        asked.push(number);
        return number === 'X1' ? { acceptanceNumber: 'X1', name: '甲 乙', processName: '首次登记', activityName: '登簿', activityStartedAt: new Date('2026-01-01T00:00:00Z') } : null;
      },
    };
    expect(await findCaseProgress(registry, '  X1 ')).toEqual({ serialNumber: 'X1', name: '甲 乙', processName: '首次登记', actStart: '2026-01-01 08:00:00', activityName: '登簿' });
    expect(await findCaseProgress(registry, 'x1')).toBeNull();
    expect(asked).toEqual(['X1', 'x1']);
  });

  it('without a back-office a production hall follows the cases it accepted itself, and only those', async () => {
    const hall = await createTestHall({ ...readEnv({ ...PRODUCTION_ENV, LOG_LEVEL: 'silent' }), HALL_QUERY_POLL_MS: 0 });
    try {
      const registry = hall.app.hall.certificateRegistry;
      expect(registry).toBeInstanceOf(OperatorRegistry);
      // The row review.ts writes when the hall accepts an application (a production hall seeds none).
      await hall.connection.db
        .insert(registryCases)
        .values({ serialNumber: 'HD202611000007', name: '赵六 注销登记', processName: '注销登记', actStart: new Date('2026-11-02T02:00:00Z'), activityName: '受理' });
      expect(await findCaseProgress(registry, 'HD202611000007')).toEqual({
        serialNumber: 'HD202611000007',
        name: '赵六 注销登记',
        processName: '注销登记',
        actStart: '2026-11-02 10:00:00',
        activityName: '受理',
      });
      expect(await findCaseProgress(registry, 'hd202611000007')).toBeNull();
      await expect(registry.findCertificate({ name: '张三', idcard: '130402198503151231', qzh: 'x', xzqdm: '' })).rejects.toThrow(/no registry back-office/);
    } finally {
      await hall.close();
    }
  });
});
