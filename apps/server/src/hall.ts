import { join } from 'node:path';
import { appRoot } from './lib/app-root';
import type pg from 'pg';
import { SIMULATOR_APPID, WechatOAuth } from './adapters/wechat/oauth';
import { WechatPlatform } from './adapters/wechat/platform';
import { SIMULATOR_OIDC_CLIENT_ID, SIMULATOR_REAL_NAME_CLAIM, UnifiedIdentityClient } from './adapters/oidc/unified-identity';
import { signInMethods } from './sign-in-methods';
import { HttpSmsSender, SimulatedSmsSender, type SmsSender } from './adapters/sms/sms';
import type { FaceIdAdapter } from './adapters/faceid/faceid';
import { SimulatedFaceId } from './adapters/faceid/simulator';
import { TencentFaceId } from './adapters/faceid/tencent';
import { SMS_CODE_LIFETIME_MINUTES } from './services/session/phone-codes';
import type { HallContext } from './context';
import type { Database } from './db/client';
import { sharedSecret } from './db/shared-secret';
import type { Env } from './env';
import { assertProductionSettings } from './mode';
import { openFileStorage } from './storage/select';
import { selectRegistry } from './adapters/registry/select';
import { ForeignPdfs } from './documents/foreign-pdfs';
import { WorkerPdfVerifier } from './documents/pdf-verifier';
import { PdfWorkers } from './documents/pdf-worker';
import { PadesSigner } from './documents/signing/pdf-signer';
import { loadSigningIdentity, loadTrustRoots } from './documents/signing/signing-identity';
import { HallMetrics, type AdapterName } from './lib/metrics';
import { observePool } from './db/pool-metrics';

export interface ContextOptions {
  env: Env;
  db: Database;
  pool: pg.Pool;
  /** How the server reaches outside systems (the simulators included); tests pass one that calls the app in-process. */
  fetch?: typeof fetch;
  /** The server's own address, once listening: the simulators' server-to-server base. */
  selfOrigin?: () => string;
  /** The local storage folder (HALL_STORAGE=local); `${HALL_DATA_DIR}/files` unless given (tests pass a temporary folder). */
  filesDir?: string;
}

/**
 * Puts together what every route needs. Production: the real adapters, every one configured (else
 * MissingSettingsError names what is missing). Demo: the real adapter of a service whose
 * credentials are given, the stand-in of every other.
 */
export async function createContext(options: ContextOptions): Promise<HallContext> {
  const { env, db, pool } = options;
  assertProductionSettings(env);
  const demo = env.HALL_MODE === 'demo';
  const fetchImpl = options.fetch ?? fetch;
  const selfOrigin = options.selfOrigin ?? (() => `http://127.0.0.1:${env.PORT}`);
  const metrics = new HallMetrics();
  observePool(metrics, pool);
  // Each real adapter calls out through a measured fetch: its health is recorded there, at one place.
  const outbound = (adapter: AdapterName, simulated: boolean) => (simulated ? fetchImpl : metrics.adapterFetch(adapter, fetchImpl));
  const simulateWechat = demo && !(env.WECHAT_APPID && env.WECHAT_SECRET);
  const simulateSms = demo && !(env.SMS_API_URL && env.SMS_API_KEY);
  const simulateFaceId = demo && !(env.FACEID_SECRET_ID && env.FACEID_SECRET_KEY);
  const wechatFetch = outbound('wechat', simulateWechat);
  const wechat = new WechatOAuth(
    simulateWechat
      ? {
          appid: SIMULATOR_APPID,
          secret: await sharedSecret(db, 'wechat_simulator_secret'),
          apiBase: () => `${selfOrigin()}/simulator/wechat`,
          openBase: '/simulator/wechat',
          scope: env.WECHAT_SCOPE,
          fetch: fetchImpl,
        }
      : { appid: env.WECHAT_APPID!, secret: env.WECHAT_SECRET!, apiBase: () => env.WECHAT_API_BASE, openBase: env.WECHAT_OPEN_BASE, scope: env.WECHAT_SCOPE, fetch: wechatFetch },
  );
  const wechatPlatform = new WechatPlatform(
    simulateWechat
      ? { appid: SIMULATOR_APPID, secret: await sharedSecret(db, 'wechat_simulator_secret'), apiBase: () => `${selfOrigin()}/simulator/wechat`, fetch: fetchImpl, db }
      : { appid: env.WECHAT_APPID!, secret: env.WECHAT_SECRET!, apiBase: () => env.WECHAT_API_BASE, fetch: wechatFetch, db },
  );
  const sms: SmsSender = simulateSms ? new SimulatedSmsSender() : new HttpSmsSender({ url: env.SMS_API_URL!, apiKey: env.SMS_API_KEY!, fetch: outbound('sms', false) }, SMS_CODE_LIFETIME_MINUTES);
  if (!simulateFaceId && !env.FACEID_RULE_ID) throw new Error('FACEID_RULE_ID is required with FACEID_SECRET_ID and FACEID_SECRET_KEY');
  const faceid: FaceIdAdapter = simulateFaceId
    ? new SimulatedFaceId(db)
    : new TencentFaceId({ secretId: env.FACEID_SECRET_ID!, secretKey: env.FACEID_SECRET_KEY!, ruleId: env.FACEID_RULE_ID!, endpoint: env.FACEID_ENDPOINT, fetch: outbound('faceid', false) });
  const offersUnifiedIdentity = signInMethods(env).has('oidc');
  const simulateOidc = demo && offersUnifiedIdentity && !(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET);
  const unifiedIdentity = !offersUnifiedIdentity
    ? null
    : new UnifiedIdentityClient({
        ...(simulateOidc
          ? // The stand-in's pages are the hall's own: the browser goes to them on the address it already uses.
            { issuer: `${selfOrigin()}/simulator/oidc`, clientId: SIMULATOR_OIDC_CLIENT_ID, clientSecret: await sharedSecret(db, 'oidc_simulator_secret'), relativeAuthorize: true }
          : { issuer: env.OIDC_ISSUER!, clientId: env.OIDC_CLIENT_ID!, clientSecret: env.OIDC_CLIENT_SECRET!, relativeAuthorize: false }),
        scope: env.OIDC_SCOPE,
        claims: { name: env.OIDC_NAME_CLAIM, idNumber: env.OIDC_ID_NUMBER_CLAIM, phone: env.OIDC_PHONE_CLAIM },
        realNameClaim: simulateOidc ? SIMULATOR_REAL_NAME_CLAIM : env.OIDC_REAL_NAME_CLAIM,
        timeoutMs: env.OIDC_TIMEOUT_MS,
        fetch: outbound('oidc', simulateOidc),
      });
  const files = await openFileStorage(env, options.filesDir);
  const signingIdentity = await loadSigningIdentity(env);
  // Every PDF the hall did not make is read in these workers, within the verification's caps.
  const pdfWorkers = new PdfWorkers({
    timeoutMs: env.HALL_VERIFY_TIMEOUT_MS,
    memoryMb: env.HALL_VERIFY_MEMORY_MB,
    maxStreamBytes: env.HALL_VERIFY_STREAM_MAX_BYTES,
    maxInflatedBytes: env.HALL_VERIFY_INFLATE_MAX_BYTES,
  });
  const pdfVerifier = new WorkerPdfVerifier(await loadTrustRoots(env, signingIdentity), pdfWorkers, env.HALL_VERIFY_MAX_BYTES, env.HALL_VERIFY_OFD === 'true');
  const documentSigner = new PadesSigner(signingIdentity);
  return {
    env,
    mode: env.HALL_MODE,
    db,
    pool,
    metrics,
    wechat,
    wechatPlatform,
    unifiedIdentity,
    simulators: { wechat: simulateWechat, sms: simulateSms, faceid: simulateFaceId, oidc: simulateOidc },
    sms,
    faceid,
    cookieSecret: await sharedSecret(db, 'cookie_secret'),
    downloadLinkSecret: await sharedSecret(db, 'download_link_secret'),
    files,
    // A configured back-office in either mode; else the demo registry in demo mode only; else operators answer.
    certificateRegistry: selectRegistry({ env, db, fetch: outbound('registry', !env.REGISTRY_URL) }),
    pdfVerifier,
    documentSigner,
    foreignPdfs: new ForeignPdfs(pdfWorkers, documentSigner),
    staticApps: {
      citizenDist: env.HALL_CITIZEN_DIST ?? join(appRoot(), '..', 'citizen', 'dist'),
      adminDist: env.HALL_ADMIN_DIST ?? join(appRoot(), '..', 'admin-shell', 'dist'),
      publicDir: join(appRoot(), 'public'),
    },
  };
}
