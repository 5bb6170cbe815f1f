import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { blindIndexOf, sealedIdNumber, sealedPhone, sealedText } from '../sealed/sealed-columns';
import { createdAt, updatedAt, serialId, citizenOpenid } from './columns';

/** Citizens, sessions and what signing in leaves behind: settings, SMS codes, rate-limit windows, face checks and the WeChat simulator's grants. */

export const users = pgTable(
  'users',
  {
    openid: text('openid').primaryKey(),
    appid: text('appid').notNull().default(''),
    nickname: text('nickname').notNull().default(''),
    headimgurl: text('headimgurl').notNull().default(''),
    name: sealedText('name').notNull().default(''),
    /** cardtype: 1 居民身份证 by default. */
    cardtype: text('cardtype').notNull().default('1'),
    /** CARDNUM, stored upper-case. */
    cardnum: sealedIdNumber('cardnum').notNull().default(''),
    phone: sealedPhone('phone').notNull().default(''),
    account: text('account').notNull().default(''),
    sex: text('sex').notNull().default(''),
    /** usertype: 0 individual, 1 enterprise. */
    usertype: text('usertype').notNull().default('0'),
    /** iswebuser: 1 when registered on the web platform with a password. */
    iswebuser: text('iswebuser').notNull().default('0'),
    /** scrypt hash of the login password, salt included. */
    passwordHash: text('password_hash'),
    /**
     * The phone was proved by an SMS code (a sign-in on the web): only such an account is found by its
     * phone for a sign-in or a password reset by code, so a number typed into someone else's profile
     * never leads its owner into that account. At most one account holds a proved number.
     */
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /**
     * The province's unified identity (统一身份认证) this account signs in with: the OpenID provider's
     * issuer and its subject (sub) there. At most one account holds an issuer's subject.
     */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    /** realNameAuthentication: 1 verified. */
    realNameAuth: integer('real_name_auth').notNull().default(0),
    xzqdm: text('xzqdm').notNull().default(''),
    /** 长辈模式: the citizen's choice of larger text, larger tap targets and high contrast. */
    elderMode: boolean('elder_mode').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Phones and ID numbers are sealed: their indexes are on the blind index (db/sealed/sealed-columns.ts).
    uniqueIndex('users_verified_phone_idx')
      .on(blindIndexOf(t.phone))
      .where(sql`${t.phoneVerified}`),
    index('users_phone_idx').on(blindIndexOf(t.phone)),
    index('users_account_idx').on(t.account),
    uniqueIndex('users_oidc_subject_idx')
      .on(t.oidcIssuer, t.oidcSubject)
      .where(sql`${t.oidcSubject} is not null`),
    index('users_cardnum_idx').on(blindIndexOf(t.cardnum)),
  ],
);

/** Server-side sessions: the cookie carries only the id; nothing lives in process memory. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    /** Set once the WeChat code was exchanged. */
    openid: text('openid'),
    /** pending: code exchanged, user not yet registered or checked; active: usable. */
    state: text('state').notNull().default('pending'),
    /** What WeChat said about the user (nickname, headimgurl …) until the user row exists. */
    oauth: jsonb('oauth').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last call made with the session: an idle session ends before its absolute limit. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_openid_idx').on(t.openid)],
);

/** Key-value settings shared by every server process (the cookie secret, the jsapi ticket cache …). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serialId(),
    phone: sealedPhone('phone').notNull(),
    code: text('code').notNull(),
    /** Who asked for it: the code only works for that session's user. */
    openid: text('openid'),
    purpose: text('purpose').notNull().default('general'),
    /** The client address that asked, for the daily cap per address (SMS pumping). */
    clientAddress: text('client_address'),
    /** A sign-in code: the browser that asked (its signed sign-in ticket); the code works in that browser only. */
    browserTicket: text('browser_ticket'),
    /** Wrong codes tried against this one; past the limit it no longer works (services/session/web-sign-in.ts). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(blindIndexOf(t.phone), t.createdAt), index('sms_codes_address_idx').on(t.clientAddress, t.createdAt)],
);

/**
 * Fixed-window counters of the firm rate limits (sign-in, SMS codes, uploads), shared by every
 * server process and kept across restarts. A row per key and window; old windows are swept.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_hits_expiry_idx').on(t.expiresAt)],
);

export const faceChecks = pgTable('face_checks', {
  bizToken: text('biz_token').primaryKey(),
  openid: citizenOpenid(),
  sessionId: text('session_id').notNull(),
  name: sealedText('name').notNull(),
  idcard: sealedIdNumber('idcard').notNull(),
  /** bsm: the business serial the check belongs to, if any. */
  bsm: text('bsm').notNull().default(''),
  redirectUrl: text('redirect_url').notNull(),
  /** pending, passed, failed. */
  status: text('status').notNull().default('pending'),
  /** The provider's result code the simulator page chose for a failed check (simulator mode only). */
  simulatedErrCode: integer('simulated_err_code'),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** The WeChat simulator's own state: codes and access tokens it handed out (simulator mode only). */
export const wechatSimulatorGrants = pgTable('wechat_simulator_grants', {
  code: text('code').primaryKey(),
  accessToken: text('access_token').notNull(),
  openid: citizenOpenid(),
  nickname: text('nickname').notNull(),
  scope: text('scope').notNull(),
  createdAt: createdAt(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
