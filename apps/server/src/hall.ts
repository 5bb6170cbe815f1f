import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { WechatOAuth } from './adapters/wechat/oauth';
import type { HallContext } from './context';
import type { Database } from './db/client';
import { settings } from './db/schema';
import type { Env } from './env';

/** A setting every process shares, created once by whichever process gets there first. */
export async function sharedSecret(db: Database, key: string): Promise<string> {
  await db.insert(settings).values({ key, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row!.value;
}

export const SIMULATOR_APPID = 'wxhallsimulator0001';

export interface ContextOptions {
  env: Env;
  db: Database;
  pool: pg.Pool;
  /** How the server reaches outside systems (the simulators included); tests pass one that calls the app in-process. */
  fetch?: typeof fetch;
  /** The server's own address, once listening: the simulators' server-to-server base. */
  selfOrigin?: () => string;
}

/** Puts together what every route needs: real adapters where credentials are configured, simulators otherwise. */
export async function createContext(options: ContextOptions): Promise<HallContext> {
  const { env, db, pool } = options;
  const fetchImpl = options.fetch ?? fetch;
  const selfOrigin = options.selfOrigin ?? (() => `http://127.0.0.1:${env.PORT}`);
  const simulateWechat = !(env.WECHAT_APPID && env.WECHAT_SECRET);
  const wechat = new WechatOAuth(
    simulateWechat
      ? { appid: SIMULATOR_APPID, secret: await sharedSecret(db, 'wechat_simulator_secret'), apiBase: () => `${selfOrigin()}/simulator/wechat`, openBase: '/simulator/wechat', scope: env.WECHAT_SCOPE, fetch: fetchImpl }
      : { appid: env.WECHAT_APPID!, secret: env.WECHAT_SECRET!, apiBase: () => env.WECHAT_API_BASE, openBase: env.WECHAT_OPEN_BASE, scope: env.WECHAT_SCOPE, fetch: fetchImpl },
  );
  return {
    env,
    db,
    pool,
    wechat,
    simulators: { wechat: simulateWechat },
    cookieSecret: await sharedSecret(db, 'cookie_secret'),
  };
}
