import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase } from '../src/db/client';
import { freePort } from '../src/db/embedded';
import { notificationDeliveries, notifications, users } from '../src/db/schema';
import { notifyCitizen } from '../src/services/notifications/outbox';
import { TEST_DATA_INDEX_KEY, TEST_DATA_KEY } from './data-keys';
import { createDatabase, dropDatabase, freshDatabaseName } from './databases';
import { cookieFrom, WECHAT_USER_AGENT } from './hall';

/**
 * Crash durability: the server and its embedded PostgreSQL are killed with SIGKILL in the middle of
 * a stream of feedback writes; after a restart on the same data folder every write the server had
 * acknowledged is there (fsync stays on, commits are durable before the reply).
 */
const dataDir = await mkdtemp(join(tmpdir(), 'hall-durability-'));
let server: ChildProcess | undefined;

async function startServer(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', HALL_MODE: 'demo', HALL_DATA_DIR: dataDir, LOG_LEVEL: 'error', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function killHard(child: ChildProcess): void {
  const pidFile = join(dataDir, 'pg', 'postmaster.pid');
  const postmaster = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  child.kill('SIGKILL');
  if (postmaster > 0) {
    try {
      process.kill(postmaster, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

async function post(port: number, path: string, body: unknown, cookie = '') {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'user-agent': WECHAT_USER_AGENT },
    body: JSON.stringify(body),
  });
  return { response, body: (await response.json()) as Record<string, unknown> };
}

async function login(port: number, openid: string): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  const started = await post(port, '/wechat/api/outh2/authorize', {});
  const stateCookie = cookieFrom(started.response.headers.getSetCookie());
  const state = new URL(started.body.url as string, base).searchParams.get('state')!;
  const form = new URLSearchParams({ appid: 'wxhallsimulator0001', redirect_uri: `${base}/`, scope: 'snsapi_userinfo', state, openid, nickname: '耐久' });
  const chosen = await fetch(`${base}/simulator/wechat/connect/oauth2/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  const code = new URL(chosen.headers.get('location')!).searchParams.get('code')!;
  const authorized = await post(port, '/wechat/api/outh2/authorize', { code, state }, stateCookie);
  const pending = cookieFrom(authorized.response.headers.getSetCookie());
  await post(port, `/wechat/api/wechatuser/${authorized.body.msg === 'newUser' ? 'newuser' : 'olduser'}`, {}, pending);
  const refreshed = await post(port, '/wechat/api/outh2/refresh', {}, pending);
  return cookieFrom(refreshed.response.headers.getSetCookie());
}

afterAll(async () => {
  if (server && server.exitCode === null) killHard(server);
  await new Promise((r) => setTimeout(r, 500));
  await rm(dataDir, { recursive: true, force: true });
});

describe('durability', () => {
  it('keeps every acknowledged feedback write across a SIGKILL of the server and its database', async () => {
    const port = await freePort();
    server = await startServer(port);
    // Several citizens write at once: each session is rate-limited, the stream as a whole is not.
    const citizens = ['durable-1', 'durable-2', 'durable-3', 'durable-4'];
    const cookies = await Promise.all(citizens.map((openid) => login(port, openid)));

    const acknowledged: { citizen: number; content: string }[] = [];
    let stop = false;
    const writers = cookies.map(async (cookie, citizen) => {
      for (let i = 0; !stop && i < 20; i++) {
        const content = `第${citizen}-${i}条意见：办事大厅很方便`;
        try {
          const { body } = await post(port, '/online/wx/apilist/addSugge', { content }, cookie);
          if (body.webstate === 1) acknowledged.push({ citizen, content });
        } catch {
          return; // the server is gone
        }
      }
    });
    const deadline = Date.now() + 60_000;
    while (acknowledged.length < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    killHard(server);
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    server = await startServer(port);
    // The session lives in the database too, so the old cookie still works after the crash.
    const stored = new Set<string>();
    for (const cookie of cookies) {
      const { body } = await post(port, '/online/wx/apilist/getSuggeList', {}, cookie);
      for (const item of (body.data ?? []) as { yjnrstr: string }[]) stored.add(item.yjnrstr);
    }
    const lost = acknowledged.filter(({ content }) => !stored.has(content));
    expect(lost).toEqual([]);
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }, 240_000);

  it('a hall killed with SIGKILL in the middle of sending notifications loses none; after a restart each is in the 消息中心 once and reaches the SMS provider at least once, under one key', async () => {
    // A stand-in SMS provider the test runs: it records each message's key and answers slowly, so the kill lands mid-send.
    const received: string[] = [];
    let answerAfterMs = 30_000;
    const provider = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push((JSON.parse(body) as { id: string }).id);
        setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'), answerAfterMs);
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const smsUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/send`;
    // The hall's database, on the test server, so the test writes the changes' notifications and reads the outcome itself.
    const database = freshDatabaseName('hall_kill_');
    const databaseUrl = await createDatabase(database, inject('templateDatabase'));
    const connection = connectDatabase(databaseUrl, 3);
    const port = await freePort();
    const env = {
      HALL_DATA_DIR: await mkdtemp(join(tmpdir(), 'hall-kill-')),
      DATABASE_URL: databaseUrl,
      SMS_API_URL: smsUrl,
      SMS_API_KEY: 'kill-test',
      HALL_NOTIFY_CHANNELS: 'sms',
      HALL_NOTIFY_POLL_MS: '200',
      // The template database was sealed under the test keys; the hall must open what it holds.
      HALL_DATA_KEY: TEST_DATA_KEY,
      HALL_DATA_INDEX_KEY: TEST_DATA_INDEX_KEY,
    };
    try {
      const COUNT = 30;
      const citizens = Array.from({ length: COUNT }, (_, index) => `kill-citizen-${index}`);
      await connection.db.insert(users).values(citizens.map((openid, index) => ({ openid, name: '耐久', phone: `1390000${String(index).padStart(4, '0')}` })));
      // Each written as a change writes it: notifyCitizen inside the change's transaction.
      for (const [index, openid] of citizens.entries())
        await connection.db.transaction((tx) =>
          notifyCitizen(tx, { openid, event: 'feedbackReplied', subject: `feedback:kill-${index}`, body: `您的反馈已收到回复：第${index}条`, link: '/feedBackDetail?id=1' }),
        );

      server = await startServer(port, env);
      const deadline = Date.now() + 60_000;
      while (received.length < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(received.length).toBeGreaterThanOrEqual(5);
      // The hall process alone: its database, elsewhere, stays up as a production database would.
      server.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const inFlight = new Set(received);

      // Nothing lost, nothing settled: every message and its delivery are there, the sends in flight only claimed.
      const keys = (await connection.db.select({ id: notifications.id, openid: notifications.openid }).from(notifications)).filter((row) => row.openid.startsWith('kill-citizen-'));
      expect(keys).toHaveLength(COUNT);
      const afterKill = await connection.db.select().from(notificationDeliveries);
      expect(afterKill.filter((row) => row.state === 'sent')).toEqual([]);
      expect(afterKill).toHaveLength(COUNT);

      // The provider answers at once now; the restarted hall takes the dead process's claims when they run out (60 s) and sends what is left.
      answerAfterMs = 0;
      server = await startServer(port, env);
      const settled = Date.now() + 150_000;
      for (;;) {
        const [row] = (await connection.db.execute<{ waiting: number }>(sql`select count(*)::int as waiting from notification_deliveries where state <> 'sent'`)).rows;
        if (Number(row!.waiting) === 0 || Date.now() > settled) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const deliveries = await connection.db.select().from(notificationDeliveries);
      expect(deliveries.map((row) => row.state)).toEqual(Array.from({ length: COUNT }, () => 'sent'));
      // The 消息中心 is the notification row itself: still one per change, none added by the retries.
      const inHall = (await connection.db.execute<{ openid: string; n: number }>(sql`select openid, count(*)::int as n from notifications group by openid`)).rows.filter((row) =>
        row.openid.startsWith('kill-citizen-'),
      );
      expect(inHall).toHaveLength(COUNT);
      expect(inHall.every((row) => Number(row.n) === 1)).toBe(true);
      // Outside: every message reached the provider, each under its own key on every try; only those in flight at the kill went twice.
      const expected = keys.map((row) => `${row.id}-sms`).sort();
      expect([...new Set(received)].sort()).toEqual(expected);
      const twice = [...new Set(received.filter((key, index) => received.indexOf(key) !== index))];
      expect(twice.every((key) => inFlight.has(key))).toBe(true);
      expect(received.filter((key) => !inFlight.has(key)).length).toBe(COUNT - inFlight.size);
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    } finally {
      if (server && server.exitCode === null) server.kill('SIGKILL');
      await rm(env.HALL_DATA_DIR, { recursive: true, force: true });
      await connection.close();
      provider.closeAllConnections();
      provider.close();
      await dropDatabase(database);
    }
  }, 300_000);
});
