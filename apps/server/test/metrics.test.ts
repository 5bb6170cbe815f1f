import { OIDC_CALLBACK_PATH, OIDC_SIGN_IN_PATH } from '@hall/api';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRecords } from '../src/db/schema';
import { ADAPTER_UNREADY_AFTER } from '../src/lib/metrics';
import { cookieFrom, createTestHall, testHallForFile, type TestHall } from './hall';
import { startTestProvider } from './oidc-provider';

const TOKEN = 'scrape-token-0123456789abcdef';
const ALERT_RULES = join(import.meta.dirname, '..', '..', '..', 'ops', 'prometheus', 'alerts.yml');

/** A registry back-office configured (nothing listens there; the resolver is off): its adapter's series show. */
const hall = testHallForFile({ HALL_METRICS_TOKEN: TOKEN, HALL_QUERY_POLL_MS: 0, REGISTRY_URL: 'http://127.0.0.1:9/registry', REGISTRY_CLIENT_ID: 'hall', REGISTRY_CLIENT_SECRET: 'secret' });

async function scrape(target: TestHall = hall): Promise<string> {
  const response = await target.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
  return response.body;
}

/** The value of one series line (name and labels exactly as written), or undefined. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A local server answering every request with `status`; answers its address and a closer. */
async function answering(status: number): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => response.writeHead(status).end('{}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('/metrics on the hall port', () => {
  it('answers 404 without HALL_METRICS_TOKEN or HALL_METRICS_LISTEN, as any unknown address (never the citizen app)', async () => {
    const plain = await createTestHall();
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('hall_http_requests_total');
      expect(response.body).not.toContain('<html');
    } finally {
      await plain.close();
    }
  });

  it('refuses a scrape without the token, with another token or another scheme (401), and serves the bearer', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN]) {
      const response = await hall.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.body).not.toContain('hall_');
    }
    expect(await scrape()).toContain('# TYPE hall_http_requests_total counter');
  });

  it('counts requests by route pattern and status, never the raw address, and times them', async () => {
    const before = await scrape();
    const healthz = 'hall_http_requests_total{route="/healthz",method="GET",status="200"}';
    await hall.app.inject({ method: 'GET', url: '/healthz' });
    await hall.app.inject({ method: 'GET', url: '/healthz?probe=123456' });
    await hall.app.inject({ method: 'POST', url: '/wechat/api/no-such-call-987654', payload: {} });
    const text = await scrape();
    expect((valueOf(text, healthz) ?? 0) - (valueOf(before, healthz) ?? 0)).toBe(2);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('123456');
    expect(text).toMatch(/hall_http_requests_total\{route="unmatched",method="POST",status="404"\} [1-9]/);
    expect(valueOf(text, 'hall_http_request_duration_seconds_count{route="/healthz",method="GET"}')).toBeGreaterThanOrEqual(2);
    // The pool and every statement, the event loop and memory (prom-client's default series).
    expect(valueOf(text, 'hall_db_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(valueOf(text, 'hall_db_pool_max_clients')).toBe(5);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
  });

  it('shows each queue’s backlog: records in progress and the age of the oldest', async () => {
    await hall.quickCitizen('metrics-citizen');
    const asked = new Date(Date.now() - 600_000);
    await hall.connection.db.insert(queryRecords).values([
      { openid: 'metrics-citizen', kind: 'zs', params: {}, createdAt: asked },
      { openid: 'metrics-citizen', kind: 'dzzz', params: {} },
      { openid: 'metrics-citizen', kind: 'verify', params: {} },
      { openid: 'metrics-citizen', kind: 'zs', params: {}, state: 20 },
    ]);
    const text = await scrape();
    expect(valueOf(text, 'hall_queue_pending{queue="documents"}')).toBe(2);
    expect(valueOf(text, 'hall_queue_pending{queue="verification"}')).toBe(1);
    expect(valueOf(text, 'hall_queue_oldest_pending_age_seconds{queue="documents"}')).toBeGreaterThanOrEqual(600);
  });

  it('exposes every hall series the alert rules read (ops/prometheus/alerts.yml)', async () => {
    // The hall's series are the rules' hall_* names; node_exporter's disk and Prometheus's own `up` come from elsewhere.
    const halls = [...new Set([...readFileSync(ALERT_RULES, 'utf8').matchAll(/\bhall_[a-z0-9_]+/g)].map((match) => match[0]))];
    expect(halls).toEqual(
      expect.arrayContaining(['hall_http_request_errors_total', 'hall_http_request_duration_seconds_bucket', 'hall_adapter_failures_total', 'hall_backup_last_success_timestamp_seconds']),
    );
    expect(halls.length).toBeGreaterThanOrEqual(9);
    const text = await scrape();
    expect(valueOf(text, 'hall_adapter_failures_total{adapter="registry"}')).toBe(0);
    expect(valueOf(text, 'hall_http_request_errors_total')).toBe(0);
    const shown = new Set(
      text
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => line.split(/[{ ]/)[0]),
    );
    expect(halls.filter((name) => !shown.has(name))).toEqual([]);
  });
});

describe('adapter health', () => {
  it('records an outside system’s answers and failures through its measured fetch; five failures in a row make /readyz 503', async () => {
    const { metrics } = hall.app.hall;
    expect((await hall.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const ok = await answering(200);
    const broken = await answering(503);
    try {
      const sms = metrics.adapterFetch('sms', fetch);
      await sms(ok.url);
      let text = await scrape();
      expect(valueOf(text, 'hall_adapter_failures_total{adapter="sms"}')).toBe(0);
      expect(valueOf(text, 'hall_adapter_last_success_timestamp_seconds{adapter="sms"}')).toBeGreaterThan(Date.now() / 1000 - 60);
      for (let i = 0; i < ADAPTER_UNREADY_AFTER - 1; i++) await sms(broken.url);
      await expect(sms('http://127.0.0.1:1/')).rejects.toThrow();
      text = await scrape();
      expect(valueOf(text, 'hall_adapter_failures_total{adapter="sms"}')).toBe(ADAPTER_UNREADY_AFTER);
      const unready = await hall.app.inject({ method: 'GET', url: '/readyz' });
      expect(unready.statusCode).toBe(503);
      expect(unready.json()).toMatchObject({ status: 'not ready', checks: { database: { ok: true }, migrations: { ok: true }, adapters: { ok: false, error: 'failing: sms' } } });
      // One answer and the system counts as back.
      await sms(ok.url);
      expect((await hall.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await ok.close();
      await broken.close();
    }
  });
});

describe('the unified identity’s health (oidc)', () => {
  it('shows at 0 once offered, records the provider’s answers as successes and a provider gone as failures', async () => {
    const publicUrl = 'https://bdc.example.gov.cn';
    const provider = await startTestProvider(`${publicUrl}${OIDC_CALLBACK_PATH}`);
    const offering = await createTestHall({
      HALL_METRICS_TOKEN: TOKEN,
      HALL_SIGN_IN: 'sms,oidc',
      HALL_PUBLIC_URL: publicUrl,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_TIMEOUT_MS: 2000,
    });
    const last = 'hall_adapter_last_success_timestamp_seconds{adapter="oidc"}';
    const failures = 'hall_adapter_failures_total{adapter="oidc"}';
    try {
      let text = await scrape(offering);
      expect(valueOf(text, failures)).toBe(0);
      expect(valueOf(text, last)).toBe(0);
      // The sign-in's start asks the provider for its discovery document: an answer.
      const start = await offering.app.inject({ method: 'GET', url: `${OIDC_SIGN_IN_PATH}?redirect=/my` });
      const authorize = new URL(String(start.headers.location));
      expect(authorize.origin).toBe(new URL(provider.issuer).origin);
      text = await scrape(offering);
      expect(valueOf(text, last)).toBeGreaterThan(Date.now() / 1000 - 60);
      expect(valueOf(text, failures)).toBe(0);
      expect(valueOf(text, 'hall_adapter_request_duration_seconds_count{adapter="oidc"}')).toBeGreaterThanOrEqual(1);
      // The provider goes away before the return: exchanging the code finds no one, a failure.
      await provider.stop();
      const back = await offering.app.inject({
        method: 'GET',
        url: `${OIDC_CALLBACK_PATH}?code=gone&state=${authorize.searchParams.get('state')}&iss=${encodeURIComponent(provider.issuer)}`,
        headers: { cookie: cookieFrom(start.headers['set-cookie']) },
      });
      expect(back.headers.location).toBe('/login?oidc=unavailable&redirect=%2Fmy');
      text = await scrape(offering);
      expect(valueOf(text, failures)).toBe(1);
    } finally {
      await offering.close();
      await provider.stop().catch(() => {});
    }
    // A hall that does not offer it has no such series.
    expect(valueOf(await scrape(), failures)).toBeUndefined();
  });
});

describe('/readyz', () => {
  it('answers 200 with every check passed, and 503 naming the migrations when one is missing', async () => {
    const other = await createTestHall();
    try {
      const ready = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', checks: { database: { ok: true }, migrations: { ok: true }, adapters: { ok: true } } });
      await other.connection.pool.query('DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)');
      const behind = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toMatchObject({ status: 'not ready', checks: { database: { ok: true }, migrations: { ok: false, error: '1 migration(s) not applied' } } });
      // Liveness is not readiness: the process still answers.
      expect((await other.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('HALL_METRICS_LISTEN', () => {
  let internal: TestHall;
  beforeAll(async () => {
    internal = await createTestHall({ HALL_METRICS_LISTEN: '127.0.0.1:0', HALL_STORAGE_SWEEP_MS: 200 });
  });
  afterAll(() => internal.close());

  it('serves /metrics without a token on the internal address only; the hall port answers 404', async () => {
    const address = internal.app.metricsListenerAddress();
    expect(address?.host).toBe('127.0.0.1');
    const served = await fetch(`http://127.0.0.1:${address!.port}/metrics`);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('hall_backup_last_success_timestamp_seconds 0');
    expect((await fetch(`http://127.0.0.1:${address!.port}/healthz`)).status).toBe(404);
    expect((await internal.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('records each background job’s passes: the query resolver’s queues and the storage clean-up', async () => {
    const port = internal.app.metricsListenerAddress()!.port;
    const tasks = ['query_resolver_documents', 'query_resolver_verification', 'storage_sweep'];
    let text = '';
    for (let tries = 0; tries < 100; tries++) {
      text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      if (tasks.every((task) => (valueOf(text, `hall_job_last_success_timestamp_seconds{task="${task}"}`) ?? 0) > 0)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const task of tasks) {
      expect(valueOf(text, `hall_job_last_success_timestamp_seconds{task="${task}"}`), task).toBeGreaterThan(Date.now() / 1000 - 60);
      expect(valueOf(text, `hall_job_failures_total{task="${task}"}`), task).toBe(0);
    }
    expect(valueOf(text, 'hall_storage_sweep_removed_total{kind="drafts"}')).toBe(0);
  });
});
