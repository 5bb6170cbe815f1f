import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded';
import { cookieFrom, WECHAT_USER_AGENT } from './hall';

/**
 * Crash durability: the server and its embedded PostgreSQL are killed with SIGKILL in the middle of
 * a stream of feedback writes; after a restart on the same data folder every write the server had
 * acknowledged is there (fsync stays on, commits are durable before the reply).
 */
const dataDir = await mkdtemp(join(tmpdir(), 'hall-durability-'));
let server: ChildProcess | undefined;

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', HALL_MODE: 'demo', HALL_DATA_DIR: dataDir, LOG_LEVEL: 'error', DATABASE_URL: '' },
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
});
