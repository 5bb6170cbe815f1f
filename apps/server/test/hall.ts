import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import pg from 'pg';
import { buildApp, type HallApp } from '../src/app';
import { connectDatabase, type DatabaseConnection } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { readEnv, type Env } from '../src/env';
import { createContext } from '../src/hall';
import { randomId } from '../src/lib/ids';
import type { OperatorRole } from '@hall/domain';
import { operatorAccounts, operatorSessions, sessions, users } from '../src/db/schema';
import { DEMO_OPERATOR_PASSWORD } from '../src/seed/operators';
import { NO_PASSWORD } from '../src/services/operators/accounts';
import { productionSigningFiles } from './signing-helpers';
import { createDatabase, dropDatabase, freshDatabaseName } from './databases';
import { TEST_DATA_INDEX_KEY, TEST_DATA_KEY } from './data-keys';

/** WeChat's own browser on Android: the hall sends it to WeChat's sign-in whatever else it offers. */
export const WECHAT_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN';

/** Every setting a production hall needs, with stand-in values (nothing here calls out). */
export const PRODUCTION_ENV = {
  HALL_MODE: 'production',
  HALL_PUBLIC_URL: 'https://bdc.example.gov.cn',
  WECHAT_APPID: 'wx0123456789abcdef',
  WECHAT_SECRET: 'wechat-secret',
  FACEID_SECRET_ID: 'faceid-id',
  FACEID_SECRET_KEY: 'faceid-key',
  FACEID_RULE_ID: '1',
  SMS_API_URL: 'https://sms.example.cn/send',
  SMS_API_KEY: 'sms-key',
  HALL_DATA_KEY: TEST_DATA_KEY,
  HALL_DATA_INDEX_KEY: TEST_DATA_INDEX_KEY,
  // The signing identity is real files, made on first use (test/signing-helpers.ts).
  get HALL_SIGNING_KEY() {
    return productionSigningFiles().key;
  },
  get HALL_SIGNING_CHAIN() {
    return productionSigningFiles().chain;
  },
} as const;

export interface TestHall {
  app: HallApp;
  connection: DatabaseConnection;
  /** This hall's database, for a second app on the same data (a restart). */
  databaseUrl: string;
  env: Env;
  /** This hall's file storage folder: a fresh temporary folder, removed on close. */
  filesDir: string;
  /** Signs in through the WeChat simulator and the whole bootstrap; returns the session cookie. */
  login(openid: string, nickname?: string): Promise<string>;
  /**
   * A signed-in citizen made straight in the database (many at once, without the sign-in's rate
   * limit): a complete, real-name verified profile unless `profile` says otherwise. Answers the cookie.
   */
  quickCitizen(openid: string, profile?: Partial<typeof users.$inferInsert>): Promise<string>;
  /** Signs in to the console with a password (the demo's by default) through signIn; answers the console cookie. */
  operator(username: string, password?: string): Promise<string>;
  /** An operator account with these roles (and 姓名, else the account name) made straight in the database, signed in; answers the console cookie. */
  quickOperator(username: string, roles: OperatorRole[], displayName?: string): Promise<string>;
  /** POSTs JSON with a session cookie. */
  post(path: string, body: unknown, cookie?: string): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/**
 * Routes the server's own outgoing calls (to its simulators) into the app in-process, with their
 * method, headers and body. A server the test itself started on this machine (another port of a
 * loopback address, an OpenID provider) is called over the network.
 */
function injectFetch(getApp: () => HallApp): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (['127.0.0.1', 'localhost'].includes(url.hostname) && url.port && url.port !== String(getApp().hall.env.PORT)) return fetch(input, init);
    const response = await getApp().inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: { host: url.host, ...(init?.headers ? Object.fromEntries(new Headers(init.headers)) : {}) },
      ...(init?.body ? { payload: String(init.body) } : {}),
    });
    return new Response(response.rawPayload, { status: response.statusCode, headers: response.headers as Record<string, string> });
  }) as typeof fetch;
}

export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/**
 * The hall of one test file: created before its tests (before the file's own beforeAll hooks, which
 * may use it) and closed after them. It answers as the created hall; asking before it exists is a
 * mistake in the test, and says so.
 */
export function testHallForFile(...args: Parameters<typeof createTestHall>): TestHall {
  let hall: TestHall | undefined;
  beforeAll(async () => {
    hall = await createTestHall(...args);
  });
  afterAll(() => hall?.close());
  return new Proxy({} as TestHall, {
    get(_target, key) {
      if (!hall) throw new Error('the test asked for its hall before the hall was created');
      const value: unknown = Reflect.get(hall, key);
      return typeof value === 'function' ? value.bind(hall) : value;
    },
  });
}

/**
 * A database client of its own on the file's hall, writing as another server process would: nothing
 * in the hall's process hears of its changes. Connected before the file's tests, ended after them.
 */
export function otherClientForFile(hall: TestHall): { query(text: string, values?: unknown[]): Promise<pg.QueryResult> } {
  let client: pg.Client | undefined;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: hall.databaseUrl });
    await client.connect();
  });
  afterAll(() => client?.end());
  return {
    query(text, values) {
      if (!client) throw new Error('the test asked for its other client before it was connected');
      return client.query(text, values);
    },
  };
}

/**
 * A fresh database cloned from the migrated, seeded template, and the app on it; with `empty`, a
 * database that is only migrated (nothing seeded: no site, hall, business or operator).
 */
export async function createTestHall(overrides: Partial<Env> = {}, options: { empty?: boolean } = {}): Promise<TestHall> {
  const database = freshDatabaseName('hall_t_');
  const databaseUrl = await createDatabase(database, options.empty ? undefined : inject('templateDatabase'));
  const connection = connectDatabase(databaseUrl, 5);
  if (options.empty) await migrateDatabase(connection.pool, connection.db);
  // A data folder of its own: the demo hall makes its signing identity there.
  const dataDir = await mkdtemp(join(tmpdir(), 'hall-test-data-'));
  const env = { ...readEnv({ LOG_LEVEL: 'silent', HALL_MODE: 'demo', HALL_REPLY_CHECK: 'on', HALL_SIGN_IN: 'wechat' }), HALL_DATA_DIR: dataDir, ...overrides };
  const appRef: { current?: HallApp } = {};
  const filesDir = await mkdtemp(join(tmpdir(), 'hall-test-files-'));
  const hall = await createContext({ env, db: connection.db, pool: connection.pool, fetch: injectFetch(() => appRef.current!), filesDir });
  const app = await buildApp(hall);
  appRef.current = app;
  await app.ready();

  async function post(path: string, body: unknown, cookie?: string) {
    const response = await app.inject({ method: 'POST', url: path, payload: body as object, headers: cookie ? { cookie } : {} });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  }

  async function login(openid: string, nickname = '测试市民'): Promise<string> {
    // As a browser does: the hall sends it to WeChat with a state bound to it by a cookie, and it comes back with both.
    const start = await app.inject({ method: 'POST', url: '/wechat/api/outh2/authorize', payload: {}, headers: { 'user-agent': WECHAT_USER_AGENT } });
    const stateCookie = cookieFrom(start.headers['set-cookie']);
    const state = new URL((start.json() as { url: string }).url, 'http://localhost').searchParams.get('state')!;
    const authorizePage = await app.inject({
      method: 'POST',
      url: '/simulator/wechat/connect/oauth2/authorize',
      payload: new URLSearchParams({ appid: hall.wechat.appid, redirect_uri: 'http://localhost/', scope: 'snsapi_userinfo', state, openid, nickname }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const code = new URL(authorizePage.headers.location as string).searchParams.get('code')!;
    const authorize = await app.inject({ method: 'POST', url: '/wechat/api/outh2/authorize', payload: { code, state }, headers: { cookie: stateCookie } });
    let cookie = cookieFrom(authorize.headers['set-cookie']);
    const step = (authorize.json() as { msg: string }).msg === 'newUser' ? 'newuser' : 'olduser';
    await app.inject({ method: 'POST', url: `/wechat/api/wechatuser/${step}`, payload: {}, headers: { cookie } });
    const refresh = await app.inject({ method: 'POST', url: '/wechat/api/outh2/refresh', payload: {}, headers: { cookie } });
    cookie = cookieFrom(refresh.headers['set-cookie']);
    return cookie;
  }

  async function quickCitizen(openid: string, profile: Partial<typeof users.$inferInsert> = {}): Promise<string> {
    await connection.db.insert(users).values({ openid, name: '王五', cardnum: '11010519491231002X', phone: '13812341234', realNameAuth: 1, xzqdm: '130400', ...profile });
    const id = randomId();
    await connection.db.insert(sessions).values({ id, openid, state: 'active', expiresAt: new Date(Date.now() + 3_600_000) });
    return `hall_sid=${encodeURIComponent(app.signCookie(id))}`;
  }

  async function operator(username: string, password = DEMO_OPERATOR_PASSWORD): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/online/admin/api/signIn', payload: { username, password } });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${username} refused: ${response.body}`);
    return cookieFrom(response.headers['set-cookie']);
  }

  async function quickOperator(username: string, roles: OperatorRole[], displayName = username): Promise<string> {
    const [account] = await connection.db.insert(operatorAccounts).values({ username, displayName, roles, passwordHash: NO_PASSWORD, mustChangePassword: false }).returning();
    const id = randomId();
    await connection.db.insert(operatorSessions).values({ id, operatorId: account!.id, method: 'password', expiresAt: new Date(Date.now() + 3_600_000) });
    return `hall_operator_sid=${encodeURIComponent(app.signCookie(id))}`;
  }

  return {
    app,
    connection,
    quickCitizen,
    operator,
    quickOperator,
    databaseUrl,
    env,
    filesDir,
    login,
    post,
    async close() {
      await app.close();
      await connection.close();
      await dropDatabase(database);
      await rm(filesDir, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
