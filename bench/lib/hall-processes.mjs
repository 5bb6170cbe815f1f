// Starting and stopping the built hall server as processes of their own, for the benchmarks that load it
// over real HTTP (server-reads, day). Each server runs in demo mode; the first starts the embedded
// PostgreSQL in its data folder unless a DATABASE_URL is given, and the others join the same database.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEFAULT_SERVER_MAIN = join(root, 'apps', 'server', 'dist', 'main.js');

export async function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
    server.on('error', reject);
  });
}

export async function waitFor(url, timeoutMs = 180_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** The last few kilobytes of a log: a run at LOG_LEVEL=info writes hundreds of megabytes, more than one string holds. */
export function tailOf(file, bytes = 3000) {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.min(bytes, size));
    readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Starts one hall server (demo mode) on a free port and waits for its /healthz; answers its origin and
 * child process. `env` adds settings (e.g. HALL_TRUST_PROXY); the log of every server goes to `logFile`.
 */
export async function startHall({ dataDir, databaseUrl, logFile, logLevel = 'info', serverMain = DEFAULT_SERVER_MAIN, profileDir, env: extra = {} }) {
  const port = await freePort();
  const out = openSync(logFile, 'a');
  const args = [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), serverMain];
  const env = { ...process.env, HALL_MODE: 'demo', PORT: String(port), HOST: '127.0.0.1', HALL_DATA_DIR: dataDir, LOG_LEVEL: logLevel, ...extra };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', out, out] });
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`the hall server stopped (${code}):\n${tailOf(logFile)}`))));
  try {
    await Promise.race([waitFor(`${origin}/healthz`), exited]);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { origin, child };
}

/** The address of the embedded PostgreSQL the first server started in its data folder. */
export async function embeddedUrl(dataDir) {
  const [, , , port] = (await readFile(join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n');
  const password = (await readFile(join(dataDir, 'pg-password'), 'utf8')).trim();
  return `postgres://hall:${password}@127.0.0.1:${Number(port)}/hall`;
}

export async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
}

/**
 * Where one run works: a temporary folder (for the servers' data and their log) and, when DATABASE_URL
 * names a PostgreSQL, a fresh database on it. Pushes onto `cleanups` what removes both; answers the
 * folder, the log's path and the database's address (undefined: the first server starts its own).
 */
export async function prepareRun(prefix, cleanups) {
  const work = await mkdtemp(join(tmpdir(), prefix));
  // As root the embedded PostgreSQL runs as the postgres user, who must reach its folder inside.
  await chmod(work, 0o711);
  cleanups.push(() => rm(work, { recursive: true, force: true }));
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { work, logFile: join(work, 'server.log'), databaseUrl: undefined };
  const name = `hall_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { work, logFile: join(work, 'server.log'), databaseUrl: url.toString() };
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system) the processes have used so far; null where /proc cannot tell. */
export function cpuSeconds(pids) {
  try {
    return pids.reduce((sum, pid) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    }, 0);
  } catch {
    return null;
  }
}
