// Hostile-PDF benchmark (not run by CI): starts the built demo hall (dist/main.js) on loopback with a
// data folder of its own, uploads a 3 MB flate bomb (an object stream inflating to about 3 GB) and a
// ~30 MB PDF of 800,000 objects for signature verification, and meanwhile measures /healthz latency,
// how long a certificate query takes to complete, and the server's RSS. Then, on a second demo hall
// whose queries wait for operators, a 1 MB flate bomb (1 GB inflated) goes through the console's two
// PDF uploads — a 窗口人员's answer to a pending query, a 内容管理员's downloadable form — each with its
// /healthz latency and RSS. Prints the figures and stops the halls.
// Run after a build:  cd apps/server && npx tsup && node bench/hostile-pdf.mjs
// BENCH_SERVER_DIR=<another apps/server folder> measures that folder's build instead; BENCH_ONLY=verification or
// BENCH_ONLY=console runs one of the two parts.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDeflate } from 'node:zlib';

const serverDir = process.env.BENCH_SERVER_DIR ?? new URL('..', import.meta.url).pathname;
const PORT = 18_000 + Math.floor(Math.random() * 1000) * 2;
let BASE = `http://127.0.0.1:${PORT}`;
/** How many times each console upload is made (each bomb to its own pending record, each form under its own name). */
const ROUNDS = 5;
/** The demo operators' password (src/seed/operators.ts). */
const OPERATOR_PASSWORD = 'demo2026hall';
const OWNER = { name: '张三', idcard: '130402198503151231', phone: '13812341234', qzh: '冀(2023)邯郸市不动产权第0012345号' };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `inflated` bytes of zeros deflated (about a thousandth) inside an object stream of a one-page PDF, which a naive parser inflates whole. */
async function flateBomb(inflated) {
  const deflate = createDeflate({ level: 9 });
  const chunks = [];
  deflate.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(16 * 1024 * 1024);
  for (let written = 0; written < inflated; written += zeros.length) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  const body = Buffer.concat(chunks);
  return Buffer.concat([
    Buffer.from(
      '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [4 0 R] /Count 1 >>\nendobj\n' +
        '4 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\n' +
        `3 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${body.length} >>\nstream\n`,
    ),
    body,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R /Size 5 >>\n%%EOF\n'),
  ]);
}

/** A PDF of 800,000 small objects (about 30 MB). */
function manyObjects(count = 800_000) {
  const parts = ['%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n'];
  for (let i = 3; i < count + 3; i += 1) parts.push(`${i} 0 obj\n<< /K ${i} >>\nendobj\n`);
  parts.push(`trailer\n<< /Root 1 0 R /Size ${count + 3} >>\n%%EOF\n`);
  return Buffer.from(parts.join(''), 'latin1');
}

async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/** WeChat's browser: the bench citizens sign in through WeChat, and any other browser is sent to the hall's own sign-in page. */
const WECHAT_USER_AGENT = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560';

/** A browser of one citizen in WeChat: a cookie jar and the hall's own Origin on every call. */
function browser() {
  const jar = new Map();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  const request = async (path, init = {}) =>
    keep(await fetch(BASE + path, { redirect: 'manual', ...init, headers: { origin: BASE, cookie: cookie(), 'user-agent': WECHAT_USER_AGENT, ...(init.headers ?? {}) } }));
  const post = async (path, body) => (await request(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })).json();
  const form = (path, fields) => request(path, { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  return { request, post, form };
}

async function signIn(openid) {
  const b = browser();
  const start = await b.post('/wechat/api/outh2/authorize', {});
  const state = new URL(start.url, BASE).searchParams.get('state');
  const appid = new URL(start.url, BASE).searchParams.get('appid');
  const picked = await b.form('/simulator/wechat/connect/oauth2/authorize', { appid, redirect_uri: `${BASE}/`, scope: 'snsapi_userinfo', state, openid, nickname: '压测市民' });
  const code = new URL(picked.headers.get('location')).searchParams.get('code');
  const authorized = await b.post('/wechat/api/outh2/authorize', { code, state });
  await b.post(`/wechat/api/wechatuser/${authorized.msg === 'newUser' ? 'newuser' : 'olduser'}`, {});
  await b.post('/wechat/api/outh2/refresh', {});
  const saved = await b.post('/online/wx/apilist/perfectUserInfo', { openid, name: OWNER.name, cardnum: OWNER.idcard, phone: OWNER.phone, password: 'abc123' });
  if (saved.errcode !== '00') throw new Error(`profile: ${JSON.stringify(saved)}`);
  const face = await b.post('/online/wx/face/WxDetectAuth', { RedirectUrl: `${BASE}/userInfo`, openid, idcard: OWNER.idcard, name: OWNER.name });
  const bizToken = face.data.BizToken;
  await b.form('/simulator/faceid', { BizToken: bizToken, outcome: 'pass' });
  const user = await b.post('/online/wx/apilist/getUserInfo', { data: { openid, BizToken: bizToken } });
  if (user.faceResult !== 'passed') throw new Error(`face check: ${JSON.stringify(user)}`);
  return b;
}

/** A built demo hall on loopback with a data folder of its own; `stop` ends it and removes the folder. */
async function startHall(port, env = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'hall-bench-'));
  const server = spawn(process.execPath, ['dist/main.js'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, HALL_MODE: 'demo', HALL_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', HALL_QUERY_POLL_MS: '500', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server.stdout.on('data', (chunk) => process.stdout.write(chunk));
  const stop = async () => {
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
  BASE = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i += 1) {
      if (i > 240) throw new Error('the hall did not start');
      if (
        await fetch(`${BASE}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(500);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid: server.pid, stop };
}

/** Runs `work` while asking /healthz every 20 ms and sampling the server's RSS; answers the work's result and the figures. */
async function probeWhile(pid, work) {
  const rssBefore = await rssMb(pid);
  let peakRss = rssBefore;
  let sampling = true;
  const latencies = [];
  const probe = (async () => {
    while (sampling) {
      const t = performance.now();
      await fetch(`${BASE}/healthz`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - t);
      peakRss = Math.max(peakRss, await rssMb(pid));
      await sleep(20);
    }
  })();
  const started = performance.now();
  let result;
  try {
    result = await work();
  } finally {
    sampling = false;
    await probe;
  }
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    result,
    seconds: (performance.now() - started) / 1000,
    health: `${latencies.length} probes, p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms (budget p99 < 100 ms)`,
    rss: `${rssBefore.toFixed(0)} MB before, peak ${peakRss.toFixed(0)} MB: grew ${(peakRss - rssBefore).toFixed(0)} MB (budget < 256 MB)`,
  };
}

/** An operator of the console signed in with the demo password. */
async function operator(username) {
  const b = browser();
  const signedIn = await b.post('/online/admin/api/signIn', { username, password: OPERATOR_PASSWORD });
  if (signedIn.errcode !== '00') throw new Error(`sign-in of ${username}: ${JSON.stringify(signedIn)}`);
  return b;
}

/** One multipart upload of the bomb with these fields; answers the status and the hall's message. */
async function uploadBomb(who, path, bomb, fields, name = 'bomb.pdf') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('Filedata', new Blob([bomb], { type: 'application/pdf' }), name);
  const response = await who.request(path, { method: 'POST', body: form });
  const body = await response.json().catch(() => ({}));
  return `${response.status} ${body.errmsg ?? JSON.stringify(body)}`;
}

/** The signature verification of a flate bomb and an 800k-object file, and a certificate query meanwhile. */
async function verificationUploads(bomb, objects) {
  const hall = await startHall(PORT);
  try {
    const citizen = await signIn('bench-citizen');
    await sleep(1000);
    const started = performance.now();
    let queryMs = null;
    const run = await probeWhile(hall.pid, async () => {
      const uploads = [];
      for (const [name, bytes] of [
        ['bomb.pdf', bomb],
        ['objects.pdf', objects],
      ]) {
        const form = new FormData();
        form.append('Filedata', new Blob([bytes], { type: 'application/pdf' }), name);
        form.append('xzqdm', '130400');
        form.append('xzqmc', '邯郸市');
        const response = await citizen.request('/online/wx/apilist/getDzzzyqUpload', { method: 'POST', body: form });
        uploads.push((await response.json()).data.ID);
      }
      console.log(`uploaded both in ${((performance.now() - started) / 1000).toFixed(1)} s`);

      // A certificate query while the verifications run: how long until its record is answered.
      await sleep(300);
      const queryStart = performance.now();
      const submitted = await citizen.post('/online/query/wx/zsquery', { username: OWNER.name, zjh: OWNER.idcard, qzh: OWNER.qzh, xzqmc: '邯郸市', xzqdm: '130400', openid: 'bench-citizen' });
      const queryId = submitted.data.ID;
      let verifications = [];
      for (let i = 0; i < 600; i += 1) {
        if (queryMs === null) {
          const records = await citizen.post('/online/wx/apilist/getZsRecord', {});
          if (records.data.find((r) => r.ID === queryId && r.state === 20)) queryMs = performance.now() - queryStart;
        }
        verifications = (await citizen.post('/online/wx/apilist/dzzzVerification', {})).data.filter((r) => uploads.includes(r.ID));
        if (queryMs !== null && verifications.every((r) => r.state === 20 || r.state === 21)) break;
        await sleep(100);
      }
      return verifications;
    });
    console.log('\nsignature verification (citizen uploads)');
    for (const record of run.result) console.log(`  verification ${record.filename}: state ${record.state}, ${record.state_msg}`);
    console.log(`  both verifications answered after ${run.seconds.toFixed(1)} s`);
    console.log(`  /healthz: ${run.health}`);
    console.log(`  certificate query answered in ${queryMs === null ? 'never' : `${(queryMs / 1000).toFixed(2)} s`} (budget < 2 s)`);
    console.log(`  server RSS ${run.rss}`);
  } finally {
    await hall.stop();
  }
}

/** The console's PDF uploads: the bomb as a 窗口人员's answer to a pending query, and as a 内容管理员's downloadable form. */
async function consoleUploads(bomb) {
  // Queries wait for an operator, as in a hall without a back-office.
  const hall = await startHall(PORT + 1, { HALL_DEMO_REGISTRY: 'off' });
  try {
    const citizen = await signIn('bench-console-citizen');
    const recordIds = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const submitted = await citizen.post('/online/query/wx/zsquery', { username: OWNER.name, zjh: OWNER.idcard, qzh: OWNER.qzh, xzqmc: '邯郸市', xzqdm: '130400', openid: 'bench-console-citizen' });
      recordIds.push(submitted.data.ID);
    }
    const counter = await operator('counter');
    const content = await operator('content');
    await sleep(1000);
    const uploadEach = async (upload) => {
      const answers = new Map();
      for (let i = 0; i < ROUNDS; i += 1) {
        const answer = await upload(i);
        answers.set(answer, (answers.get(answer) ?? 0) + 1);
      }
      return [...answers].map(([answer, times]) => `${times}× ${answer}`).join('; ');
    };
    const runs = [
      // What the machine gives /healthz with nothing uploaded: the floor the figures below stand on.
      ['idle, nothing uploaded', () => sleep(3000).then(() => 'nothing')],
      [`fulfilment answer (counter), ${ROUNDS} pending records`, () => uploadEach((i) => uploadBomb(counter, '/online/admin/api/fulfilment/upload', bomb, { id: recordIds[i] }))],
      [
        `downloadable form (content), ${ROUNDS} forms`,
        () => uploadEach((i) => uploadBomb(content, '/online/admin/api/content/downloads/upload', bomb, { fileAlias: `压测表格${i}` }, `bomb-${i}.pdf`)),
      ],
    ];
    for (const [label, work] of runs) {
      const run = await probeWhile(hall.pid, work);
      console.log(`\n${label}`);
      console.log(`  answered ${run.result} after ${run.seconds.toFixed(1)} s`);
      console.log(`  /healthz: ${run.health}`);
      console.log(`  server RSS ${run.rss}`);
      await sleep(1000);
    }
    const states = [];
    for (const id of recordIds) states.push((await counter.post('/online/admin/api/fulfilment/get', { id })).data?.state);
    console.log(`\n  the query records afterwards: states ${states.join(', ')} (0: still pending)`);
  } finally {
    await hall.stop();
  }
}

async function main() {
  console.log('building the hostile files …');
  const bomb = await flateBomb(3 * 1024 ** 3);
  const consoleBomb = await flateBomb(1024 ** 3);
  const objects = manyObjects();
  console.log(
    `flate bombs ${(bomb.length / 1e6).toFixed(1)} MB (inflates to 3 GB) and ${(consoleBomb.length / 1e6).toFixed(1)} MB (1 GB), object file ${(objects.length / 1e6).toFixed(1)} MB with 800,000 objects`,
  );
  if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY === 'verification') await verificationUploads(bomb, objects);
  if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY === 'console') await consoleUploads(consoleBomb);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
