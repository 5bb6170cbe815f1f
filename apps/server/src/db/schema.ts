import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The hall's storage. Column names mirror the contract's field names where a column carries one
 * of the specification's fields (cardnum, xzqdm …); everything is owned by an openid where a
 * citizen can read or change it, and every query filters by it.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  openid: text('openid').primaryKey(),
  appid: text('appid').notNull().default(''),
  nickname: text('nickname').notNull().default(''),
  headimgurl: text('headimgurl').notNull().default(''),
  name: text('name').notNull().default(''),
  /** cardtype: 1 居民身份证 by default. */
  cardtype: text('cardtype').notNull().default('1'),
  /** CARDNUM, stored upper-case. */
  cardnum: text('cardnum').notNull().default(''),
  phone: text('phone').notNull().default(''),
  account: text('account').notNull().default(''),
  sex: text('sex').notNull().default(''),
  /** usertype: 0 individual, 1 enterprise. */
  usertype: text('usertype').notNull().default('0'),
  /** iswebuser: 1 when registered on the web platform with a password. */
  iswebuser: text('iswebuser').notNull().default('0'),
  /** scrypt hash of the login password, salt included. */
  passwordHash: text('password_hash'),
  /** realNameAuthentication: 1 verified. */
  realNameAuth: integer('real_name_auth').notNull().default(0),
  xzqdm: text('xzqdm').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    code: text('code').notNull(),
    /** Who asked for it: the code only works for that session's user. */
    openid: text('openid'),
    purpose: text('purpose').notNull().default('general'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt)],
);

export const faceChecks = pgTable('face_checks', {
  bizToken: text('biz_token').primaryKey(),
  openid: text('openid').notNull(),
  sessionId: text('session_id').notNull(),
  name: text('name').notNull(),
  idcard: text('idcard').notNull(),
  /** bsm: the business serial the check belongs to, if any. */
  bsm: text('bsm').notNull().default(''),
  redirectUrl: text('redirect_url').notNull(),
  /** pending, passed, failed. */
  status: text('status').notNull().default('pending'),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    openid: text('openid').notNull(),
    /** yjnrstr: what the citizen wrote. */
    content: text('content').notNull(),
    /** fknrstr / replycontent. */
    reply: text('reply'),
    /** 0 waiting, 1 replied. */
    status: integer('status').notNull().default(0),
    createdAt: createdAt(),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [index('feedback_openid_idx').on(t.openid, t.createdAt)],
);

export const commonQuestions = pgTable('common_questions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const menus = pgTable('menus', {
  id: text('id').primaryKey(),
  parentId: text('parent_id'),
  menuname: text('menuname').notNull(),
  /** view: an external link. */
  menutype: text('menutype').notNull().default('click'),
  url: text('url').notNull().default(''),
  imgpath: text('imgpath').notNull().default(''),
  /** bz: the remark under a tile's name. */
  bz: text('bz').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

export const banners = pgTable('banners', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  /** The image address. */
  url: text('url').notNull(),
  link: text('link').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** Articles of every type: article (news), bszn (guides), xxgs, laws, tzgg. Content is sanitised HTML. */
export const articles = pgTable(
  'articles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('articles_type_idx').on(t.type, t.publishedAt)],
);

/** Handling guides per business (prodefid). */
export const guides = pgTable('guides', {
  prodefid: text('prodefid').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  cdzmyhxzContent: text('cdzmyhxz_content').notNull().default(''),
});

/** Cities offered by the certificate queries (xzqs: xzqMc, xzqBm). */
export const queryCities = pgTable('query_cities', {
  xzqdm: text('xzqdm').primaryKey(),
  xzqmc: text('xzqmc').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** The demo registry: property certificates and electronic licences known to the registration system. */
export const registryCertificates = pgTable(
  'registry_certificates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    xzqdm: text('xzqdm').notNull(),
    /** qzh / bdcqzh: the certificate number. */
    qzh: text('qzh').notNull(),
    ownerName: text('owner_name').notNull(),
    ownerIdcard: text('owner_idcard').notNull(),
    bdcdyh: text('bdcdyh').notNull(),
    zl: text('zl').notNull(),
    yt: text('yt').notNull(),
    mj: text('mj').notNull(),
    /** Mortgages and seizures as the registry reports them. */
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [uniqueIndex('registry_certificates_qzh_idx').on(t.qzh)],
);

/** The registry's cases, for the progress query by acceptance number (letter case significant). */
export const registryCases = pgTable('registry_cases', {
  serialNumber: text('serial_number').primaryKey(),
  name: text('name').notNull(),
  processName: text('process_name').notNull(),
  actStart: timestamp('act_start', { withTimezone: true }).notNull(),
  activityName: text('activity_name').notNull(),
});

/**
 * Query records of every kind: zs (certificate), dzzz (electronic licence), verify (signature
 * verification), archive (records certificate). state 0 in progress, 20 returned, 21 nothing found.
 */
export const queryRecords = pgTable(
  'query_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    openid: text('openid').notNull(),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    state: integer('state').notNull().default(0),
    stateMsg: text('state_msg').notNull().default(''),
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** The stored file the record points to (a generated PDF, an uploaded PDF). */
    fileId: text('file_id'),
    filename: text('filename'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('query_records_owner_idx').on(t.openid, t.kind, t.createdAt),
    index('query_records_pending_idx').on(t.state).where(sql`state IN (0, 10)`),
  ],
);

/** Files in storage, each owned by an openid. The path is the storage's, never the client's. */
export const storedFiles = pgTable('stored_files', {
  id: text('id').primaryKey(),
  openid: text('openid').notNull(),
  storageKey: text('storage_key').notNull(),
  originalName: text('original_name').notNull(),
  mime: text('mime').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

/** Hall operators: openids allowed into the admin shell. */
export const operators = pgTable(
  'operators',
  {
    openid: text('openid').notNull(),
    role: text('role').notNull().default('sys_admin'),
  },
  (t) => [primaryKey({ columns: [t.openid, t.role] })],
);

/** The WeChat simulator's own state: codes and access tokens it handed out (simulator mode only). */
export const wechatSimulatorGrants = pgTable('wechat_simulator_grants', {
  code: text('code').primaryKey(),
  accessToken: text('access_token').notNull(),
  openid: text('openid').notNull(),
  nickname: text('nickname').notNull(),
  scope: text('scope').notNull(),
  createdAt: createdAt(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
