import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/client';
import { startEmbeddedDatabase, PASSWORD_FILE } from '../src/db/embedded';
import { migrateDatabase } from '../src/db/migrate';
import { businesses, menus, operatorAccounts, queryRecords, registryCases, registryCertificates, sessions, users } from '../src/db/schema';
import { seedHall } from '../src/seed';
import { readEnv } from '../src/env';
import { DEMO_NOTICE } from '../src/lib/html';
import { randomId } from '../src/lib/ids';
import { missingProductionSettings } from '../src/mode';
import { resolvePendingRecords } from '../src/services/queries/fulfilment/query-resolver';
import { SESSION_LIFETIME_MS } from '../src/services/session/sessions';
import { LocalFileStorage } from '../src/storage/file-storage';
import { createTestHall, PRODUCTION_ENV, type TestHall } from './hall';
import { createDatabase, dropDatabase, freshDatabaseName } from './databases';
import { OWNER, queryForm } from './query-helpers';

const serverRoot = join(import.meta.dirname, '..');

describe('starting in production mode', () => {
  it('refuses to start without a FaceID key, naming it, and starts no database', () => {
    const { FACEID_SECRET_KEY: _omitted, ...env } = PRODUCTION_ENV;
    const dataDir = join(tmpdir(), `hall-never-${randomId(6)}`);
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH, ...env, HALL_DATA_DIR: dataDir, PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('FACEID_SECRET_KEY');
    expect(run.stderr).not.toContain('WECHAT_APPID');
    expect(run.stdout).not.toContain('已启动');
  });

  it('names every missing setting, and production is what an unset HALL_MODE means', () => {
    expect(readEnv({}).HALL_MODE).toBe('production');
    expect(missingProductionSettings(readEnv({})).map((s) => s.name)).toEqual([
      'HALL_PUBLIC_URL',
      'WECHAT_APPID',
      'WECHAT_SECRET',
      'FACEID_SECRET_ID',
      'FACEID_SECRET_KEY',
      'FACEID_RULE_ID',
      'SMS_API_URL',
      'SMS_API_KEY',
      'HALL_SIGNING_P12',
      'HALL_DATA_KEY',
      'HALL_DATA_INDEX_KEY',
    ]);
    expect(missingProductionSettings(readEnv({ ...PRODUCTION_ENV }))).toEqual([]);
    expect(missingProductionSettings(readEnv({ HALL_MODE: 'demo' }))).toEqual([]);
  });
});

describe('a production hall', () => {
  let hall: TestHall;
  beforeAll(async () => {
    hall = await createTestHall({ ...readEnv({ ...PRODUCTION_ENV, LOG_LEVEL: 'silent' }), HALL_QUERY_POLL_MS: 0 });
  });
  afterAll(() => hall.close());

  it.each([
    ['GET', '/simulator/wechat/connect/oauth2/authorize?appid=x&redirect_uri=https%3A%2F%2Fbdc.example.gov.cn%2F'],
    ['POST', '/simulator/wechat/connect/oauth2/authorize'],
    ['GET', '/simulator/wechat/sns/oauth2/access_token?appid=x&secret=y&code=z&grant_type=authorization_code'],
    ['GET', '/simulator/wechat/cgi-bin/token'],
    ['GET', '/simulator/sms/inbox?phone=13812341234&format=json'],
    ['GET', '/simulator/faceid?BizToken=abc'],
    ['POST', '/simulator/faceid'],
  ] as const)('has no stand-in route: %s %s', async (method, url) => {
    const response = await hall.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(response.statusCode).toBe(404);
  });

  it('uses the real adapters', () => {
    expect(hall.app.hall.simulators).toEqual({ wechat: false, sms: false, faceid: false, oidc: false });
    expect(hall.app.hall.certificateRegistry.answers).toBe(false);
  });

  it('leaves certificate queries pending when no registry answers them', async () => {
    const openid = 'production-citizen';
    await hall.connection.db.insert(users).values({ openid, name: OWNER.name, cardnum: OWNER.idcard, phone: '13812341234', realNameAuth: 1 });
    const sessionId = randomId();
    await hall.connection.db.insert(sessions).values({ id: sessionId, openid, state: 'active', expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) });
    const cookie = `hall_sid=${hall.app.signCookie(sessionId)}`;
    const origin = { origin: PRODUCTION_ENV.HALL_PUBLIC_URL };
    const response = await hall.app.inject({ method: 'POST', url: '/online/query/wx/zsquery', payload: queryForm(), headers: { cookie, ...origin } });
    expect(response.statusCode, response.body).toBe(200);
    const id = Number((response.json() as { data: { ID: string } }).data.ID);
    await resolvePendingRecords(hall.app.hall);
    const [row] = await hall.connection.db.select().from(queryRecords).where(eq(queryRecords.id, id));
    expect(row).toMatchObject({ state: 0, fileId: null });
  });
});

describe('the seed', () => {
  const database = freshDatabaseName('hall_seed_');
  let connection: ReturnType<typeof connectDatabase>;
  beforeAll(async () => {
    connection = connectDatabase(await createDatabase(database), 2);
    await migrateDatabase(connection.pool, connection.db);
  });
  afterAll(async () => {
    await connection.close();
    await dropDatabase(database);
  });

  const rows = async (table: typeof operatorAccounts | typeof users | typeof registryCertificates | typeof registryCases | typeof menus | typeof businesses) =>
    (await connection.db.select({ n: count() }).from(table))[0]!.n;

  it('of a production hall holds its configuration but no demo person and no demo registry record', async () => {
    await seedHall(connection.pool, connection.db, 'production');
    expect(await rows(operatorAccounts)).toBe(0);
    expect(await rows(users)).toBe(0);
    expect(await rows(registryCertificates)).toBe(0);
    expect(await rows(registryCases)).toBe(0);
    expect(await rows(menus)).toBeGreaterThan(0);
    expect(await rows(businesses)).toBeGreaterThan(0);
  });

  it('of the demo adds one operator account per role and the demo registry', async () => {
    await seedHall(connection.pool, connection.db, 'demo');
    expect(await rows(operatorAccounts)).toBe(4);
    expect(await rows(registryCertificates)).toBeGreaterThan(0);
  });
});

describe('the stand-in pages of the demo hall', () => {
  let hall: TestHall;
  beforeAll(async () => {
    hall = await createTestHall();
  });
  afterAll(() => hall.close());

  it.each([
    '/simulator/sms/inbox',
    `/simulator/wechat/connect/oauth2/authorize?appid=wxhallsimulator0001&redirect_uri=${encodeURIComponent('http://localhost/')}&response_type=code&scope=snsapi_base&state=s`,
  ])('%s says it is a demo', async (url) => {
    const response = await hall.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(DEMO_NOTICE);
  });
});

describe('the data folder', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'hall-data-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('keeps a random database password for its owner only, the same at the next start', async () => {
    const first = await startEmbeddedDatabase(folder);
    await first.stop();
    const password = (await readFile(join(folder, PASSWORD_FILE), 'utf8')).trim();
    expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.ownerUrl).toContain(`:${password}@`);
    expect((await stat(join(folder, PASSWORD_FILE))).mode & 0o777).toBe(0o600);
    expect((await stat(folder)).mode & 0o077 & ~0o011).toBe(0);
    const second = await startEmbeddedDatabase(folder);
    try {
      expect(second.ownerUrl).toContain(`:${password}@`);
      const client = new pg.Client({ connectionString: second.ownerUrl.replace(`:${password}@`, ':hall@') });
      await expect(client.connect()).rejects.toThrow(/password authentication failed/);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('gives a folder made when the password was always "hall" a random one at its next start', async () => {
    // Make the folder look like one from before: the old password, and no password file.
    const current = await startEmbeddedDatabase(folder);
    const admin = new pg.Client({ connectionString: current.ownerUrl });
    await admin.connect();
    await admin.query("ALTER ROLE hall PASSWORD 'hall'");
    await admin.end();
    await current.stop();
    await rm(join(folder, PASSWORD_FILE));

    const upgraded = await startEmbeddedDatabase(folder);
    try {
      const password = (await readFile(join(folder, PASSWORD_FILE), 'utf8')).trim();
      expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const client = new pg.Client({ connectionString: upgraded.ownerUrl });
      await client.connect();
      expect((await client.query('SELECT current_user AS who')).rows[0]).toEqual({ who: 'hall' });
      await client.end();
      const old = new pg.Client({ connectionString: upgraded.ownerUrl.replace(`:${password}@`, ':hall@') });
      await expect(old.connect()).rejects.toThrow(/password authentication failed/);
    } finally {
      await upgraded.stop();
    }
  }, 120_000);

  it('stores files that other local users cannot read', async () => {
    const storage = await LocalFileStorage.open(join(folder, 'files'));
    const saved = await storage.save(Readable.from([Buffer.from('%PDF-1.7 test')]));
    expect((await stat(join(folder, 'files'))).mode & 0o777).toBe(0o700);
    expect((await stat(storage.pathOf(saved.key))).mode & 0o777).toBe(0o600);
  });
});
