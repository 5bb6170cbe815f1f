// Volume benchmark: the hall's own queries at the issue's volume (100 k citizens, 1 M applications with
// their applicants, units and materials, 2 M query records, a year of bookings). It makes a fresh
// database, migrates and seeds it as the server does, generates the rows from a seed, prints each
// table's load time, then calls the server's service functions (its source, through tsx) many times
// each and prints p50/p95 and the EXPLAIN (ANALYZE, BUFFERS) plan of every statement they ran.
//
//   node bench/volume/run.mjs [--scale small|full|<factor>] [--seed N] [--until YYYY-MM-DD] [--runs N] [--keep] [--database NAME] [--only WORDS]
//
// The database: on DATABASE_URL's server when set, else the PostgreSQL at 127.0.0.1:5432 when it
// answers, else an embedded one in a temporary folder. It is dropped at the end (--keep leaves it, and
// --database NAME reuses a kept one without loading again).
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { FULL, volumeStatements } from './generate.mjs';

register();
const server = (path) => import(new URL(`../../apps/server/src/${path}`, import.meta.url).href);

const { values: options } = parseArgs({
  options: {
    scale: { type: 'string', default: 'small' },
    seed: { type: 'string', default: '20261125' },
    until: { type: 'string' },
    runs: { type: 'string', default: '200' },
    keep: { type: 'boolean', default: false },
    database: { type: 'string' },
    only: { type: 'string' },
  },
});
const SCALES = { small: 0.1, full: 1 };
const scale = SCALES[options.scale] ?? Number(options.scale);
if (!(scale > 0 && scale <= 1)) throw new Error(`--scale: small, full or a factor in (0, 1], not ${options.scale}`);
const seed = Number(options.seed);
if (!Number.isSafeInteger(seed)) throw new Error('--seed: an integer');
const shanghaiDay = (ms) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
const until = options.until ?? shanghaiDay(Date.now());
if (!/^\d{4}-\d{2}-\d{2}$/.test(until)) throw new Error('--until: YYYY-MM-DD');
const runs = Number(options.runs);

const answers = (host, port) =>
  new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

/** The server to make the database on: DATABASE_URL, the system PostgreSQL, or an embedded one. */
async function adminServer() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, where: 'DATABASE_URL', stop: async () => {} };
  if (await answers('127.0.0.1', 5432)) return { url: 'postgres://postgres@127.0.0.1:5432/postgres', where: 'PostgreSQL at 127.0.0.1:5432', stop: async () => {} };
  const { startEmbeddedDatabase } = await server('db/embedded.ts');
  const folder = await mkdtemp(join(tmpdir(), 'hall-volume-'));
  const embedded = await startEmbeddedDatabase(folder);
  return {
    url: embedded.ownerUrl,
    where: `embedded PostgreSQL in ${folder}`,
    stop: async () => {
      await embedded.stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const millis = (ms) => `${ms.toFixed(2)} ms`;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function load(url) {
  const statements = volumeStatements({ seed, scale, until });
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await loadWith(client, statements, url);
  } finally {
    await client.end().catch(() => {});
  }
}

async function loadWith(client, statements, url) {
  await client.query('SET synchronous_commit = off');
  // The generated rows keep every foreign key by construction; a superuser skips the per-row checks.
  const replica = await client.query('SET session_replication_role = replica').then(
    () => true,
    () => false,
  );
  if (!replica) console.log('  (not a superuser: foreign keys are checked row by row, which loads slower)');
  await client.query("SET maintenance_work_mem = '256MB'");
  await client.query("SET work_mem = '64MB'");
  console.log(`generating: ${JSON.stringify(statements.counts)}, seed ${seed}, up to ${until}`);
  await client.query(statements.helpers);
  const started = performance.now();
  for (const { table, sql } of statements.tables) {
    const began = performance.now();
    await client.query(sql);
    console.log(`  ${table.padEnd(52)} ${seconds(performance.now() - began)}`);
  }
  // The generator writes clear text; the hall's start-up pass seals it, as it seals an older hall's rows.
  const sealing = performance.now();
  const { runSealingPass } = await server('db/sealed/sealing-pass.ts');
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const sealed = await runSealingPass(pool, 'clear', { batchSize: 2000 }).finally(() => pool.end());
  const sealedRows = Object.values(sealed.rewritten).reduce((sum, rows) => sum + rows, 0);
  console.log(`  ${`personal data sealed (${sealedRows} rows)`.padEnd(52)} ${seconds(performance.now() - sealing)}`);
  const analysing = performance.now();
  await client.query('DROP SCHEMA gen CASCADE');
  await client.query('VACUUM ANALYZE');
  console.log(`  ${'VACUUM ANALYZE'.padEnd(52)} ${seconds(performance.now() - analysing)}`);
  console.log(`loaded in ${seconds(performance.now() - started)}`);
  const { rows } = await client.query(
    `SELECT relname AS table, n_live_tup AS rows, pg_size_pretty(pg_total_relation_size(relid)) AS size FROM pg_stat_user_tables WHERE n_live_tup > 1000 ORDER BY n_live_tup DESC`,
  );
  for (const row of rows) console.log(`  ${row.table.padEnd(30)} ${String(row.rows).padStart(10)} rows ${row.size.padStart(10)}`);
}

/** The pool's statements while `work` runs: what a service function sends, to explain it. */
function recorder(pool) {
  const original = pool.query.bind(pool);
  let recording = null;
  pool.query = (query, values, callback) => {
    if (recording) recording.push(typeof query === 'string' ? { text: query, values } : { text: query.text, values: Array.isArray(values) ? values : query.values });
    return original(query, values, callback);
  };
  return async (work) => {
    recording = [];
    try {
      await work();
      return recording;
    } finally {
      recording = null;
    }
  };
}

async function bench(url) {
  const { connectDatabase } = await server('db/client.ts');
  const { applicationTabs, readApplicationsWithSession } = await server('services/applications/applications.ts');
  const review = await server('services/applications/review/review.ts');
  const { findCaseProgress } = await server('services/queries/archive/progress.ts');
  const { OperatorRegistry } = await server('adapters/registry/operator.ts');
  const { listSlots } = await server('services/appointments/booking/appointments.ts');
  const { listCounterSlots } = await server('services/appointments/booking/counter-booking.ts');
  const { statisticsReport } = await server('services/statistics/report.ts');
  const { pool, db, close } = connectDatabase(url, 10);
  const record = recorder(pool);
  const pick = async (text, params = []) => (await pool.query(text, params)).rows;

  // The subjects: ordinary citizens and agents (the first hundredth, who file one in ten applications),
  // accepted cases, the next open day's slots.
  const citizens = await pick(`SELECT openid FROM applications WHERE id % 997 = 0 GROUP BY openid HAVING count(*) < 40 LIMIT 50`);
  const agents = await pick(`SELECT openid FROM applications GROUP BY openid ORDER BY count(*) DESC LIMIT 10`);
  const cases = await pick(`SELECT prolsh FROM applications WHERE prolsh IS NOT NULL AND id % 101 = 0 LIMIT 100`);
  const days = await pick(
    `SELECT c.id::text AS calendar, c.time_class, p.id AS process, ar.xzqdm FROM appointment_calendars c JOIN appointment_processes p ON p.area_id = c.area_id
     JOIN appointment_areas ar ON ar.id = c.area_id WHERE c.holiday = 0 AND c.calendar_date > $1::date ORDER BY c.calendar_date, c.area_id, p.id LIMIT 20`,
    [until],
  );
  const [counterCitizen] = await pick(
    `SELECT u.openid, c.id::text AS calendar FROM users u JOIN appointment_areas ar ON ar.xzqdm = u.xzqdm JOIN appointment_calendars c ON c.area_id = ar.id
     WHERE c.holiday = 0 AND c.calendar_date > $1::date ORDER BY ar.sort, ar.id, c.calendar_date, u.openid LIMIT 1`,
    [until],
  );
  // The list is read with the citizen's session, as the call does: each subject signed in once.
  await pool.query(
    `INSERT INTO sessions (id, openid, state, expires_at) SELECT 'volume-' || openid, openid, 'active', now() + interval '1 day' FROM unnest($1::text[]) openid ON CONFLICT DO NOTHING`,
    [[...citizens, ...agents].map((subject) => subject.openid)],
  );
  const listApplications = async (openid) => applicationTabs({}, await readApplicationsWithSession(db, `volume-${openid}`, {}));
  const [{ waiting }] = await pick(`SELECT count(*)::int AS waiting FROM applications WHERE shzt = 0`);
  const dayMs = 24 * 3600_000;
  const untilMs = Date.parse(`${until}T00:00:00Z`);
  const statisticsRange = { from: shanghaiDay(untilMs - 21 * dayMs), to: shanghaiDay(untilMs + 7 * dayMs) };
  const yearRange = { from: shanghaiDay(untilMs - 365 * dayMs), to: shanghaiDay(untilMs) };
  const laterPage = Math.min(200, Math.max(1, Math.floor(waiting / 50)));

  let turn = 0;
  const next = (list) => list[turn++ % list.length];
  const cases_ = [
    { name: "citizen's application list, with the session (readApplicationsWithSession)", work: () => listApplications(next(citizens).openid) },
    { name: "agent's application list, with the session (readApplicationsWithSession)", work: () => listApplications(next(agents).openid) },
    // The console asks for pages of 50 (REVIEW_QUEUE_PAGE) with the queue's total; the call's default page is 500.
    { name: 'review queue, first page of 50 (listReviewQueues cadastralSurvey)', work: () => review.listReviewQueues(db, 'cadastralSurvey', { page: 1, pageSize: 50 }) },
    { name: 'review queue, first page of 500 (listReviewQueues cadastralSurvey)', work: () => review.listReviewQueues(db, 'cadastralSurvey') },
    // A version of the service without pages (before bench/volume's change) has no later page to ask for.
    ...(String(review.listReviewQueues).includes('paging')
      ? [{ name: `review queue, page ${laterPage} of 50 (listReviewQueues)`, work: () => review.listReviewQueues(db, 'cadastralSurvey', { page: laterPage, pageSize: 50 }) }]
      : []),
    { name: 'progress query (findCaseProgress)', work: () => findCaseProgress(new OperatorRegistry(db), next(cases).prolsh) },
    {
      name: "an appointment day's slots (listSlots)",
      work: () => {
        const day = next(days);
        return listSlots(db, day.calendar, day.time_class, day.process);
      },
    },
    { name: "the counter's day slots (listCounterSlots)", work: () => listCounterSlots(db, counterCitizen.openid, counterCitizen.calendar) },
    { name: `statistics page, ${statisticsRange.from} to ${statisticsRange.to} (statisticsReport)`, work: () => statisticsReport(db, statisticsRange), runs: 20 },
    { name: `statistics page, a year ${yearRange.from} to ${yearRange.to} (statisticsReport)`, work: () => statisticsReport(db, yearRange), runs: 5 },
  ];

  const results = [];
  const time = async (name, work, count) => {
    for (let i = 0; i < Math.max(1, Math.min(5, Math.floor(count / 10))); i++) await work(); // warm the caches and the connections
    const took = [];
    for (let i = 0; i < count; i++) {
      const began = performance.now();
      await work();
      took.push(performance.now() - began);
    }
    took.sort((a, b) => a - b);
    const result = { name, runs: count, p50: percentile(took, 50), p95: percentile(took, 95) };
    results.push(result);
    return result;
  };

  // --only statistics: the cases whose name contains the words.
  for (const { name, work, runs: count = runs } of cases_.filter((entry) => !options.only || entry.name.includes(options.only))) {
    const statements = await record(work);
    const result = await time(name, work, count);
    console.log(`\n== ${name}: p50 ${millis(result.p50)}, p95 ${millis(result.p95)} (${count} runs, ${statements.length} statements)`);
    // Each statement alone, timed and explained: the statistics page's queries one by one.
    for (const [index, statement] of statements.entries()) {
      if (statements.length > 1) {
        const alone = await time(`  ${name} #${index + 1}`, () => pool.query(statement.text, statement.values), Math.min(count, 50));
        console.log(`-- statement ${index + 1}: p50 ${millis(alone.p50)}, p95 ${millis(alone.p95)}`);
      }
      const text = statement.text.replace(/\s+/g, ' ').trim();
      console.log(text.length > 1200 ? `${text.slice(0, 1200)} …` : text);
      const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
      for (const row of plan.rows) console.log(`   ${row['QUERY PLAN'].length > 400 ? `${row['QUERY PLAN'].slice(0, 400)} …` : row['QUERY PLAN']}`);
    }
  }

  console.log('\nsummary (p50 / p95):');
  for (const result of results) console.log(`  ${result.name.padEnd(84)} ${millis(result.p50).padStart(11)} ${millis(result.p95).padStart(11)}`);
  await close();
}

// Personal data is sealed at rest (docs/decisions/021): the bench's keys are fixed, so a kept database (--database) still opens.
const { installDataKeys, parseDataKeys } = await server('db/sealed/data-keys.ts');
installDataKeys({ ...parseDataKeys(`bench:${'5a'.repeat(32)}`, 'the bench data key'), indexKey: Buffer.from('6b'.repeat(32), 'hex') });

const admin = await adminServer();
const adminClient = new pg.Client({ connectionString: admin.url });
await adminClient.connect();
const database = options.database ?? `hall_volume_${process.pid}`;
const databaseUrl = new URL(admin.url);
databaseUrl.pathname = `/${database}`;
let created = false;
try {
  console.log(`volume benchmark on the ${admin.where}, database ${database}, scale ${scale} (full: ${JSON.stringify(FULL)})`);
  if (!options.database) {
    await adminClient.query(`CREATE DATABASE ${database}`);
    created = true;
    const { connectDatabase } = await server('db/client.ts');
    const { migrateDatabase } = await server('db/migrate.ts');
    const { seedHall } = await server('seed.ts');
    const connection = connectDatabase(databaseUrl.toString(), 2);
    const began = performance.now();
    await migrateDatabase(connection.pool, connection.db);
    await seedHall(connection.pool, connection.db, 'production');
    await connection.close();
    console.log(`migrated and seeded in ${seconds(performance.now() - began)}`);
    await load(databaseUrl.toString());
  }
  await bench(databaseUrl.toString());
} finally {
  if (created && !options.keep) await adminClient.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  else console.log(`kept database ${database}`);
  await adminClient.end();
  await admin.stop();
}
