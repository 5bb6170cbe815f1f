import type pg from 'pg';
import type { Database } from './db/client';
import type { Env } from './env';
import type { HallMode } from './mode';
import type { WechatOAuth } from './adapters/wechat/oauth';
import type { WechatPlatform } from './adapters/wechat/platform';
import type { UnifiedIdentityClient } from './adapters/oidc/unified-identity';
import type { SmsSender } from './adapters/sms/sms';
import type { FaceIdAdapter } from './adapters/faceid/faceid';
import type { EnvelopeKind } from './lib/envelope';
import type { FileStorage } from './storage/file-storage';
import type { Registry } from './adapters/registry/registry';
import type { PdfVerifier } from './documents/pdf-verifier';
import type { ForeignPdfs } from './documents/foreign-pdfs';
import type { DocumentSigner } from './documents/signing/pdf-signer';
import type { StaticAppsOptions } from './plugins/static-apps';
import type { SignedInOperator } from './services/operators/operator-sessions';
import type { WxMenuReply } from './services/session/wx-menu';
import type { HallMetrics } from './lib/metrics';

/** What every route and service of the hall can reach: storage, configuration and the outside systems. */
export interface HallContext {
  env: Env;
  /** demo or production (src/mode.ts): production has no stand-in and no demo data. */
  mode: HallMode;
  db: Database;
  pool: pg.Pool;
  /** This app's Prometheus series (lib/metrics.ts), served at /metrics (plugins/metrics.ts). */
  metrics: HallMetrics;
  wechat: WechatOAuth;
  /** WeChat's server API: access token, JS-SDK ticket and temporary media (the simulator's while simulated). */
  wechatPlatform: WechatPlatform;
  /** The province's unified identity (统一身份认证); null when the hall does not offer it (HALL_SIGN_IN). */
  unifiedIdentity: UnifiedIdentityClient | null;
  /** True while the built-in simulators stand in for WeChat, SMS, FaceID and the unified identity. */
  simulators: { wechat: boolean; sms: boolean; faceid: boolean; oidc: boolean };
  /** Sends SMS codes (a provider's HTTP API, or the simulator's log and inbox). */
  sms: SmsSender;
  /** Face verification (Tencent Cloud FaceID, or the simulator's page). */
  faceid: FaceIdAdapter;
  /** Where the built apps and the public files are. */
  staticApps: StaticAppsOptions;
  /** The secret that signs session cookies; kept in the database so every process shares it. */
  cookieSecret: string;
  /** The key that signs download links (services/queries/records/download-links.ts), shared by every process. */
  downloadLinkSecret: string;
  /** Uploaded and generated files (a local folder by default); their owners are in stored_files. */
  files: FileStorage;
  /** The registration system: a back-office's HTTP interface, the demo registry, or none (operators answer; see adapters/registry). */
  certificateRegistry: Registry;
  /** Checks uploaded PDFs for the signature-verification records (in a worker thread, within caps). */
  pdfVerifier: PdfVerifier;
  /** Signs every PDF the hall issues with its signing identity (PAdES, visible stamp). */
  documentSigner: DocumentSigner;
  /** Reads and signs uploaded PDFs the hall did not make, only in the PDF worker (within the verification's caps). */
  foreignPdfs: ForeignPdfs;
}

declare module 'fastify' {
  interface FastifyInstance {
    hall: HallContext;
    /** GetWxMenu's reply, kept by this process until the content console changes it (db/kept-read.ts, wx_menu). */
    wxMenu(): Promise<WxMenuReply>;
  }
  interface FastifyRequest {
    hall: HallContext;
    /** The signed-in citizen, set by the citizen guard. */
    citizen: { openid: string; sessionId: string };
    /** The signed-in operator of a console call, set by the operator guard (plugins/operator-session.ts). */
    operator: SignedInOperator;
  }
  interface FastifyContextConfig {
    /** The envelope failures of this route are answered in. */
    envelope?: EnvelopeKind;
    /** The route takes urlencoded form bodies (the specification says form); no other route does. */
    form?: boolean;
    /** A console call (auth 'operator'): a refused cross-site attempt at it goes to the audit trail. */
    console?: boolean;
  }
}
