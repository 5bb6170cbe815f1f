import { DEFAULT_APPLY_REGION, DEFAULT_BOOKING_CHANGE_HOURS, UPLOAD_MAX_BYTES } from '@hall/domain';
import { z } from 'zod';
import { signInSettingProblem } from './sign-in-methods';
import { notificationSettingProblem } from './notification-channels';

/** The server's configuration: read from the environment here and nowhere else. */
const schema = z.object({
  /**
   * demo: stand-ins answer for WeChat, FaceID, SMS and the registry, and demo data is seeded (what
   * scripts/start.sh runs). production (the default, so a forgotten setting never opens a stand-in):
   * no stand-in, no demo data, and every outside service must be configured (src/mode.ts).
   */
  HALL_MODE: z.enum(['demo', 'production']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** External PostgreSQL; without it the hall starts its own embedded one. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * With DATABASE_URL: the address of the role that owns the hall's tables, which runs the migrations;
   * DATABASE_URL's role then owns nothing and is granted row access only (db/app-role.ts). Without it,
   * DATABASE_URL's role migrates and so owns the tables, and could undo the audit trail's protection.
   */
  HALL_MIGRATION_DATABASE_URL: z.string().url().optional(),
  /**
   * A read replica of DATABASE_URL for the statistics page, whose range scans then leave the primary to
   * the citizens' writes (docs/deploy.md). Without it the page reads the primary.
   */
  HALL_STATISTICS_DATABASE_URL: z.string().url().optional(),
  /** Where the embedded database and uploaded files live. */
  HALL_DATA_DIR: z.string().default('./data'),
  /** The address citizens reach the hall at, for redirects back from WeChat and FaceID. */
  HALL_PUBLIC_URL: z.string().url().optional(),
  /** Proxy addresses to trust for X-Forwarded-For, comma-separated (a hop count is ignored by Fastify). */
  HALL_TRUST_PROXY: z.string().optional(),
  /** Real WeChat credentials; without them the built-in WeChat simulator answers. */
  WECHAT_APPID: z.string().optional(),
  WECHAT_SECRET: z.string().optional(),
  WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
  WECHAT_OPEN_BASE: z.string().url().default('https://open.weixin.qq.com'),
  WECHAT_SCOPE: z.enum(['snsapi_base', 'snsapi_userinfo']).default('snsapi_userinfo'),
  /**
   * The sign-ins this hall offers, comma-separated: wechat (WeChat's web authorisation), sms (phone
   * number and SMS code), password (phone or account and the password set in the profile), oidc (the
   * province's unified identity, 统一身份认证, by OpenID Connect). Unset: every one in demo mode, wechat
   * alone in production (src/sign-in-methods.ts).
   */
  HALL_SIGN_IN: z.string().optional(),
  /**
   * The province's unified identity (统一身份认证), an OpenID Connect provider: its issuer (discovery
   * at {issuer}/.well-known/openid-configuration; https, or http on a loopback address only), and the
   * hall's client there. Without them a demo hall's stand-in answers (routes/simulator/oidc.ts).
   */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** The scopes asked for, space-separated. */
  OIDC_SCOPE: z.string().default('openid profile'),
  /** The claims (ID token, else userinfo) that carry the citizen's name, ID card number and mobile number. */
  OIDC_NAME_CLAIM: z.string().default('name'),
  OIDC_ID_NUMBER_CLAIM: z.string().default('id_card_number'),
  OIDC_PHONE_CLAIM: z.string().default('phone_number'),
  /**
   * The claim by which the provider asserts that it verified the person's real name (true, "true" or 1);
   * unset, no sign-in through it is taken as real-name verified and the citizen does the face check.
   */
  OIDC_REAL_NAME_CLAIM: z.string().optional(),
  /** How long one call to the provider may take. */
  OIDC_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Tencent Cloud FaceID; without them the face simulator answers. */
  FACEID_SECRET_ID: z.string().optional(),
  FACEID_SECRET_KEY: z.string().optional(),
  FACEID_RULE_ID: z.string().optional(),
  FACEID_ENDPOINT: z.string().url().default('https://faceid.tencentcloudapi.com'),
  /** An SMS provider's send address and API key (JSON POST, bearer key); without them the SMS simulator answers. */
  SMS_API_URL: z.string().url().optional(),
  SMS_API_KEY: z.string().optional(),
  /** The outside channels notifications go through (sms, wechat); default both in demo mode, sms in production. */
  HALL_NOTIFY_CHANNELS: z.string().optional(),
  /** The WeChat template of each event, event=templateId pairs, comma-separated. */
  WECHAT_TEMPLATES: z.string().optional(),
  /** How often the notification delivery job looks for due deliveries; 0 turns it off in this process. */
  HALL_NOTIFY_POLL_MS: z.coerce.number().int().min(0).default(1000),
  /**
   * A registration back-office's JSON interface (docs/registry-openapi.yaml), its HTTP Basic
   * credentials and the time one call may take. Without it the demo registry answers in demo mode,
   * and in production operators fulfil certificate, licence, archive and property queries.
   */
  REGISTRY_URL: z.string().url().optional(),
  REGISTRY_CLIENT_ID: z.string().optional(),
  REGISTRY_CLIENT_SECRET: z.string().optional(),
  REGISTRY_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * A query the registry failed to answer (an error, a timeout, a refusal, a reply that does not follow
   * the interface) is tried again after HALL_REGISTRY_RETRY_FIRST_MS, then after twice as long each
   * time up to HALL_REGISTRY_RETRY_MAX_MS between tries, for HALL_REGISTRY_RETRY_HOURS after it was
   * asked (services/queries/fulfilment/registry-retry.ts). It stays pending and in 查询办理 all along, and after.
   */
  HALL_REGISTRY_RETRY_HOURS: z.coerce.number().positive().default(24),
  HALL_REGISTRY_RETRY_FIRST_MS: z.coerce.number().int().positive().default(30_000),
  HALL_REGISTRY_RETRY_MAX_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 60_000),
  /** off: a demo hall without the demo registry, so its queries wait for an operator as in production (the console's fulfilment journeys). */
  HALL_DEMO_REGISTRY: z.enum(['on', 'off']).default('on'),
  /** Where the built apps are (defaults: the workspace's apps/citizen/dist and apps/admin-shell/dist). */
  HALL_CITIZEN_DIST: z.string().optional(),
  HALL_ADMIN_DIST: z.string().optional(),
  /** How often the query resolver looks for pending certificate, licence and verification records; 0 turns it off in this process. */
  HALL_QUERY_POLL_MS: z.coerce.number().int().min(0).default(1000),
  /**
   * Largest signature-verification upload in bytes: 500 MB, what the refusal 文件大小不超过500M says
   * (the spec's constant 512e7 is about 4.8 GiB). It may be set lower, never higher, so the message stays true.
   */
  HALL_UPLOAD_MAX_BYTES: z.coerce.number().int().positive().max(UPLOAD_MAX_BYTES).default(UPLOAD_MAX_BYTES),
  /**
   * What one citizen's uploads (material pictures, signatures, PDFs sent for verification) may take in
   * storage, in bytes. 2 GiB: four verification uploads of the full 500 MB, or hundreds of material
   * pictures (5 MB at most each) over several applications, while a single account cannot fill the disk.
   */
  HALL_CITIZEN_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024 * 1024),
  /** Days an application never submitted may lie untouched before it is deleted with its files. */
  HALL_DRAFT_RETENTION_DAYS: z.coerce.number().int().positive().default(90),
  /** Working days an operator has to answer the follow-up (整改) of a low 好差评 rating. */
  HALL_RATING_FOLLOW_UP_DAYS: z.coerce.number().int().min(1).max(60).default(5),
  /** Hours before a booked slot begins after which the citizen can no longer cancel or move the booking. */
  HALL_BOOKING_CHANGE_HOURS: z.coerce.number().int().min(0).max(720).default(DEFAULT_BOOKING_CHANGE_HOURS),
  /** The hour (Asia/Shanghai, 0–23) from which the citizens with a booking tomorrow are reminded of it: the afternoon leaves time to cancel. */
  HALL_BOOKING_REMINDER_HOUR: z.coerce.number().int().min(0).max(23).default(16),
  /** How often each process runs the storage clean-up (expired drafts, files nothing refers to); 0 turns it off in that process. */
  HALL_STORAGE_SWEEP_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60 * 1000),
  /**
   * How long a request body (JSON or a form) may take to arrive, and the window in which an upload
   * must bring at least 64 KB (plugins/slow-request-guard.ts); the socket's idle timeout.
   */
  HALL_BODY_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  HALL_SOCKET_IDLE_MS: z.coerce.number().int().positive().default(60_000),
  /** This hall's district code. */
  HALL_XZQDM: z.string().default('130400'),
  /**
   * The region the application flow's region choice (/seladd) opens on: a province, city or district
   * code; unset, the spec's 659000 (part 2 §9). The demo start sets it to HALL_XZQDM, so a citizen of
   * the demo hall is offered the places its registry and seeded businesses serve.
   */
  HALL_APPLY_XZQDM: z
    .string()
    .regex(/^\d{6}$/)
    .default(DEFAULT_APPLY_REGION),
  /**
   * The identity that signs every PDF the hall issues: a PKCS#12 file and its password, or a PEM private
   * key (optionally encrypted) with a PEM certificate chain, signer first. Required in production; a demo
   * hall without one makes its own CA in HALL_DATA_DIR/signing-identity.
   */
  HALL_SIGNING_P12: z.string().optional(),
  /**
   * The algorithm the hall signs with: rsa (the default; an RSA or EC identity), or sm2 — SM2 over SM3
   * with the standard signer ID (GB/T 35275), from an SM2 HALL_SIGNING_KEY and its HALL_SIGNING_CHAIN;
   * a demo hall makes an SM2 CA of its own in HALL_DATA_DIR/signing-identity-sm2.
   */
  HALL_SIGNING_ALGORITHM: z.enum(['rsa', 'sm2']).default('rsa'),
  HALL_SIGNING_P12_PASSWORD: z.string().optional(),
  HALL_SIGNING_KEY: z.string().optional(),
  HALL_SIGNING_KEY_PASSWORD: z.string().optional(),
  HALL_SIGNING_CHAIN: z.string().optional(),
  /** A folder of root certificates (.pem, .crt, .cer) that uploaded signatures may chain to, besides the hall's own root. */
  HALL_TRUST_ROOTS_DIR: z.string().optional(),
  /** Caps of the verification of one uploaded PDF: file size, time, worker heap, decompressed bytes per stream and per file. */
  HALL_VERIFY_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024 * 1024),
  HALL_VERIFY_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  HALL_VERIFY_MEMORY_MB: z.coerce.number().int().min(32).default(96),
  HALL_VERIFY_STREAM_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(16 * 1024 * 1024),
  HALL_VERIFY_INFLATE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(48 * 1024 * 1024),
  /**
   * true: 电子签章验证 also takes OFD e-licences (GB/T 33190, seals of GB/T 38540), read in the same worker
   * under the same caps, and the refusal of another file says 只能上传pdf或ofd文件. Off by default, where the
   * spec's rule (only PDF, 只能上传pdf文件) holds word for word (docs/decisions/023-ofd-e-licences.md).
   */
  HALL_VERIFY_OFD: z.enum(['true', 'false']).default('false'),
  /**
   * Where uploaded and generated files live: local, a folder in HALL_DATA_DIR (files/); s3, a bucket of
   * S3 or of an S3-compatible object store, named by the S3_* settings below (src/storage/select.ts).
   */
  HALL_STORAGE: z.enum(['local', 's3']).default('local'),
  /** The object store's address (e.g. https://oss.example.cn); without it, Amazon S3's own for S3_REGION. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  /** Both or neither: without them the AWS SDK's own chain answers (AWS_* variables, an instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** The bucket in the path rather than in the host name; default true with S3_ENDPOINT (what S3-compatible stores want), else false. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  /**
   * /metrics (Prometheus text format) on the hall's own port, for a scraper sending
   * `Authorization: Bearer <token>` (at least 16 characters). Without it, and without
   * HALL_METRICS_LISTEN, /metrics answers 404.
   */
  HALL_METRICS_TOKEN: z.string().min(16, 'HALL_METRICS_TOKEN: at least 16 characters').optional(),
  /**
   * host:port of a second listener that serves only /metrics, without a token: an internal address
   * (127.0.0.1:9464, a private network) the public never reaches.
   */
  HALL_METRICS_LISTEN: z
    .string()
    .regex(/^(\[[0-9a-fA-F:]+\]|[^:\s]+):\d{1,5}$/, 'HALL_METRICS_LISTEN: host:port, e.g. 127.0.0.1:9464')
    .optional(),
  /**
   * A file a successful backup touches: its modification time is hall_backup_last_success_timestamp_seconds
   * (0 while it does not exist). Default: HALL_DATA_DIR/backup-last-success.
   */
  HALL_BACKUP_STAMP_FILE: z.string().optional(),
  /**
   * The key backups are sealed with (AES-256-GCM, docs/decisions/017): 32 bytes as 64 hexadecimal digits
   * or base64. Required for a production backup; a demo hall makes HALL_DATA_DIR/backup-key. Keep it apart
   * from the backups: without it they cannot be opened.
   */
  HALL_BACKUP_KEY: z.string().optional(),
  /**
   * The keys citizens' names, ID numbers and phone numbers are sealed under at rest (SM4, docs/decisions/021):
   * `<id>:<secret>` pairs, comma-separated, each secret 32 bytes as 64 hexadecimal digits or base64. The
   * first seals; every one listed opens, so an older key stays listed until scripts/rotate-data-key.sh has
   * resealed its values. Required in production; a demo hall makes HALL_DATA_DIR/data-key once (0600).
   */
  HALL_DATA_KEY: z.string().optional(),
  /**
   * The keys of the blind indexes (HMAC-SM3) by which the hall finds a phone or an ID number without
   * reading it: `<id>:<secret>` pairs as HALL_DATA_KEY, the first indexes, every one listed finds; a bare
   * secret (alone or in the list) is the key `i0`. Required in production; a demo hall makes
   * HALL_DATA_DIR/data-index-key once. Rotated as HALL_DATA_KEY is, by scripts/rotate-data-key.sh.
   */
  HALL_DATA_INDEX_KEY: z.string().optional(),
  /** Where backups go (scripts/backup.sh and the schedule). Default: HALL_DATA_DIR/backups; put them on another disk. */
  HALL_BACKUP_DIR: z.string().optional(),
  /** Hours between the backups the hall takes itself; 0 (the default): none, cron runs scripts/backup.sh instead. */
  HALL_BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).default(0),
  /** How many backups are kept: the oldest beyond this number are removed after each backup. */
  HALL_BACKUP_KEEP: z.coerce.number().int().positive().default(7),
  /**
   * The retention policy scripts/retention.sh applies (docs/deploy.md, "Retention"). The audit trail is
   * kept this many months, at least 6 (等保 2.0; the database refuses younger deletions), then archived
   * to HALL_ARCHIVE_DIR (default HALL_DATA_DIR/archive) as gzip JSON lines with their SHA-256.
   */
  HALL_AUDIT_RETENTION_MONTHS: z.coerce.number().int().min(6, 'HALL_AUDIT_RETENTION_MONTHS: at least 6 (等保 2.0)').default(6),
  HALL_ARCHIVE_DIR: z.string().optional(),
  /** Days certificate, licence and archive query records (and their PDFs) are kept; 0: for ever. */
  HALL_QUERY_RECORD_RETENTION_DAYS: z.coerce.number().int().min(0).default(365),
  /** Days signature verification records (and the PDFs citizens uploaded) are kept; 0: for ever. */
  HALL_VERIFICATION_RETENTION_DAYS: z.coerce.number().int().min(0).default(90),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * How replies are written (lib/reply-serializer.ts). off (the default): by a writer compiled from the
   * call's reply schema, which writes the schema's fields and nothing else. on: each reply is also
   * checked against the schema itself, and the compiled writer's text must be the checked reply's
   * text, else the reply is an error; the server's tests run so.
   */
  HALL_REPLY_CHECK: z.enum(['on', 'off']).default('off'),
});

/** Settings that only make sense together: what object storage needs. */
const checked = schema.superRefine((env, context) => {
  const signIn = signInSettingProblem(env.HALL_SIGN_IN);
  if (signIn) context.addIssue({ code: 'custom', path: ['HALL_SIGN_IN'], message: signIn });
  const notify = notificationSettingProblem(env);
  if (notify) context.addIssue({ code: 'custom', path: ['HALL_NOTIFY_CHANNELS'], message: notify });
  if (env.HALL_STORAGE !== 's3') return;
  if (!env.S3_BUCKET?.trim()) context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'HALL_STORAGE=s3 needs S3_BUCKET, the bucket the files go to' });
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    context.addIssue({
      code: 'custom',
      path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: give both, or neither for the SDK’s own credentials',
    });
  }
});

export type Env = z.infer<typeof schema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return checked.parse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
}
