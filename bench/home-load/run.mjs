// Load speed of the citizen hall's first screens (docs/architecture.md §15: Lighthouse mobile ≥ 95 and LCP ≤ 2.0 s
// on /, /prodoing and /apply; the home's JavaScript ≤ 120 KB gzip).
//
// Starts the built hall (apps/citizen/dist served by apps/server/dist) in demo mode on an embedded
// database of its own, twice: behind a TLS and HTTP/2 proxy as docs/deploy.md deploys it (what
// citizens' phones talk to, tls-proxy.mjs), and on its own over plain HTTP/1.1. Each time it signs
// a demo citizen in through the WeChat simulator in Debian's Chromium, then runs Lighthouse (mobile,
// simulated throttling) on each page with that citizen's cookies kept and the browser cache emptied
// before every run: a citizen who comes back from the official account's menu, whose session is
// still active (authorise answers noRefresh, spec part 1 §4).
// Prints the medians of score, FCP, LCP, TBT, the JavaScript the page loaded (gzip, level 9, as
// the citizen build counts it) and the request count.
//
// Settings (environment):
//   BENCH_PROTOCOL  h2, http1, or both (default h2,http1)
//   BENCH_RUNS      Lighthouse runs per page (default 3; the median is printed)
//   BENCH_PAGES     comma-separated paths to measure (default the three of docs/architecture.md §15)
//   BENCH_REPORTS   a folder: each run's Lighthouse JSON report is written there, and its trace
//                   (<protocol>-<page>-<run>.trace.json, for Chromium's Performance panel)
//   HALL_CHROMIUM   the browser (default /usr/bin/chromium; never a downloaded one)
//   BENCH_CRITICAL_PATH  1 (or LCPpessimistic, FCPoptimistic …): print the simulated critical path
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { makeCertificate, startTlsProxy } from './tls-proxy.mjs';

import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
/**
 * With BENCH_CRITICAL_PATH set, prints what Lighthouse's simulation put before FCP and LCP: each
 * request (size, connection) and each main-thread task over 10 ms, with its simulated start and end.
 * BENCH_CRITICAL_PATH=LCPpessimistic (or FCPoptimistic …) prints one graph only.
 */
/** The trace Lighthouse recorded for a run (its artifact's name differs between versions). */
const traceOf = (artifacts) => artifacts.Trace ?? artifacts.traces?.defaultPass;

async function printCriticalPath(result) {
  const a = result.artifacts;
  const data = {
    trace: traceOf(a),
    devtoolsLog: a.DevtoolsLog ?? a.devtoolsLogs?.defaultPass,
    gatherContext: a.GatherContext,
    settings: result.lhr.configSettings,
    simulator: null,
    URL: a.URL,
    SourceMaps: a.SourceMaps ?? [],
  };
  const context = { computedCache: new Map() };
  for (const [name, metric] of [
    ['FCP', LanternFirstContentfulPaint],
    ['LCP', LanternLargestContentfulPaint],
  ]) {
    const r = await metric.request(data, context);
    console.log(`${name}: ${Math.round(r.timing)} optimistic ${Math.round(r.optimisticEstimate.timeInMs)} pessimistic ${Math.round(r.pessimisticEstimate.timeInMs)}`);
    for (const [kind, est] of [
      ['optimistic', r.optimisticEstimate],
      ['pessimistic', r.pessimisticEstimate],
    ]) {
      if (process.env.BENCH_CRITICAL_PATH !== '1' && process.env.BENCH_CRITICAL_PATH !== name + kind) continue;
      console.log(`  -- ${name} ${kind}`);
      const rows = [...est.nodeTimings.entries()].sort((x, y) => x[1].startTime - y[1].startTime);
      for (const [node, t] of rows) {
        const label =
          node.type === 'network'
            ? node.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 70) + ` (${node.request.transferSize} B, conn ${node.request.connectionId})`
            : `CPU ${Math.round(t.duration)} ms`;
        if (node.type !== 'network' && t.duration < 10) continue;
        if (node.type !== 'network' && t.duration > 100) {
          const names = {};
          for (const e of node.childEvents) names[e.name] = (names[e.name] ?? 0) + (e.dur ?? 0) / 1000;
          console.log(
            '      ' +
              Object.entries(names)
                .sort((a, b) => b[1] - a[1])
                .slice(0, 8)
                .map(([n, d]) => `${n} ${d.toFixed(1)}ms`)
                .join(', ') +
              ` | ${node.childEvents.find((e) => e.args?.data?.url)?.args.data.url ?? ''}`,
          );
        }
        console.log(`    ${String(Math.round(t.startTime)).padStart(5)} ${String(Math.round(t.endTime)).padStart(5)}  ${label}`);
      }
    }
  }
}

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const APPLY_NAME = '抵押权首次登记';
const PAGES = process.env.BENCH_PAGES?.split(',').map((s) => s.trim()) ?? ['/', '/prodoing', `/apply?id=pd-200-4&name=${encodeURIComponent(APPLY_NAME)}&djlx=200&qllx=4`];
const REPORTS = process.env.BENCH_REPORTS;
// h2: through the reverse proxy of docs/deploy.md (HTTPS, HTTP/2), as citizens reach the hall;
// http1: the hall process itself over plain HTTP/1.1 (six connections, each with its own handshake).
const PROTOCOLS = (process.env.BENCH_PROTOCOL ?? 'h2,http1').split(',').map((s) => s.trim());
for (const protocol of PROTOCOLS) if (!['h2', 'http1'].includes(protocol)) throw new Error(`BENCH_PROTOCOL: ${protocol} is neither h2 nor http1`);
const CHROMIUM = process.env.HALL_CHROMIUM ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

async function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

async function startHall(protocol) {
  const dataDir = await mkdtemp(join(tmpdir(), 'hall-bench-home-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // As deployed (docs/deploy.md): the proxy's https address is the one citizens use.
  const certificate = protocol === 'h2' ? makeCertificate(dataDir) : null;
  const proxy = certificate ? await startTlsProxy(certificate, origin) : null;
  const proxyEnv = proxy ? { HALL_PUBLIC_URL: proxy.origin, HALL_TRUST_PROXY: '127.0.0.1' } : {};
  const server = spawn(process.execPath, [join(root, 'apps', 'server', 'dist', 'main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', HALL_MODE: 'demo', HALL_DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...proxyEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the hall server exited:\n${output}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the hall server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    origin: proxy?.origin ?? origin,
    /** The hall process itself, for the script sizes read from Node. */
    direct: origin,
    spkiHash: certificate?.spkiHash,
    async close() {
      await proxy?.close();
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs a new demo citizen in through the WeChat simulator, as the journeys do (e2e/harness.ts signIn). */
async function signIn(page, origin) {
  await page.goto(`${origin}/`);
  await page.waitForSelector('#new-citizen button[type=submit]', { timeout: 60_000 });
  await page.type('#openid', `bench-${Date.now()}`);
  await page.type('#nickname', '测速');
  await Promise.all([page.waitForNavigation(), page.click('#new-citizen button[type=submit]')]);
  await page.waitForFunction(() => !location.pathname.startsWith('/simulator') && !location.pathname.startsWith('/waiting') && !location.search.includes('code='), { timeout: 60_000 });
}

const gzipCache = new Map();
/** A script's size as the build counts it, read from the hall process itself (`direct`), not through the proxy. */
async function gzipBytes(url, direct) {
  const { pathname, search } = new URL(url);
  if (!gzipCache.has(url))
    gzipCache.set(
      url,
      fetch(new URL(pathname + search, direct)).then(async (r) => gzipSync(Buffer.from(await r.arrayBuffer()), { level: 9 }).length),
    );
  return gzipCache.get(url);
}

/** One Lighthouse run in a fresh tab (the citizen's cookies stay, the cache goes); a failed trace is tried again. */
async function lighthouseRun(browser, url, attempts = 3) {
  const page = await browser.newPage();
  try {
    const session = await page.createCDPSession();
    await session.send('Network.clearBrowserCache');
    await session.detach();
    const flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance'], formFactor: 'mobile', throttlingMethod: 'simulate', disableStorageReset: true };
    const result = await lighthouse(url, flags, undefined, page);
    const error = result.lhr.runtimeError;
    if (!error) {
      if (process.env.BENCH_CRITICAL_PATH) await printCriticalPath(result);
      return result;
    }
    if (attempts <= 1) throw new Error(`${url}: ${error.code} ${error.message}`);
    console.log(`  (${error.code}: run again)`);
  } finally {
    await page.close();
  }
  return lighthouseRun(browser, url, attempts - 1);
}

async function measure(browser, url, direct) {
  const result = await lighthouseRun(browser, url);
  const lhr = result.lhr;
  // data: addresses (the inlined menu icons) are listed by Lighthouse but never go over the network.
  const requests = lhr.audits['network-requests'].details.items.filter((r) => !r.url.startsWith('data:'));
  const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(new URL(url).origin));
  const jsGzip = (await Promise.all(scripts.map((r) => gzipBytes(r.url, direct)))).reduce((a, b) => a + b, 0);
  return {
    report: result.report,
    trace: REPORTS ? traceOf(result.artifacts) : undefined,
    finalUrl: lhr.finalDisplayedUrl,
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    jsKb: jsGzip / 1024,
    requests: requests.length,
    // Lighthouse's own CPU benchmark of this machine (higher is faster): simulated throttling
    // multiplies the main-thread work it saw by 4 whatever the machine, so figures from machines
    // whose index differs are not comparable.
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const lighthouseVersion = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
console.log(
  `Lighthouse ${lighthouseVersion}, mobile, simulated throttling, median of ${RUNS}; Node ${process.versions.node}.` +
    (Number(process.versions.node.split('.')[0]) < 22 ? ' (Lighthouse 13 needs Node 22; this machine has Node 20, so these are Lighthouse 12 figures.)' : ''),
);

/** Signs a citizen in and measures every page over one protocol; prints the table. */
async function measureOver(protocol) {
  console.log(protocol === 'h2' ? '\nThrough the reverse proxy, as deployed (HTTPS, HTTP/2):' : '\nThe hall process itself (plain HTTP/1.1):');
  const hall = await startHall(protocol);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    // The proxy's certificate is trusted by its key, for this browser only.
    chromeFlags: [...CHROME_FLAGS, ...(hall.spkiHash ? [`--ignore-certificate-errors-spki-list=${hall.spkiHash}`] : [])],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = await browser.newPage();
    await signIn(page, hall.origin);
    await page.close();
    if (REPORTS) await mkdir(REPORTS, { recursive: true });
    const rows = [];
    const allRuns = [];
    for (const path of PAGES) {
      const runs = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const figures = await measure(browser, `${hall.origin}${path}`, hall.direct);
        if (new URL(figures.finalUrl).pathname.startsWith('/simulator')) throw new Error(`${path}: the citizen was sent to sign in again`);
        if (REPORTS) {
          const name = `${protocol}-${path.split('?')[0].slice(1).replace(/\W+/g, '_') || 'home'}-${run}`;
          await writeFile(join(REPORTS, `${name}.json`), figures.report);
          await writeFile(join(REPORTS, `${name}.trace.json`), JSON.stringify(figures.trace));
        }
        runs.push(figures);
        allRuns.push(figures);
        console.log(
          `  ${path.split('?')[0]} run ${run}: score ${figures.score}, FCP ${(figures.fcp / 1000).toFixed(2)} s, LCP ${(figures.lcp / 1000).toFixed(2)} s, TBT ${Math.round(figures.tbt)} ms, JS ${figures.jsKb.toFixed(1)} KB, ${figures.requests} requests`,
        );
      }
      rows.push({ path: path.split('?')[0], ...Object.fromEntries(['score', 'fcp', 'lcp', 'tbt', 'jsKb', 'requests'].map((key) => [key, median(runs.map((r) => r[key]))])) });
    }
    await browser.disconnect();
    console.log('\npage        score   FCP (s)   LCP (s)   TBT (ms)   JS gzip (KB)   requests');
    for (const r of rows) {
      console.log(
        `${r.path.padEnd(11)} ${String(r.score).padStart(5)} ${(r.fcp / 1000).toFixed(2).padStart(9)} ${(r.lcp / 1000).toFixed(2).padStart(9)} ${String(Math.round(r.tbt)).padStart(10)} ${r.jsKb.toFixed(1).padStart(14)} ${String(r.requests).padStart(10)}`,
      );
    }
    console.log('Budget (docs/architecture.md §15): score ≥ 95, LCP ≤ 2.00 s on each page; the home ≤ 120 KB of JavaScript.');
    console.log(`Lighthouse benchmark index of this machine (median of all runs; higher is faster): ${Math.round(median(allRuns.map((r) => r.benchmarkIndex)))}.`);
    // Simulated throttling scales the main-thread work it saw, so a busy machine inflates TBT and the score.
    console.log(
      `Load average at the end (1, 5, 15 min): ${loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')}; TBT and the score rise when other work shares the CPU.`,
    );
  } finally {
    await chrome.kill();
    await hall.close();
  }
}

for (const protocol of PROTOCOLS) await measureOver(protocol);
