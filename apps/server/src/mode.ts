import type { Env } from './env';
import { signInMethods } from './sign-in-methods';
import { eventsWithoutWechatTemplate, notificationChannels } from './notification-channels';

/**
 * The hall runs in one of two modes (docs/architecture.md §12). Demo: a stand-in answers for every outside
 * service and demo data is seeded. Production: no stand-in exists, nothing demo is seeded, and the
 * server refuses to start while an outside service lacks its configuration. A stand-in never turns
 * on because a credential is missing.
 */
export type HallMode = 'demo' | 'production';

/** One production setting and what it is for, in the words the refusal to start uses. */
export interface RequiredSetting {
  /** The environment variable. */
  name: string;
  /** What needs it. */
  purpose: string;
  /** Whether it is given; some settings are given by either of two variables. */
  present: (env: Env) => boolean;
}

const given = (value: string | undefined) => Boolean(value && value.trim());
/** WeChat's credentials serve the sign-in and the notifications alike. */
const usesWechat = (env: Env) => signInMethods(env).has('wechat') || notificationChannels(env).has('wechat');

/** Every setting a production hall needs; each outside service lists its own here. */
export const PRODUCTION_SETTINGS: RequiredSetting[] = [
  { name: 'HALL_PUBLIC_URL', purpose: 'the address citizens reach the hall at (return addresses, QR code)', present: (env) => given(env.HALL_PUBLIC_URL) },
  { name: 'WECHAT_APPID', purpose: 'WeChat sign-in or notifications, which HALL_SIGN_IN or HALL_NOTIFY_CHANNELS lists', present: (env) => !usesWechat(env) || given(env.WECHAT_APPID) },
  { name: 'WECHAT_SECRET', purpose: 'WeChat sign-in or notifications, which HALL_SIGN_IN or HALL_NOTIFY_CHANNELS lists', present: (env) => !usesWechat(env) || given(env.WECHAT_SECRET) },
  {
    name: 'WECHAT_TEMPLATES',
    purpose: 'a WeChat template for every notification event (event=templateId, comma-separated), as HALL_NOTIFY_CHANNELS lists wechat',
    present: (env) => eventsWithoutWechatTemplate(env).length === 0,
  },
  { name: 'OIDC_ISSUER', purpose: "the province's unified identity (统一身份认证), which HALL_SIGN_IN lists", present: (env) => !signInMethods(env).has('oidc') || given(env.OIDC_ISSUER) },
  { name: 'OIDC_CLIENT_ID', purpose: "the province's unified identity (统一身份认证), which HALL_SIGN_IN lists", present: (env) => !signInMethods(env).has('oidc') || given(env.OIDC_CLIENT_ID) },
  {
    name: 'OIDC_CLIENT_SECRET',
    purpose: "the province's unified identity (统一身份认证), which HALL_SIGN_IN lists",
    present: (env) => !signInMethods(env).has('oidc') || given(env.OIDC_CLIENT_SECRET),
  },
  { name: 'FACEID_SECRET_ID', purpose: 'real-name verification (Tencent Cloud FaceID)', present: (env) => given(env.FACEID_SECRET_ID) },
  { name: 'FACEID_SECRET_KEY', purpose: 'real-name verification (Tencent Cloud FaceID)', present: (env) => given(env.FACEID_SECRET_KEY) },
  { name: 'FACEID_RULE_ID', purpose: 'real-name verification (Tencent Cloud FaceID)', present: (env) => given(env.FACEID_RULE_ID) },
  { name: 'SMS_API_URL', purpose: 'SMS verification codes (and the sign-in by SMS code and the password reset, when HALL_SIGN_IN lists sms or password)', present: (env) => given(env.SMS_API_URL) },
  { name: 'SMS_API_KEY', purpose: 'SMS verification codes (and the sign-in by SMS code and the password reset, when HALL_SIGN_IN lists sms or password)', present: (env) => given(env.SMS_API_KEY) },
  {
    name: 'HALL_SIGNING_P12',
    purpose: 'the signing identity of every PDF the hall issues (or HALL_SIGNING_KEY with HALL_SIGNING_CHAIN)',
    present: (env) => env.HALL_SIGNING_ALGORITHM === 'sm2' || given(env.HALL_SIGNING_P12) || (given(env.HALL_SIGNING_KEY) && given(env.HALL_SIGNING_CHAIN)),
  },
  {
    name: 'HALL_SIGNING_KEY',
    purpose: 'the SM2 private key the hall signs with under HALL_SIGNING_ALGORITHM=sm2 (with its chain in HALL_SIGNING_CHAIN)',
    present: (env) => env.HALL_SIGNING_ALGORITHM !== 'sm2' || given(env.HALL_SIGNING_KEY),
  },
  {
    name: 'HALL_SIGNING_CHAIN',
    purpose: 'the certificate chain of the SM2 signing key under HALL_SIGNING_ALGORITHM=sm2 (signer first)',
    present: (env) => env.HALL_SIGNING_ALGORITHM !== 'sm2' || given(env.HALL_SIGNING_CHAIN),
  },
  { name: 'HALL_DATA_KEY', purpose: "the SM4 key citizens' names, ID numbers and phone numbers are sealed under (1:$(openssl rand -hex 32))", present: (env) => given(env.HALL_DATA_KEY) },
  {
    name: 'HALL_DATA_INDEX_KEY',
    purpose: 'the HMAC-SM3 key of the blind indexes that find a phone or an ID number ($(openssl rand -hex 32), or i1:…,i0:… while rotating)',
    present: (env) => given(env.HALL_DATA_INDEX_KEY),
  },
  {
    name: 'HALL_BACKUP_KEY',
    purpose: 'the key the backups HALL_BACKUP_INTERVAL_HOURS schedules are encrypted with (32 bytes: openssl rand -hex 32)',
    present: (env) => env.HALL_BACKUP_INTERVAL_HOURS === 0 || given(env.HALL_BACKUP_KEY),
  },
];

/** The production settings that are missing, in the order above; empty in demo mode. */
export function missingProductionSettings(env: Env): RequiredSetting[] {
  if (env.HALL_MODE !== 'production') return [];
  return PRODUCTION_SETTINGS.filter((setting) => !setting.present(env));
}

/** Raised at start when a production hall lacks settings; its message names each of them. */
export class MissingSettingsError extends Error {
  constructor(readonly missing: RequiredSetting[]) {
    super(
      [
        'HALL_MODE=production: the hall does not start without these settings:',
        ...missing.map((setting) => `  - ${setting.name} (${setting.purpose})`),
        'Set them, or start the demo hall with HALL_MODE=demo.',
      ].join('\n'),
    );
    this.name = 'MissingSettingsError';
  }
}

/** Throws MissingSettingsError naming every missing setting of a production hall. */
export function assertProductionSettings(env: Env): void {
  const missing = missingProductionSettings(env);
  if (missing.length) throw new MissingSettingsError(missing);
}
