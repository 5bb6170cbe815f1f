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
const STATEMENTS = 5_000;

function perCall(label: string, count: number, started: number): number {
  const micros = ((performance.now() - started) * 1000) / count;
  console.log(`${label.padEnd(58)} ${micros.toFixed(2).padStart(8)} µs`);
  return micros;
}

async function statements(pool: pg.Pool): Promise<number> {
  for (let i = 0; i < 500; i++) await pool.query('SELECT 1');
  const started = performance.now();
  for (let i = 0; i < STATEMENTS; i++) await pool.query('SELECT 1');
  return (performance.now() - started) / STATEMENTS;
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
  // Alternated, so the machine's load falls on both alike.
  const rounds = { plain: [] as number[], timed: [] as number[] };
  for (let round = 0; round < 3; round++) {
    rounds.plain.push(await statements(plain));
    rounds.timed.push(await statements(timed));
  }
  const best = (values: number[]) => Math.min(...values) * 1000;
  console.log(`${'SELECT 1, pool not timed (best of 3 rounds)'.padEnd(58)} ${best(rounds.plain).toFixed(2).padStart(8)} µs`);
  console.log(`${'SELECT 1, pool timed (best of 3 rounds)'.padEnd(58)} ${best(rounds.timed).toFixed(2).padStart(8)} µs`);
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
