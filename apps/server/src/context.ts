import type pg from 'pg';
import type { Database } from './db/client';
import type { Env } from './env';
import type { WechatOAuth } from './adapters/wechat/oauth';
import type { EnvelopeKind } from './lib/envelope';

/** What every route and service of the hall can reach: storage, configuration and the outside systems. */
export interface HallContext {
  env: Env;
  db: Database;
  pool: pg.Pool;
  wechat: WechatOAuth;
  /** True while the built-in simulators stand in for WeChat, SMS and FaceID. */
  simulators: { wechat: boolean };
  /** The secret that signs session cookies; kept in the database so every process shares it. */
  cookieSecret: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    hall: HallContext;
  }
  interface FastifyRequest {
    hall: HallContext;
    /** The signed-in citizen, set by the citizen guard. */
    citizen: { openid: string; sessionId: string };
  }
  interface FastifyContextConfig {
    /** The envelope failures of this route are answered in. */
    envelope?: EnvelopeKind;
  }
}
