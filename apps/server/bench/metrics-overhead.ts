// What the metrics cost a request (not run by CI). In one process, on a PostgreSQL of its own choosing
// (BENCH_DATABASE_URL, default the local test database), measures:
//   - a request's own recording: one counter and one histogram, labelled by route (plugins/metrics.ts);
//   - a statement's timing: `SELECT 1` through a pool whose statements are timed (db/pool-metrics.ts)
//     against the same through a pool that is not;
//   - a scrape: the whole text with 150 routes × 3 statuses recorded, so its cost at a real hall's size.
// Run:  cd apps/server && npx tsx bench/metrics-overhead.ts
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { HallMetrics } from '../src/lib/metrics';
import { observePool } from '../src/db/pool-metrics';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REQUESTS = 200_000;
const STATEMENTS = 10_000;

function perCall(label: string, count: number, started: number): number {
  const micros = ((performance.now() - started) * 1000) / count;
  console.log(`${label.padEnd(58)} ${micros.toFixed(2).padStart(8)} µs`);
  return micros;
}

/** One `SELECT 1` through each pool in turn, so the machine's load falls on both alike; answers the mean µs of each. */
async function statements(plain: pg.Pool, timed: pg.Pool): Promise<{ plain: number; timed: number }> {
  for (let i = 0; i < 500; i++) await Promise.all([plain.query('SELECT 1'), timed.query('SELECT 1')]);
  const spent = { plain: 0, timed: 0 };
  for (let i = 0; i < STATEMENTS; i++) {
    const order: ['plain' | 'timed', pg.Pool][] = [
      ['plain', plain],
      ['timed', timed],
    ];
    if (i % 2) order.reverse();
    for (const [name, pool] of order) {
      const started = performance.now();
      await pool.query('SELECT 1');
      spent[name] += performance.now() - started;
    }
  }
  return { plain: (spent.plain * 1000) / STATEMENTS, timed: (spent.timed * 1000) / STATEMENTS };
}

async function main(): Promise<void> {
  const metrics = new HallMetrics();
  const routes = Array.from({ length: 150 }, (_, i) => `/wechat/api/call-${i}`);
  let started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const route = routes[i % routes.length]!;
    const status = i % 50 === 0 ? 500 : i % 7 === 0 ? 400 : 200;
    metrics.requests.inc({ route, method: 'POST', status });
    metrics.requestDuration.observe({ route, method: 'POST' }, (i % 300) / 1000);
    if (status >= 500) metrics.requestErrors.inc();
  }
  perCall('recording one request (counter + histogram)', REQUESTS, started);

  const plain = new pg.Pool({ connectionString: url, max: 1 });
  const timed = new pg.Pool({ connectionString: url, max: 1 });
  observePool(metrics, timed);
  const { plain: untimedMicros, timed: timedMicros } = await statements(plain, timed);
  console.log(`${'SELECT 1, pool not timed'.padEnd(58)} ${untimedMicros.toFixed(2).padStart(8)} µs`);
  console.log(`${'SELECT 1, pool timed'.padEnd(58)} ${timedMicros.toFixed(2).padStart(8)} µs`);
  await plain.end();
  await timed.end();

  const SCRAPES = 50;
  started = performance.now();
  let size = 0;
  for (let i = 0; i < SCRAPES; i++) size = (await metrics.registry.metrics()).length;
  const scrape = ((performance.now() - started) * 1000) / SCRAPES;
  console.log(`${`one scrape (${Math.round(size / 1024)} KB of text)`.padEnd(58)} ${scrape.toFixed(0).padStart(8)} µs`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
