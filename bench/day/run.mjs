// A day at the hall, measured: many distinct citizens and a few operators use the built hall over real
// HTTP as people do, and the benchmark finds how many citizens an hour one process (and two) serves with
// the 95th percentile of every call at or under 200 ms.
//
// Each citizen is new: it signs in through WeChat (the demo hall's stand-in, the five calls a phone
// makes), so it has a session of its own; its profile is then completed and real-name verified in the
// database (what the face check would do), and it opens the home, its lists, and by chance starts and
// submits an application with its pictures, books a counter visit, takes a queue number, queries its
// certificate, sends a PDF for verification, writes feedback, and looks at its list again. Between
// screens it pauses as a person would. Reviewers work through the review queues and counter staff call
// the queue meanwhile.
//
// One step plays an hour of the hall compressed into BENCH_MINUTES minutes: a step of N citizens has
// them arrive at random (a Poisson stream) over those minutes, and every pause is shortened by the same
// factor (60 / BENCH_MINUTES). The server therefore receives the calls of N × 60 / BENCH_MINUTES
// citizens an hour, and that is the rate printed. Each step grows the citizens by BENCH_GROWTH until
// the 95th percentile of all calls passes 200 ms or more than 1 % of calls fail (or BENCH_STEPS steps);
// the last step under both is the rate the processes sustain. When the first step is already over,
// the steps go down by the same factor until one holds. With two processes, citizens and operators
// are spread over two servers on one database, as a proxy that keeps a visitor on one process would.
//
// Settings (environment):
//   BENCH_MINUTES     wall-clock minutes one step (one hour of the hall) lasts (default 1)
//   BENCH_CITIZENS    citizens in the first step (default 200)
//   BENCH_GROWTH      how much each step grows the citizens (default 1.5)
//   BENCH_STEPS       the most steps a search takes (default 6)
//   BENCH_PROCESSES   which server counts to measure, e.g. "1", "2" or "1,2" (default "1,2")
//   BENCH_REVIEWERS   reviewers signed in during each step (default 3)
//   BENCH_COUNTERS    counter staff calling the queue during each step (default 2)
//   BENCH_PICTURE_KB  the size of each material picture a citizen uploads (default 150, a phone's photo)
//   BENCH_LOG_LEVEL   the servers' LOG_LEVEL (default info, what a production hall runs with)
//   DATABASE_URL      an external PostgreSQL: a fresh database is made on it and dropped after;
//                     without it the first server starts its embedded PostgreSQL in a temporary folder
//
// It prints, per step, each call's count, p50, p95, p99, refusals (a 4xx the hall means, such as a full
// slot) and errors (5xx, no answer), then a table of the steps and the sustained rate.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract } from '@hall/api';
import pg from 'pg';
import { cpuSeconds, embeddedUrl, prepareRun, startHall, stop } from '../lib/hall-processes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MINUTES = Number(process.env.BENCH_MINUTES ?? 1);
const FIRST_CITIZENS = Number(process.env.BENCH_CITIZENS ?? 200);
const GROWTH = Number(process.env.BENCH_GROWTH ?? 1.5);
const STEPS = Number(process.env.BENCH_STEPS ?? 6);
const PROCESS_COUNTS = (process.env.BENCH_PROCESSES ?? '1,2').split(',').map(Number);
const REVIEWERS = Number(process.env.BENCH_REVIEWERS ?? 3);
const COUNTERS = Number(process.env.BENCH_COUNTERS ?? 2);
const PICTURE_KB = Number(process.env.BENCH_PICTURE_KB ?? 150);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
/** The p95 a step must stay at or under, and the share of calls that may fail, to count as sustained. */
const P95_LIMIT_MS = 200;
const ERROR_LIMIT = 0.01;
/** How many times faster than the hall's own hour a step runs: every pause is divided by it. */
const COMPRESSION = 60 / MINUTES;

/** The demo registry's first certificate and its owner (apps/server/src/seed/content.ts): every citizen's profile, so its query finds a certificate. */
const OWNER = { name: '张三', idcard: '130402198503151231', qzh: '冀(2023)邯郸市不动产权第0012345号' };
const CITY = { xzqmc: '邯郸市', xzqdm: '130400' };
const QUEUE = { company: 'qc-130400', group: 'qc-130400-a' };
const OPERATOR_PASSWORD = 'demo2026hall';
/** WeChat's own browser on Android: the hall sends it to WeChat's sign-in. */
const WECHAT_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN';
/** A phone's photo as far as the hall's picture check reads it: the PNG signature, then bytes. */
const PICTURE = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(PICTURE_KB * 1024)]).toString('base64');

const children = [];
const cleanups = [];

/** Every call's latencies and outcomes in one step, by the name the contract gives it. */
class Figures {
  calls = new Map();
  record(name, ms, outcome) {
    let entry = this.calls.get(name);
    if (!entry) this.calls.set(name, (entry = { times: [], refused: 0, errors: 0 }));
    entry.times.push(ms);
    if (outcome === 'refused') entry.refused += 1;
    if (outcome === 'error') entry.errors += 1;
  }
  all() {
    const merged = { times: [], refused: 0, errors: 0 };
    for (const entry of this.calls.values()) {
      merged.times.push(...entry.times);
      merged.refused += entry.refused;
      merged.errors += entry.errors;
    }
    return merged;
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const summary = ({ times, refused, errors }) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), refused, errors };
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** A person's pause of about `seconds` of the hall's time (between half and one and a half of it), compressed. */
const pause = (seconds) => sleep(((seconds * (0.5 + Math.random())) / COMPRESSION) * 1000);
const chance = (p) => Math.random() < p;

/**
 * One visitor of the hall: a browser with its own cookies and its own client address (the proxy's
 * X-Forwarded-For, which the hall trusts from 127.0.0.1), so the per-address limits count each person.
 */
class Visitor {
  cookies = new Map();
  constructor(origin, figures) {
    this.origin = origin;
    this.figures = figures;
    const n = randomBytes(3);
    this.address = `10.${n[0]}.${n[1]}.${n[2] || 1}`;
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  keepCookies(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }

  /** Sends one request, times it and records it under `name`; answers the status, the reply and the response. */
  async send(name, path, { method = 'POST', headers = {}, body, expectRefusal = false, answers = [] } = {}) {
    const started = performance.now();
    try {
      const response = await fetch(this.origin + path, {
        method,
        redirect: 'manual',
        headers: { 'accept-encoding': 'gzip, deflate, br', 'x-forwarded-for': this.address, cookie: this.cookieHeader(), ...headers },
        body,
      });
      const text = await response.text();
      const ms = performance.now() - started;
      this.keepCookies(response);
      const status = response.status;
      const outcome = answers.includes(status) ? 'ok' : status >= 500 ? 'error' : status >= 400 ? 'refused' : 'ok';
      this.figures.record(name, ms, outcome);
      if (status >= 400 && !expectRefusal && process.env.BENCH_VERBOSE) console.error(`${name} ${status}: ${text.slice(0, 200)}`);
      let json = null;
      try {
        json = JSON.parse(text);
      } catch {
        // a page or a file
      }
      return { status, json, response };
    } catch (error) {
      this.figures.record(name, performance.now() - started, 'error');
      if (process.env.BENCH_VERBOSE) console.error(`${name}: ${error.message}`);
      return { status: 0, json: null, response: null };
    }
  }

  /** One call of the contract, as the apps send it: JSON, a form, or a GET's query string. */
  call(name, input = {}, options = {}) {
    const definition = contract[name];
    const payload = { ...input };
    const path = definition.path.replace(/:([A-Za-z]+)/g, (_, key) => {
      const value = payload[key];
      delete payload[key];
      return encodeURIComponent(String(value ?? ''));
    });
    if (definition.method === 'GET') return this.send(name, `${path}?${new URLSearchParams(payload)}`, { method: 'GET', ...options });
    if (definition.form) return this.send(name, path, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(payload).toString(), ...options });
    return this.send(name, path, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload), ...options });
  }
}

/** Signs a new citizen in as WeChat's browser does, through the demo hall's WeChat stand-in. */
async function signInWithWechat(visitor, openid) {
  // Without a code the hall answers 401 with WeChat's address to go to: the first step of every sign-in.
  const start = await visitor.send('authorize (start)', contract.authorize.path, { headers: { 'content-type': 'application/json', 'user-agent': WECHAT_USER_AGENT }, body: '{}', answers: [401] });
  const url = new URL(start.json.url, visitor.origin);
  const form = new URLSearchParams({
    appid: url.searchParams.get('appid'),
    redirect_uri: `${visitor.origin}/`,
    scope: 'snsapi_userinfo',
    state: url.searchParams.get('state'),
    openid,
    nickname: '市民',
  });
  const consent = await visitor.send('WeChat consent (stand-in)', '/simulator/wechat/connect/oauth2/authorize', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const code = new URL(consent.response.headers.get('location')).searchParams.get('code');
  const authorized = await visitor.call('authorize', { code, state: url.searchParams.get('state') });
  await visitor.call(authorized.json?.msg === 'newUser' ? 'newUser' : 'oldUser');
  await visitor.call('refreshCookie');
}

/** The visit of one citizen, from signing in to the last look at its list. */
async function citizenVisit(origin, figures, verifyProfile) {
  const openid = `day-${randomBytes(6).toString('hex')}`;
  const citizen = new Visitor(origin, figures);
  await signInWithWechat(citizen, openid);
  await verifyProfile(openid);
  await citizen.call('getWxMenu');
  await citizen.call('getYhxx');
  await pause(20);
  await citizen.call('getApplyList', { reqseq: 'r' });
  await citizen.call('getFeedBackListPage', { page: '1', rows: '10' });
  await pause(20);
  if (chance(0.4)) await applyWithPictures(citizen);
  if (chance(0.3)) await bookCounterVisit(citizen, openid);
  if (chance(0.2)) await takeQueueNumber(citizen, openid);
  if (chance(0.3)) await queryCertificate(citizen);
  if (chance(0.15)) await sendForVerification(citizen);
  if (chance(0.1)) {
    await citizen.call('sendSaveFeedback', { content: '建议在大厅增加自助查询机。' });
    await pause(5);
  }
  await citizen.call('getApplyList', { reqseq: 'r' });
}

/** A cancellation (400+4): its applicant, its certificate number, a picture for each required material, checked and submitted. */
async function applyWithPictures(citizen) {
  const started = await citizen.call('getApplyCode', { reqseq: 'r', prodefid: 'pd-400-4', appointment: '0' });
  const proinstid = started.json?.data?.proinstid;
  if (!proinstid) return;
  await pause(30);
  const applicant = { sqrxm: OWNER.name, zjlx: '1', sqrzjh: OWNER.idcard, gyfs: '0', gyfe: '', sqrlxdh: '13812341234', sqrlx: '0', sqrdz: '邯郸市丛台区一号', sfcqr: '1' };
  for (const key of ['dlrxm', 'dlrzjh', 'dlrzjlx', 'dlrlxdh', 'fddbrxm', 'fddbrzjh', 'fddbrzjlx', 'fddbrdh']) applicant[key] = '';
  await citizen.call('addPerson', { reqseq: 'r', proinstid, proposerinfo: JSON.stringify(applicant) });
  await pause(30);
  await citizen.call('addQlxxInfo', { proinstid, savetype: '4', reqData: { ZXDJ: { BDCZMH: OWNER.qzh, ZXYY: '房屋灭失', ZXFJ: '' } } });
  await pause(10);
  const materials = await citizen.call('getUploadType', { slsqId: proinstid, sfhqmx: '0' });
  for (const material of (materials.json?.data?.datuminstInfo ?? []).filter((m) => m.required === '是')) {
    await pause(15);
    await citizen.call('savePicFromWXServer', { datuminstId: material.id, base64: PICTURE });
  }
  await citizen.call('check', { reqseq: 'r', proinstid });
  await pause(5);
  await citizen.call('submitApplyProject', { reqseq: 'r', proinstid, appointment: '0' });
  await pause(5);
}

/** A counter visit on an open day ahead, at a time with places left; a full slot is the hall's refusal, not an error. */
async function bookCounterVisit(citizen, openid) {
  const calendar = await citizen.call('getCalendar');
  const days = (calendar.json?.data ?? []).filter((day) => day.holiday === 0).slice(1);
  if (days.length === 0) return;
  const day = days[Math.floor(Math.random() * days.length)];
  await pause(10);
  const slots = await citizen.call('queryApmCount', { calendarId: day.calendarId, openId: openid });
  const open = (slots.json?.data?.counts ?? []).filter((slot) => slot.countNum < slot.maxNum);
  if (open.length === 0) return;
  const slot = open[Math.floor(Math.random() * open.length)];
  await pause(20);
  await citizen.call(
    'addApmCount',
    { name: OWNER.name, phone: '13812341234', zjh: OWNER.idcard, yysj: `${day.calendar} ${slot.timeName}`, calendarId: day.calendarId, countId: slot.countId, openId: openid },
    { expectRefusal: true },
  );
  await citizen.call('getApmRecord', { openId: openid });
  await pause(5);
}

/** A queue number: today's when a time of today is still open (so the counters have numbers to call), else the next open day's. */
async function takeQueueNumber(citizen, openid) {
  const days = await citizen.call('queueDays', { comID: QUEUE.company });
  const open = (days.json?.data ?? []).filter((day) => day.holiday === 0);
  for (const day of open.slice(0, 2)) {
    const times = await citizen.call('queueTimeNumbers', { comID: QUEUE.company, groupId: QUEUE.group, aboutDate: day.date });
    const time = (times.json?.data ?? []).find((t) => t.bookable && t.left > 0);
    if (!time) continue;
    await pause(15);
    await citizen.call('addQueueOrder', { wechatid: openid, name: OWNER.name, phone: '13812341234', remark: '', queueid: QUEUE.group, resDay: day.date, resTime: time.time }, { expectRefusal: true });
    await citizen.call('queueOrders');
    return;
  }
}

async function queryCertificate(citizen) {
  await citizen.call('certificateSearch', { username: OWNER.name, zjh: OWNER.idcard, qzh: OWNER.qzh, ...CITY });
  await pause(20);
  await citizen.call('getZsRecord');
}

let verificationPdf;
async function sendForVerification(citizen) {
  const form = new FormData();
  form.append('Filedata', new Blob([verificationPdf], { type: 'application/pdf' }), '电子证照.pdf');
  form.append('xzqdm', CITY.xzqdm);
  form.append('xzqmc', CITY.xzqmc);
  await citizen.send('getDzzzyqUpload', contract.getDzzzyqUpload.path, { body: form });
  await pause(20);
  await citizen.call('dzzzVerification');
}

async function signInOperator(origin, figures, username) {
  const operator = new Visitor(origin, figures);
  const signedIn = await operator.call('operatorSignIn', { username, password: OPERATOR_PASSWORD });
  if (signedIn.status !== 200) throw new Error(`the demo ${username} could not sign in (${signedIn.status}): ${JSON.stringify(signedIn.json)}`);
  return operator;
}

/** A reviewer until `until`: reads the queues, opens the first application of a stage and passes it, then pauses. */
async function reviewerShift(operator, until) {
  while (Date.now() < until) {
    const queues = await operator.call('getReviewList', { reqseq: 'r' });
    for (const queue of queues.json?.data?.lists ?? []) {
      const first = queue.items[0];
      if (!first) continue;
      await operator.call('getReviewApply', { reqseq: 'r', proinstid: first.id });
      await pause(40);
      // Two reviewers may take the same application: the second's refusal is the hall's answer, not an error.
      await operator.call('reviewApply', { reqseq: 'r', proinstid: first.id, stage: queue.stage, decision: 'pass' }, { expectRefusal: true });
    }
    await pause(30);
  }
}

/** A counter until `until`: looks at the board and calls the next number, serves and finishes it. */
async function counterShift(operator, window, until) {
  while (Date.now() < until) {
    await operator.call('getQueueBoard', { groupId: QUEUE.group });
    const next = await operator.call('callNextQueueNumber', { groupId: QUEUE.group, window }, { expectRefusal: true });
    const id = next.status === 200 ? next.json?.data?.id : null;
    if (id) {
      await pause(10);
      await operator.call('serveQueueNumber', { id });
      await pause(180);
      await operator.call('finishQueueNumber', { id });
    }
    await pause(60);
  }
}

/** One step: `count` citizens arriving at random over BENCH_MINUTES, with the operators at work; answers its figures. */
async function playStep(servers, count, operators, verifyProfile) {
  const figures = new Figures();
  const origins = servers.map((server) => server.origin);
  const seconds = MINUTES * 60;
  const until = Date.now() + seconds * 1000;
  const shifts = [...operators.reviewers.map((operator) => reviewerShift(operator.as(figures), until)), ...operators.counters.map((operator, i) => counterShift(operator.as(figures), 3 + i, until))];
  const cpuBefore = cpuSeconds(servers.map((server) => server.child.pid));
  const visits = [];
  const started = Date.now();
  // Poisson arrivals: exponential gaps with the step's mean, the first citizen at once.
  let at = 0;
  for (let i = 0; i < count && at < seconds; i += 1) {
    await sleep(Math.max(0, started + at * 1000 - Date.now()));
    visits.push(citizenVisit(origins[i % origins.length], figures, verifyProfile).catch(() => figures.record('visit broken off', 0, 'error')));
    at += (-Math.log(1 - Math.random()) * seconds) / count;
  }
  await Promise.all([...visits, ...shifts]);
  const cpuAfter = cpuSeconds(servers.map((server) => server.child.pid));
  return { figures, arrived: visits.length, cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
}

const pad = (text, width) => String(text).padEnd(width);
const padStart = (text, width) => String(text).padStart(width);
const ms = (value) => value.toFixed(value < 10 ? 1 : 0);

function printCalls(figures) {
  console.log(`  ${pad('call', 28)}${padStart('count', 7)}${padStart('p50 ms', 8)}${padStart('p95 ms', 8)}${padStart('p99 ms', 8)}${padStart('refused', 9)}${padStart('errors', 8)}`);
  const rows = [...figures.calls].map(([name, entry]) => [name, summary(entry)]).sort((a, b) => b[1].count - a[1].count);
  for (const [name, s] of rows) {
    console.log(`  ${pad(name, 28)}${padStart(s.count, 7)}${padStart(ms(s.p50), 8)}${padStart(ms(s.p95), 8)}${padStart(ms(s.p99), 8)}${padStart(s.refused, 9)}${padStart(s.errors, 8)}`);
  }
}

/**
 * Steps the citizens up on `servers` until the p95 or the errors pass their limits; when the first step
 * already passes them, steps down instead until one holds. Answers the steps.
 */
async function search(servers, operators, verifyProfile) {
  const steps = [];
  let count = FIRST_CITIZENS;
  let upward = true;
  for (let step = 0; step < STEPS && count >= 1; step += 1) {
    const { figures, arrived, cpu } = await playStep(servers, Math.round(count), operators, verifyProfile);
    const total = summary(figures.all());
    // The rate the server received: the arrivals of the step, over its wall-clock seconds, an hour.
    const perHour = Math.round((arrived / (MINUTES * 60)) * 3600);
    const sustained = total.p95 <= P95_LIMIT_MS && total.errors <= ERROR_LIMIT * total.count;
    // The call that weighs on citizens most: the highest p95 among calls made at least ten times.
    const slowest = [...figures.calls]
      .map(([name, entry]) => ({ name, ...summary(entry) }))
      .filter((call) => call.count >= 10)
      .sort((a, b) => b.p95 - a.p95)[0];
    steps.push({ citizens: arrived, perHour, total, sustained, slowest });
    console.log(
      `step ${step + 1}: ${arrived} citizens in ${MINUTES} min (${perHour} an hour as the server sees them), ${total.count} calls, p50 ${ms(total.p50)} ms, p95 ${ms(total.p95)} ms, p99 ${ms(total.p99)} ms, ${total.errors} errors, ${total.refused} refusals; the servers' CPU ${cpu === null ? '-' : `${cpu.toFixed(1)} s`}, load average ${loadavg()[0].toFixed(2)}`,
    );
    printCalls(figures);
    if (step === 0) upward = sustained;
    if (sustained !== upward) break;
    count = upward ? count * GROWTH : count / GROWTH;
  }
  return steps;
}

async function main() {
  const { work, logFile, databaseUrl: freshUrl } = await prepareRun('hall-day-', cleanups);
  let databaseUrl = freshUrl;
  verificationPdf = await readFile(join(root, 'apps', 'server', 'assets', 'downloads', 'power-of-attorney.pdf'));
  const launch = async (n) => {
    const hall = await startHall({ dataDir: join(work, `data${n}`), databaseUrl, logFile, logLevel: LOG_LEVEL, env: { HALL_TRUST_PROXY: '127.0.0.1' } });
    children.push(hall.child);
    return hall;
  };
  const servers = [await launch(1)];
  databaseUrl ??= await embeddedUrl(join(work, 'data1'));

  // What the face check does for a real citizen: the profile complete and real-name verified. Not timed.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  cleanups.push(() => pool.end());
  const verifyProfile = (openid) =>
    pool.query('UPDATE users SET name = $2, cardnum = $3, phone = $4, real_name_auth = 1, xzqdm = $5 WHERE openid = $1', [openid, OWNER.name, OWNER.idcard, '13812341234', CITY.xzqdm]);

  console.log(
    `A day at the hall: one hour of the hall in ${MINUTES} min (pauses ${COMPRESSION.toFixed(0)} times shorter), from ${FIRST_CITIZENS} citizens a step, ×${GROWTH} a step, at most ${STEPS} steps; ${REVIEWERS} reviewers and ${COUNTERS} counters; load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const results = [];
  for (const processes of PROCESS_COUNTS) {
    while (servers.length < processes) servers.push(await launch(servers.length + 1));
    const measured = servers.slice(0, processes);
    // Operators sign in once per process count and keep their sessions, each on its own server in turn.
    const signIn = async (username, i) => {
      const operator = await signInOperator(measured[i % measured.length].origin, new Figures(), username);
      return { as: (figures) => Object.assign(Object.create(Object.getPrototypeOf(operator)), operator, { figures }) };
    };
    const operators = {
      reviewers: await Promise.all(Array.from({ length: REVIEWERS }, (_, i) => signIn('reviewer', i))),
      counters: await Promise.all(Array.from({ length: COUNTERS }, (_, i) => signIn('counter', i))),
    };
    console.log(`\n== ${processes} process${processes > 1 ? 'es (citizens and operators spread over them)' : ''}`);
    results.push({ processes, steps: await search(measured, operators, verifyProfile) });
  }

  console.log('\nstep | processes | citizens a step | citizens an hour (server) | calls | p50 ms | p95 ms | p99 ms | errors | slowest call, p95 ms | sustained');
  for (const { processes, steps } of results) {
    steps.forEach((s, i) =>
      console.log(
        `${i + 1} | ${processes} | ${s.citizens} | ${s.perHour} | ${s.total.count} | ${ms(s.total.p50)} | ${ms(s.total.p95)} | ${ms(s.total.p99)} | ${s.total.errors} | ${s.slowest ? `${s.slowest.name}, ${ms(s.slowest.p95)}` : '-'} | ${s.sustained ? 'yes' : 'no'}`,
      ),
    );
  }
  console.log('');
  for (const { processes, steps } of results) {
    const best = steps.filter((s) => s.sustained).sort((a, b) => b.perHour - a.perHour)[0];
    const capped = steps.every((s) => s.sustained);
    console.log(
      `${processes} process${processes > 1 ? 'es' : ''}: ${best ? `${best.perHour} citizens an hour with p95 ≤ ${P95_LIMIT_MS} ms${capped ? ' (every step held: raise BENCH_STEPS or BENCH_CITIZENS for the limit)' : ''}` : `no step held p95 ≤ ${P95_LIMIT_MS} ms, down to ${steps.at(-1)?.perHour} an hour: lower BENCH_CITIZENS`}`,
    );
  }
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (a busy machine lowers every figure: run again when it is quiet)`,
  );
}

try {
  await main();
} finally {
  for (const child of children.reverse()) await stop(child);
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
}
