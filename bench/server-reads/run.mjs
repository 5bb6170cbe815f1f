// Server throughput against a bare Fastify route, in one run on one machine (docs/architecture.md §15: reads
// ≥ 30 % of bare with p99 ≤ 25 ms at 50 connections; writes ≥ 15 %).
//
// Starts the bare route and the built hall server (apps/server/dist, demo mode) as processes of their
// own, seeds citizens with sessions and signs in the demo reviewer, then loads each call with autocannon
// and prints req/s, p99 and the ratio to bare. With two processes (the default runs one, then two)
// a second server joins the same database and the load is split between both ports, as a round-robin
// proxy would; the ratio then compares with the same bare route. Every call says what a phone's browser
// says, Accept-Encoding included, so a reply costs what compressing it costs.
//
// Settings (environment):
//   BENCH_SECONDS     seconds per measurement (default 10; each is preceded by a 2-second warm-up)
//   BENCH_PROCESSES   which server counts to measure, e.g. "1", "2" or "1,2" (default "1,2")
//   BENCH_ONLY        comma-separated call names to measure (default all)
//   BENCH_ROUNDS      rounds per call (default 1): each round measures the bare route again just before
//                     the call, and the line prints the medians of the rounds (the ratio is the median
//                     of each round's own ratio), so a shared machine's slow minutes weigh less
//   BENCH_MIX         "1": measure the hall as many people use it instead of one cookie replayed: the
//                     reads each as another of BENCH_MIX_CITIZENS citizens (each with applications and
//                     feedback of their own), the review page for BENCH_MIX_OPERATORS operators' sessions
//                     (mostly the first page, some the second), and one call, "mix", that interleaves all
//                     of them with feedback writes while a side client moves an application through
//                     review twice a second (what invalidates the kept review page)
//   BENCH_LOG_LEVEL   the servers' LOG_LEVEL (default info, what a production hall runs with)
//   BENCH_CPU_PROF    a folder: the first server runs with --cpu-prof and writes its profile there
//   BENCH_SERVER_MAIN another build of the server to measure (default apps/server/dist/main.js), e.g.
//                     an older commit's build, to compare before and after in the same conditions
//   DATABASE_URL      an external PostgreSQL: a fresh database is made on it and dropped after;
//                     without it the first server starts its embedded PostgreSQL in a temporary folder
//
// Beside req/s each line prints the server's CPU time per request (user + system, read from /proc):
// what a call costs the server process itself, steadier from run to run than req/s on a shared machine;
// and the bytes of one reply as sent (headers and compressed body).
import { fork } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEFAULT_SERVER_MAIN, cpuSeconds, embeddedUrl, prepareRun, startHall as startHallProcess, stop } from '../lib/hall-processes.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const serverMain = process.env.BENCH_SERVER_MAIN ? resolve(process.env.BENCH_SERVER_MAIN) : DEFAULT_SERVER_MAIN;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROCESS_COUNTS = (process.env.BENCH_PROCESSES ?? '1,2').split(',').map(Number);
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const CITIZENS = 20000;
const MIX = process.env.BENCH_MIX === '1';
const MIX_CITIZENS = Number(process.env.BENCH_MIX_CITIZENS ?? 5000);
const MIX_OPERATORS = Number(process.env.BENCH_MIX_OPERATORS ?? 20);
/** What WeChat's browser and every other phone browser send with an API call. */
const BROWSER_HEADERS = { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' };

const children = [];
const cleanups = [];

async function startBare(databaseUrl) {
  const env = { ...process.env };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = fork(join(here, 'bare-server.mjs'), { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env });
  children.push(child);
  const { address } = await new Promise((r) => child.once('message', r));
  return { origin: address, child };
}

async function startHall(options) {
  const hall = await startHallProcess({ ...options, logLevel: LOG_LEVEL, serverMain });
  children.push(hall.child);
  return hall;
}

async function post(origin, path, body, cookie) {
  const response = await fetch(origin + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return { response, json: JSON.parse(text) };
}

/** Citizens with complete, verified profiles and live sessions, straight in the database; answers their cookies. */
async function seed(databaseUrl, origin) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query("SELECT value FROM settings WHERE key = 'cookie_secret'");
  const secret = rows[0].value;
  const sign = (value) => `${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=/g, '')}`;
  const run = randomBytes(4).toString('hex');
  await client.query(
    `INSERT INTO users (openid, name, cardnum, phone, real_name_auth, xzqdm)
     SELECT 'bench-${run}-' || g, '王五', '11010519491231002X', '13812341234', 1, '130400' FROM generate_series(1, $1) g`,
    [CITIZENS],
  );
  await client.query(
    `INSERT INTO sessions (id, openid, state, expires_at)
     SELECT 'bench${run}s' || g, 'bench-${run}-' || g, 'active', now() + interval '1 day' FROM generate_series(1, $1) g`,
    [CITIZENS],
  );
  const citizens = Array.from({ length: CITIZENS }, (_, i) => ({
    openid: `bench-${run}-${i + 1}`,
    cookie: `hall_sid=${encodeURIComponent(sign(`bench${run}s${i + 1}`))}`,
  }));
  // The reading citizen has some feedback and applications; twenty citizens' applications wait for review.
  const reader = citizens[0];
  for (let i = 0; i < 5; i++) await post(origin, '/online/wx/apilist/addSugge', { openid: reader.openid, content: `第${i + 1}条意见：窗口排队时间较长，建议增加预约时段。` }, reader.cookie);
  const { rows: businesses } = await client.query('SELECT id FROM businesses ORDER BY id LIMIT 3');
  const submitted = [];
  for (let i = 0; i < 20; i++) {
    const citizen = citizens[i % 10];
    const { json } = await post(origin, '/online/wx/apilist/getApplyCode', { openid: citizen.openid, prodefid: businesses[i % businesses.length].id }, citizen.cookie);
    if (i % 2 === 0) submitted.push(Number(json.data.proinstid));
  }
  await client.query('UPDATE applications SET shzt = 0, submitted_at = now() WHERE id = ANY($1::bigint[])', [submitted.filter(Number.isFinite)]);
  await client.end();
  const signIn = await post(origin, '/online/admin/api/signIn', { username: 'reviewer', password: 'demo2026hall' });
  const operatorCookie = signIn.response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const mix = MIX ? await seedMix(databaseUrl, citizens, sign, operatorCookie) : null;
  return { citizens, reader, operatorCookie, mix };
}

/**
 * The many citizens of BENCH_MIX: the first MIX_CITIZENS each get three applications (one waiting for
 * the survey review) and two feedback rows, straight in the database; the signed-in reviewer gets
 * MIX_OPERATORS sessions, each with its own cookie.
 */
async function seedMix(databaseUrl, citizens, sign, operatorCookie) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const readers = citizens.slice(1, 1 + MIX_CITIZENS);
  const openids = readers.map((citizen) => citizen.openid);
  const { rows: template } = await client.query('SELECT id FROM applications ORDER BY id LIMIT 1');
  const columns = (
    await client.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'applications' AND column_name NOT IN ('id', 'openid', 'name', 'shzt', 'submitted_at', 'slbh', 'prolsh')`)
  ).rows.map((row) => `"${row.column_name}"`);
  await client.query(
    `INSERT INTO applications (openid, name, shzt, submitted_at, slbh, ${columns.join(', ')})
     SELECT o, '申请' || n, CASE n WHEN 1 THEN 0 WHEN 2 THEN -1 ELSE 40 END, CASE n WHEN 2 THEN NULL ELSE now() - (n || ' days')::interval END,
            'SLMIX' || md5(o || n), ${columns.map((column) => `t.${column}`).join(', ')}
     FROM unnest($1::text[]) o, generate_series(1, 3) n, applications t WHERE t.id = $2`,
    [openids, template[0].id],
  );
  await client.query(
    `INSERT INTO feedback (openid, content, created_at) SELECT o, '第' || n || '条意见：希望增加周末预约。', now() - (n || ' hours')::interval FROM unnest($1::text[]) o, generate_series(1, 2) n`,
    [openids],
  );
  const sessionCookie = operatorCookie.split('; ').find((cookie) => cookie.startsWith('hall_op') || cookie.includes('.'));
  const [cookieName, signed] = sessionCookie.split('=');
  const sessionId = decodeURIComponent(signed).replace(/\.[^.]*$/, '');
  const { rows: op } = await client.query('SELECT operator_id, method, expires_at FROM operator_sessions WHERE id = $1', [sessionId]);
  const operators = [];
  for (let i = 0; i < MIX_OPERATORS; i++) {
    const id = `benchop${randomBytes(8).toString('hex')}`;
    await client.query('INSERT INTO operator_sessions (id, operator_id, method, expires_at) VALUES ($1, $2, $3, $4)', [id, op[0].operator_id, op[0].method, op[0].expires_at]);
    operators.push(operatorCookie.replace(sessionCookie, `${cookieName}=${encodeURIComponent(sign(id))}`));
  }
  const { rows: waiting } = await client.query('SELECT id FROM applications WHERE shzt = 0 ORDER BY id LIMIT 1');
  await client.end();
  return { readers, operators, movingApplication: waiting[0].id };
}

/** Each kind of request of BENCH_MIX once, so that a call that fails says so before it is measured. */
async function checkMix(origin, scenario) {
  for (let turn = 0; turn < 20; turn++) {
    const request = scenario.perRequest(turn);
    const response = await fetch(origin + request.path, { method: 'POST', headers: request.headers, body: request.body });
    if (!response.ok) throw new Error(`${scenario.name}: ${request.path} answered ${response.status}: ${await response.text()}`);
  }
}

function load(servers, { path, connections, body, cookie, perRequest }, seconds) {
  // Several servers: each gets its share of the connections, all at once (what a round-robin proxy does).
  const share = Math.ceil(connections / servers.length);
  const origins = servers.map((server) => server.origin);
  const pids = servers.map((server) => server.child.pid);
  const cpuBefore = cpuSeconds(pids);
  return Promise.all(
    origins.map(
      (origin) =>
        new Promise((resolveRun, reject) => {
          let turn = 0;
          autocannon(
            {
              url: origin + path,
              method: 'POST',
              connections: share,
              pipelining: 1,
              duration: seconds,
              headers: { ...BROWSER_HEADERS, ...(cookie ? { cookie } : {}) },
              body: body ? JSON.stringify(body) : undefined,
              requests: perRequest ? [{ setupRequest: (request) => ({ ...request, ...perRequest(turn++) }) }] : undefined,
            },
            (error, result) => (error ? reject(error) : resolveRun(result)),
          );
        }),
    ),
  ).then((results) => {
    const cpuAfter = cpuSeconds(pids);
    const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
    return {
      rps: results.reduce((sum, r) => sum + r.requests.average, 0),
      p50: Math.max(...results.map((r) => r.latency.p50)),
      p99: Math.max(...results.map((r) => r.latency.p99)),
      requests,
      non2xx: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
      // What went over the wire a request, headers included (autocannon counts the response bytes).
      bytesPerRequest: requests === 0 ? '-' : Math.round(results.reduce((sum, r) => sum + r.throughput.total, 0) / requests),
      cpuPerRequest: cpuBefore === null || cpuAfter === null || requests === 0 ? null : ((cpuAfter - cpuBefore) / requests) * 1e6,
    };
  });
}

/** A request of `readers`' turn-th citizen to `path`, with its own session. */
const asCitizen =
  (readers, path, body = {}) =>
  (turn) => {
    const citizen = readers[turn % readers.length];
    return { path, headers: { ...BROWSER_HEADERS, cookie: citizen.cookie }, body: JSON.stringify({ openid: citizen.openid, ...body }) };
  };
/** The review page as the turn-th operator asks for it: the first page, one ask in five the second. */
const asOperator = (operators) => (turn) => ({
  path: '/online/wx/apilist/getReviewList',
  headers: { ...BROWSER_HEADERS, cookie: operators[turn % operators.length] },
  body: JSON.stringify({ page: turn % 5 === 4 ? 2 : 1, pageSize: 50 }),
});

/**
 * BENCH_MIX: each read as many people make it, and "mix", a stream of them all: of every 20 requests
 * 6 open the home (GetWxMenu), 5 list applications, 4 list feedback, 2 ask for the review page and 3
 * write feedback (a write that changes its citizen's list), each citizen another.
 */
function mixScenarios({ readers, operators }) {
  const MIX_PATTERN = 'HHHHHHAAAAAFFFFRRWWW';
  const home = () => ({ path: '/online/wx/apilist/GetWxMenu', headers: BROWSER_HEADERS, body: '{}' });
  const apply = asCitizen(readers, '/online/wx/apilist/getApplyList');
  const sugge = asCitizen(readers, '/online/wx/apilist/getSuggeList');
  const review = asOperator(operators);
  const write = asCitizen(readers, '/online/wx/apilist/addSugge', { content: '建议在大厅增加自助查询机。' });
  const byKind = { H: home, A: apply, F: sugge, R: review, W: write };
  return [
    { name: 'GetWxMenu', kind: 'read', path: '/online/wx/apilist/GetWxMenu', connections: 50, body: {} },
    { name: 'getApplyList*', kind: 'read', path: '/online/wx/apilist/getApplyList', connections: 50, perRequest: apply },
    { name: 'getSuggeList*', kind: 'read', path: '/online/wx/apilist/getSuggeList', connections: 50, perRequest: sugge },
    { name: 'getReviewList*', kind: 'read', path: '/online/wx/apilist/getReviewList', connections: 50, perRequest: review, reviewMoves: true },
    {
      name: 'mix',
      kind: 'read',
      path: '/online/wx/apilist/GetWxMenu',
      connections: 50,
      reviewMoves: true,
      // Each kind has its own count of turns, so each one's citizens and operators take their turns in order.
      perRequest: (() => {
        const turns = { H: 0, A: 0, F: 0, R: 0, W: 0 };
        return (turn) => {
          const kind = MIX_PATTERN[turn % MIX_PATTERN.length];
          return byKind[kind](turns[kind]++);
        };
      })(),
    },
  ].filter((s) => !ONLY || ONLY.includes(s.name));
}

/** While a BENCH_MIX call runs: an application moved in and out of the review queue twice a second, as decisions and submissions would. */
function moveReviewQueue(databaseUrl, applicationId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  let timer = null;
  let n = 0;
  const ready = client.connect().then(() => {
    timer = setInterval(() => {
      n += 1;
      client.query('UPDATE applications SET sh_qjdc_yj = $1 WHERE id = $2', [`意见${n}`, applicationId]).catch(() => {});
    }, 500);
  });
  return {
    ready,
    stop: async () => {
      clearInterval(timer);
      await client.end().catch(() => {});
    },
  };
}

/**
 * Transactions PostgreSQL has committed or rolled back in the database so far: each statement the
 * hall sends outside a transaction is one, so the difference over a measurement, divided by its
 * requests, is the statements a request costs (a request's transaction of several counts once).
 */
async function transactions(databaseUrl) {
  // A backend hands its counts in at most once a second, when idle: wait for the last ones.
  await new Promise((r) => setTimeout(r, 1500));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The statistics are read as of a snapshot; a fresh one is asked for first.
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()');
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

function scenarios({ citizens, reader, operatorCookie, mix }) {
  if (mix) return mixScenarios(mix);
  return [
    { name: 'getSuggeList', kind: 'read', path: '/online/wx/apilist/getSuggeList', connections: 50, cookie: reader.cookie, body: { openid: reader.openid } },
    { name: 'GetWxMenu', kind: 'read', path: '/online/wx/apilist/GetWxMenu', connections: 50, body: {} },
    { name: 'getApplyList', kind: 'read', path: '/online/wx/apilist/getApplyList', connections: 50, cookie: reader.cookie, body: { openid: reader.openid } },
    // What the console asks for (admin-shell's loadReviewQueues): the first page of 50 of each stage.
    { name: 'getReviewList', kind: 'read', path: '/online/wx/apilist/getReviewList', connections: 50, cookie: operatorCookie, body: { page: 1, pageSize: 50 } },
    {
      name: 'addSugge',
      kind: 'write',
      path: '/online/wx/apilist/addSugge',
      connections: 200,
      // Each request as another citizen, so the per-session limit (20 a minute) is not what is measured.
      perRequest: (turn) => {
        const citizen = citizens[1 + (turn % (citizens.length - 1))];
        return { headers: { ...BROWSER_HEADERS, cookie: citizen.cookie }, body: JSON.stringify({ openid: citizen.openid, content: '建议在大厅增加自助查询机。' }) };
      },
    },
  ].filter((s) => !ONLY || ONLY.includes(s.name));
}

const pad = (text, width) => String(text).padEnd(width);
const median = (values) => {
  const sorted = values.filter((value) => value !== null && value !== '-').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const cpuText = (micros) => (micros === null ? '-' : `${Math.round(micros)} µs`);
const padStart = (text, width) => String(text).padStart(width);

async function main() {
  const { work, logFile, databaseUrl: freshUrl } = await prepareRun('hall-bench-', cleanups);
  let databaseUrl = freshUrl;
  const bare = await startBare(undefined);
  const first = await startHall({ dataDir: join(work, 'data1'), databaseUrl, profileDir: process.env.BENCH_CPU_PROF, logFile });
  databaseUrl ??= await embeddedUrl(join(work, 'data1'));
  const seeded = await seed(databaseUrl, first.origin);
  const list = scenarios(seeded);

  console.log(
    `${SECONDS} s per measurement, 2 s warm-up, ${ROUNDS} round${ROUNDS > 1 ? 's' : ''} a call; load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const bareTarget = { path: '/bare', connections: 50, body: {} };
  const measureBare = async () => {
    await load([bare], bareTarget, 2);
    return load([bare], bareTarget, SECONDS);
  };
  const bareFigures = await measureBare();
  console.log(`bare Fastify route (50 connections): ${Math.round(bareFigures.rps)} req/s, p99 ${bareFigures.p99} ms, ${cpuText(bareFigures.cpuPerRequest)} CPU a request`);
  // The floor under any call that reads per-citizen data: the same route after PostgreSQL round trips.
  const bareWithDatabase = await startBare(databaseUrl);
  for (const trips of [1, 2]) {
    const target = { path: `/bare-db/${trips}`, connections: 50, body: {} };
    await load([bareWithDatabase], target, 2);
    const figures = await load([bareWithDatabase], target, SECONDS);
    console.log(
      `bare route + ${trips} PostgreSQL round trip${trips > 1 ? 's' : ''}: ${Math.round(figures.rps)} req/s, p99 ${figures.p99} ms, ${((figures.rps / bareFigures.rps) * 100).toFixed(1)} % of bare, ${cpuText(figures.cpuPerRequest)} CPU a request`,
    );
  }
  // Stopped, and its last counts handed in (an idle backend does so after ten seconds), so that the
  // transactions counted for the hall's calls are the hall's alone.
  await stop(bareWithDatabase.child);
  await new Promise((r) => setTimeout(r, 11_000));
  console.log('');

  const servers = [first];
  for (const count of PROCESS_COUNTS) {
    while (servers.length < count) servers.push(await startHall({ dataDir: join(work, `data${servers.length + 1}`), databaseUrl, logFile }));
    const measured = servers.slice(0, count);
    console.log(`hall server, ${count} process${count > 1 ? 'es (connections split between them)' : ''}`);
    console.log(
      `${pad('call', 16)}${pad('kind', 7)}${padStart('conns', 6)}${padStart('req/s', 9)}${padStart('p99 ms', 8)}${padStart('of bare', 9)}${padStart('non-2xx', 9)}${padStart('CPU/req', 9)}${padStart('bytes', 7)}  target`,
    );
    for (const scenario of list) {
      const rounds = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        // With several rounds, each call's round is compared with the bare route measured just before it.
        const bareNow = ROUNDS > 1 ? await measureBare() : bareFigures;
        if (scenario.perRequest && seeded.mix) await checkMix(measured[0].origin, scenario);
        const mover = scenario.reviewMoves ? moveReviewQueue(databaseUrl, seeded.mix.movingApplication) : null;
        await mover?.ready;
        await load(measured, scenario, 2);
        const before = await transactions(databaseUrl);
        const figures = await load(measured, scenario, SECONDS).finally(() => mover?.stop());
        const statements = ((await transactions(databaseUrl)) - before) / figures.requests;
        rounds.push({ ...figures, statements, ratio: figures.rps / bareNow.rps });
      }
      const of = (key) => median(rounds.map((round) => round[key]));
      const [rps, p99, ratio, cpuPerRequest, bytes] = [of('rps'), of('p99'), of('ratio'), of('cpuPerRequest'), of('bytesPerRequest')];
      const [p50, statements] = [of('p50'), of('statements')];
      const target = scenario.kind === 'read' ? `≥ 30 %, p99 ≤ 25 ms: ${ratio >= 0.3 && p99 <= 25 ? 'met' : 'not met'}` : `≥ 15 %: ${ratio >= 0.15 ? 'met' : 'not met'}`;
      console.log(
        `${pad(scenario.name, 16)}${pad(scenario.kind, 7)}${padStart(scenario.connections, 6)}${padStart(Math.round(rps), 9)}${padStart(p99, 8)}${padStart(`${(ratio * 100).toFixed(1)} %`, 9)}${padStart(
          rounds.reduce((sum, round) => sum + round.non2xx, 0),
          9,
        )}${padStart(cpuText(cpuPerRequest), 9)}${padStart(bytes === null ? '-' : Math.round(bytes), 7)}  ${target}`,
      );
      console.log(`${pad('', 23)}p50 ${p50} ms, ${statements.toFixed(2)} database transactions a request`);
      if (ROUNDS > 1) console.log(`${pad('', 23)}rounds: ${rounds.map((round) => `${(round.ratio * 100).toFixed(1)} %`).join(', ')}`);
    }
    console.log('');
  }
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (a busy machine lowers every figure: run again when it is)`,
  );
}

try {
  await main();
} finally {
  for (const child of children.reverse()) await stop(child);
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
}
