import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    code: text('code').notNull(),
    /** Who asked for it: the code only works for that session's user. */
    openid: text('openid'),
    purpose: text('purpose').notNull().default('general'),
    /** The client address that asked, for the daily cap per address (SMS pumping). */
    clientAddress: text('client_address'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt), index('sms_codes_address_idx').on(t.clientAddress, t.createdAt)],
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
}, (t) => [index('stored_files_owner_idx').on(t.openid, t.createdAt)]);

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

// ── The application flow (spec part 2): the business catalogue and the citizens' applications ──

/** Business types the citizen picks first (getApplyType); examplerange (dylx) selects their businesses. */
export const businessTypes = pgTable('business_types', {
  id: text('id').primaryKey(),
  examplename: text('examplename').notNull(),
  examplerange: text('examplerange').notNull().unique(),
  imgpath: text('imgpath').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** Parent categories of the business list (ProdefParent: Id, Prodef_name). */
export const businessCategories = pgTable('business_categories', {
  id: text('id').primaryKey(),
  prodefName: text('prodef_name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/**
 * Businesses (prodef) a citizen can apply for, each in one district. The id is the prodefid the
 * flow carries (guides, getApplyTitle, getApplyCode); a business of a city serves its districts too.
 */
export const businesses = pgTable(
  'businesses',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id')
      .notNull()
      .references(() => businessCategories.id),
    typeId: text('type_id')
      .notNull()
      .references(() => businessTypes.id),
    prodefName: text('prodef_name').notNull(),
    /** yhlx: '0' individual business, '1' enterprise business. */
    yhlx: text('yhlx').notNull().default('0'),
    djlx: text('djlx').notNull(),
    qllx: text('qllx').notNull(),
    code: text('code').notNull(),
    xzqdm: text('xzqdm').notNull(),
    /** areaname: the place of application as the list shows it. */
    areaname: text('areaname').notNull(),
    /** ywr: '1' when the business has obligors (义务人), '0' when it has none. */
    ywr: text('ywr').notNull().default('1'),
    /** ywrAlias / qlrAlias: the titles of the obligor and rights-holder panels for this business. */
    ywrAlias: text('ywr_alias').notNull().default('义务人'),
    qlrAlias: text('qlr_alias').notNull().default('权利人'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('businesses_district_idx').on(t.xzqdm, t.typeId)],
);

/** The property-unit fields of a business (fwxx): isfillin '1' required, '0' optional. */
export const businessFields = pgTable(
  'business_fields',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    prodefId: text('prodef_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    isfillin: text('isfillin').notNull().default('0'),
    label: text('label').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('business_fields_prodef_field_idx').on(t.prodefId, t.field)],
);

/** The materials a business asks for; copied into each new application. required: '是' or '否'. */
export const businessMaterials = pgTable(
  'business_materials',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    prodefId: text('prodef_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    required: text('required').notNull().default('是'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('business_materials_prodef_name_idx').on(t.prodefId, t.name)],
);

/** Dictionaries of the fill screens (getList): ZJLX, CZFS, JGDW, SFHBZS, CQLY, DYFS. */
export const dictionaries = pgTable(
  'dictionaries',
  {
    type: text('type').notNull(),
    code: text('code').notNull(),
    text: text('text').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.type, t.code] })],
);

/** The acceptance serial of slbh: a database sequence, so every server process draws from one counter. */
export const applicationSerial = pgSequence('application_slbh_seq');

/** The serial of the acceptance number prolsh given at submission ('HD' + month + serial), shared by every server process. */
export const applicationProlshSerial = pgSequence('application_prolsh_seq');

/** Applications (proinst), owned by the openid that created them. */
export const applications = pgTable(
  'applications',
  {
    /** slsqId / proinstid. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    openid: text('openid').notNull(),
    prodefid: text('prodefid')
      .notNull()
      .references(() => businesses.id),
    name: text('name').notNull(),
    /** prolsh: the acceptance number, null until the hall accepts the case. */
    prolsh: text('prolsh'),
    /** slbh: the application number, given at creation ('SL' + date + serial). */
    slbh: text('slbh').notNull().unique(),
    djlx: text('djlx').notNull(),
    qllx: text('qllx').notNull(),
    xzqdm: text('xzqdm').notNull(),
    areaname: text('areaname').notNull(),
    /** shzt: -1 not submitted; 0 pending; 10, 20, 30 passed; 11, 21 rejected (packages/domain review.ts). */
    shzt: integer('shzt').notNull().default(-1),
    /** appointment: '1' an appointment-only application, '0' online. */
    appointment: text('appointment').notNull().default('0'),
    /** kyy: '1' bookable, '2' booking slip viewable, '0' neither. */
    kyy: text('kyy').notNull().default('0'),
    /** czfs of the rights information, '' while none is saved. */
    czfs: text('czfs').notNull().default(''),
    /** Review opinions (pro_slxmsh): cadastral survey and acceptance. */
    shQjdcYj: text('sh_qjdc_yj').notNull().default(''),
    shXmslYj: text('sh_xmsl_yj').notNull().default(''),
    /** prostart. */
    createdAt: createdAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [index('applications_owner_idx').on(t.openid, t.shzt, t.createdAt)],
);

const applicationId = () =>
  bigint('application_id', { mode: 'number' })
    .notNull()
    .references(() => applications.id, { onDelete: 'cascade' });

/** Persons on an application (sqr): sqr_lx 0 rights holder, 1 obligor, 10 mortgagee. */
export const applicants = pgTable(
  'applicants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: applicationId(),
    sqrLx: text('sqr_lx').notNull(),
    sqrName: text('sqr_name').notNull().default(''),
    sqrTel: text('sqr_tel').notNull().default(''),
    /** sqr_zjlx: 1–5 personal ID types, 6 and 7 company (packages/domain enums.ts). */
    sqrZjlx: text('sqr_zjlx').notNull().default(''),
    sqrZjh: text('sqr_zjh').notNull().default(''),
    sqrAdress: text('sqr_adress').notNull().default(''),
    /** Agent. */
    sqrQtDlrName: text('sqr_qt_dlr_name').notNull().default(''),
    sqrQtZjh: text('sqr_qt_zjh').notNull().default(''),
    sqrQtZjlx: text('sqr_qt_zjlx').notNull().default(''),
    sqrQtTel: text('sqr_qt_tel').notNull().default(''),
    /** Legal representative. */
    sqrQtFrName: text('sqr_qt_fr_name').notNull().default(''),
    sqrQtFrZjh: text('sqr_qt_fr_zjh').notNull().default(''),
    sqrQtFrZjlx: text('sqr_qt_fr_zjlx').notNull().default(''),
    sqrQtFrTel: text('sqr_qt_fr_tel').notNull().default(''),
    /** iscqr: '1' holds the certificate. */
    iscqr: text('iscqr').notNull().default('1'),
    /** sqr_gyfs: '0' sole, 1 joint, 2 by share, 3 other; sqr_gyfe: the share, 0–99.99. */
    sqrGyfs: text('sqr_gyfs').notNull().default('0'),
    sqrGyfe: text('sqr_gyfe').notNull().default(''),
    /** qzzt: '1' signed. */
    qzzt: text('qzzt').notNull().default('0'),
    /** The stored signature image, once signed. */
    signatureFileId: text('signature_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('applicants_application_idx').on(t.applicationId, t.sqrLx)],
);

/** Property units of an application; the defaults are the spec's (fwyt 10, tdsyq_yt 071, czfs 02, sfhbzs 0). */
export const propertyUnits = pgTable(
  'property_units',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: applicationId(),
    bdcqzmh: text('bdcqzmh').notNull().default(''),
    bdcdyh: text('bdcdyh').notNull().default(''),
    zl: text('zl').notNull().default(''),
    fwsyqmj: text('fwsyqmj').notNull().default(''),
    tdsyqMj: text('tdsyq_mj').notNull().default(''),
    mjBgh: text('mj_bgh').notNull().default(''),
    zgzqse: text('zgzqse').notNull().default(''),
    bdbzzqse: text('bdbzzqse').notNull().default(''),
    qdjg: text('qdjg').notNull().default(''),
    qlqssj: text('qlqssj').notNull().default(''),
    qljssj: text('qljssj').notNull().default(''),
    fwyt: text('fwyt').notNull().default('10'),
    tdsyqYt: text('tdsyq_yt').notNull().default('071'),
    czfs: text('czfs').notNull().default('02'),
    sfhbzs: text('sfhbzs').notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [index('property_units_application_idx').on(t.applicationId)],
);

/**
 * Rights information of an application (addQlxxInfo), one record per savetype: 2 pre-notation,
 * 3 mortgage, 4 cancellation, 99 rights info (a 700+423 case holds both 2 and 3).
 */
export const rightsInfo = pgTable(
  'rights_info',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: applicationId(),
    savetype: text('savetype').notNull(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rights_info_application_savetype_idx').on(t.applicationId, t.savetype)],
);

/** Materials of an application (datuminst), copied from the business when the application is created. */
export const materials = pgTable(
  'materials',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: applicationId(),
    name: text('name').notNull(),
    /** required: '是' or '否'. */
    required: text('required').notNull().default('是'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('materials_application_idx').on(t.applicationId)],
);

/** Attachments of a material (pro_attachment): each points at a stored file of the application's owner. */
export const materialFiles = pgTable(
  'material_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    materialId: bigint('material_id', { mode: 'number' })
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    storedFileId: text('stored_file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('material_files_material_idx').on(t.materialId)],
);

/** Counter appointment sites (part 3 §3, §7): areaId, areaName per district; the site list reads address, worktime, phone, lat, lng. */
export const appointmentAreas = pgTable(
  'appointment_areas',
  {
    /** areaId. */
    id: text('id').primaryKey(),
    xzqdm: text('xzqdm').notNull(),
    areaName: text('area_name').notNull(),
    /** '' when unknown; the site list shows 暂无. */
    address: text('address').notNull().default(''),
    worktime: text('worktime').notNull().default(''),
    phone: text('phone').notNull().default(''),
    lat: text('lat').notNull().default(''),
    lng: text('lng').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('appointment_areas_xzqdm_idx').on(t.xzqdm)],
);

/** Businesses (windows) an area handles: processId, processName. */
export const appointmentProcesses = pgTable(
  'appointment_processes',
  {
    /** processId. */
    id: text('id').primaryKey(),
    areaId: text('area_id')
      .notNull()
      .references(() => appointmentAreas.id, { onDelete: 'cascade' }),
    processName: text('process_name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('appointment_processes_area_idx').on(t.areaId)],
);

/** Calendar days of an area: calendarId, calendar, timeClass, holiday (1 closed). */
export const appointmentCalendars = pgTable(
  'appointment_calendars',
  {
    /** calendarId. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    areaId: text('area_id')
      .notNull()
      .references(() => appointmentAreas.id, { onDelete: 'cascade' }),
    calendarDate: date('calendar_date', { mode: 'string' }).notNull(),
    /** timeClass: which slot table the day uses ('1' full day, '2' morning only). */
    timeClass: text('time_class').notNull(),
    /** holiday: 1 closed (weekends and public holidays), 0 open. */
    holiday: integer('holiday').notNull().default(0),
  },
  (t) => [uniqueIndex('appointment_calendars_area_date_idx').on(t.areaId, t.calendarDate, t.timeClass)],
);

/** Time slots of a calendar day and business: timeId, timeName, maxNum, countNum. */
export const appointmentSlots = pgTable(
  'appointment_slots',
  {
    /** timeId. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    calendarId: bigint('calendar_id', { mode: 'number' })
      .notNull()
      .references(() => appointmentCalendars.id, { onDelete: 'cascade' }),
    processId: text('process_id')
      .notNull()
      .references(() => appointmentProcesses.id, { onDelete: 'cascade' }),
    /** timeName, e.g. 09:00-10:00. */
    timeName: text('time_name').notNull(),
    maxNum: integer('max_num').notNull(),
    countNum: integer('count_num').notNull().default(0),
  },
  (t) => [
    uniqueIndex('appointment_slots_calendar_process_time_idx').on(t.calendarId, t.processId, t.timeName),
    // The database, not the server process, is what keeps a slot from being overbooked.
    check('appointment_slots_capacity_check', sql`${t.countNum} >= 0 AND ${t.countNum} <= ${t.maxNum}`),
  ],
);

/** Appointment orders, owned by the openid that booked them; one per case, one per user and date. */
export const appointmentOrders = pgTable(
  'appointment_orders',
  {
    /** orderid. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    openid: text('openid').notNull(),
    applicationId: applicationId(),
    /** wlsh: the case's acceptance number (prolsh). */
    wlsh: text('wlsh').notNull(),
    areaId: text('area_id')
      .notNull()
      .references(() => appointmentAreas.id),
    processId: text('process_id')
      .notNull()
      .references(() => appointmentProcesses.id),
    calendarId: bigint('calendar_id', { mode: 'number' })
      .notNull()
      .references(() => appointmentCalendars.id),
    slotId: bigint('slot_id', { mode: 'number' })
      .notNull()
      .references(() => appointmentSlots.id),
    /** The calendar day, kept here so "one booking per user and date" is a unique index. */
    bookedDate: date('booked_date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    /** code: the ID number. */
    code: text('code').notNull(),
    phone: text('phone').notNull(),
    createdAt: createdAt(),
    /** extendData: wlsh, calendar, timeName, processName, areaName, djlx as booked. */
    extendData: jsonb('extend_data').notNull(),
  },
  (t) => [
    uniqueIndex('appointment_orders_owner_case_idx').on(t.openid, t.applicationId),
    uniqueIndex('appointment_orders_owner_date_idx').on(t.openid, t.bookedDate),
    index('appointment_orders_owner_idx').on(t.openid, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Counter booking (part 3 §2.5, §7 "Counter booking"): date and slot bookings of /appointment.
// They take their places from appointment_slots, so one capacity rule covers both booking pages.

/** A counter booking, owned by the openid that made it: createdate, yysj, name (part 3 §3); one per user and date. */
export const counterBookings = pgTable(
  'counter_bookings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    openid: text('openid').notNull(),
    calendarId: bigint('calendar_id', { mode: 'number' })
      .notNull()
      .references(() => appointmentCalendars.id),
    /** countId: the slot whose place the booking holds. */
    slotId: bigint('slot_id', { mode: 'number' })
      .notNull()
      .references(() => appointmentSlots.id),
    /** The calendar day, kept here so "one booking per user and date" is a unique index. */
    bookedDate: date('booked_date', { mode: 'string' }).notNull(),
    /** yysj: the date and the slot's name as booked. */
    yysj: text('yysj').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    /** zjh: the ID number. */
    zjh: text('zjh').notNull(),
    /** The case the booking was made for (from /appointment?proinstid), if any. */
    applicationId: bigint('application_id', { mode: 'number' }).references(() => applications.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('counter_bookings_owner_date_idx').on(t.openid, t.bookedDate),
    uniqueIndex('counter_bookings_application_idx').on(t.applicationId),
    index('counter_bookings_owner_idx').on(t.openid, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Archive query (查档证明, spec part 3 §2.7, §2.8, §4)

/**
 * One archive request's verification steps, for the session that takes them: a phone code checked
 * by the server opens a step (its bsm is also the face check's business serial); the request may
 * be recorded only within the step's lifetime, after a passed face check for that bsm, and once.
 */
export const archiveQuerySteps = pgTable(
  'archive_query_steps',
  {
    bsm: text('bsm').primaryKey(),
    openid: text('openid').notNull(),
    sessionId: text('session_id').notNull(),
    phone: text('phone').notNull(),
    codeVerifiedAt: timestamp('code_verified_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the request was recorded: a step opens one request only. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    recordId: bigint('record_id', { mode: 'number' }).references(() => queryRecords.id, { onDelete: 'set null' }),
  },
  (t) => [index('archive_query_steps_owner_idx').on(t.openid, t.sessionId, t.codeVerifiedAt)],
);

// ---------------------------------------------------------------------------------------------
// Queue numbers (排队取号, spec part 3 §2.6, §3, §7 "Queue module")

/** Halls that hand out queue numbers (comID). */
export const queueCompanies = pgTable('queue_companies', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** '' when unknown. */
  address: text('address').notNull().default(''),
  worktime: text('worktime').notNull().default(''),
  phone: text('phone').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** A hall's queue configuration (system/addtime): times HH:mm, durations in minutes, yuyueday in days. */
export const queueConfigs = pgTable('queue_configs', {
  id: text('id').primaryKey(),
  companyId: text('company_id')
    .notNull()
    .unique()
    .references(() => queueCompanies.id, { onDelete: 'cascade' }),
  strtime: text('strtime').notNull(),
  endtime: text('endtime').notNull(),
  addtime: integer('addtime').notNull(),
  yuyueabovetime: integer('yuyueabovetime').notNull(),
  cancelyuyuetime: integer('cancelyuyuetime').notNull(),
  yuyueday: integer('yuyueday').notNull(),
});

/** Days a hall is closed besides weekends (public holidays). */
export const queueClosedDays = pgTable(
  'queue_closed_days',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => queueCompanies.id, { onDelete: 'cascade' }),
    closedDate: date('closed_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.closedDate] })],
);

/** Business groups of a hall (queueid / groupId): one queue each, with its number letter and the numbers per time. */
export const queueGroups = pgTable(
  'queue_groups',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => queueCompanies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    remark: text('remark').notNull().default(''),
    /** Numbers handed out for each time of a day. */
    capacity: integer('capacity').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('queue_groups_company_idx').on(t.companyId), check('queue_groups_capacity_check', sql`${t.capacity} > 0`)],
);

/** The businesses a group handles (business/sellist). */
export const queueBusinesses = pgTable(
  'queue_businesses',
  {
    id: text('id').primaryKey(),
    groupId: text('group_id')
      .notNull()
      .references(() => queueGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('queue_businesses_group_idx').on(t.groupId)],
);

/** The queue module's news (system/newslist). */
export const queueNews = pgTable('queue_news', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Numbers taken per group, day and time: the database keeps countNum within maxNum. */
export const queueTimeCounts = pgTable(
  'queue_time_counts',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => queueGroups.id, { onDelete: 'cascade' }),
    resDay: date('res_day', { mode: 'string' }).notNull(),
    resTime: text('res_time').notNull(),
    maxNum: integer('max_num').notNull(),
    countNum: integer('count_num').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.resDay, t.resTime] }),
    check('queue_time_counts_capacity_check', sql`${t.countNum} >= 0 AND ${t.countNum} <= ${t.maxNum}`),
  ],
);

/** The last number serial handed out per group and day, so numbers are unique and never reused. */
export const queueDaySerials = pgTable(
  'queue_day_serials',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => queueGroups.id, { onDelete: 'cascade' }),
    resDay: date('res_day', { mode: 'string' }).notNull(),
    lastSerial: integer('last_serial').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.resDay] })],
);

/** Queue orders, owned by the openid that took them (wechatid); state 1 valid, 2 cancelled. */
export const queueOrders = pgTable(
  'queue_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    openid: text('openid').notNull(),
    webid: text('webid').notNull().default(''),
    companyId: text('company_id')
      .notNull()
      .references(() => queueCompanies.id),
    groupId: text('group_id')
      .notNull()
      .references(() => queueGroups.id),
    resDay: date('res_day', { mode: 'string' }).notNull(),
    resTime: text('res_time').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    remark: text('remark').notNull().default(''),
    number: text('number').notNull(),
    state: integer('state').notNull().default(1),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    // One valid number per citizen, group and day.
    uniqueIndex('queue_orders_owner_group_day_idx').on(t.openid, t.groupId, t.resDay).where(sql`state = 1`),
    uniqueIndex('queue_orders_group_day_number_idx').on(t.groupId, t.resDay, t.number),
    index('queue_orders_owner_idx').on(t.openid, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Data downloads (资料下载, spec part 3 §2.19, §7 "Sites, lists and downloads")

/** Files citizens can download: looked up by file_name, streamed from storage by storage_key. */
export const downloadFiles = pgTable(
  'download_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** fileName: what the list shows as the file and the download asks for. */
    fileName: text('file_name').notNull().unique(),
    /** fileAlias: the title of the file. */
    fileAlias: text('file_alias').notNull(),
    /** The district the file is for; '' for every district. */
    xzqdm: text('xzqdm').notNull().default(''),
    mime: text('mime').notNull(),
    /** The storage's key; null until the file has been put in storage. */
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    sort: integer('sort').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('download_files_xzqdm_idx').on(t.xzqdm, t.sort)],
);

// ── Signatures and statements (spec part 3 §2.11–§2.17): the written statements of a case ──

/**
 * The statements of an application, one row per kind: jusInfo (undertaking letter), recordInfo
 * (inquiry record), changecqzInfo (certificate-change questioning record of 800+4).
 */
export const applicationStatements = pgTable(
  'application_statements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: applicationId(),
    kind: text('kind').notNull(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('application_statements_application_kind_idx').on(t.applicationId, t.kind),
    check('application_statements_kind_check', sql`${t.kind} in ('jusInfo', 'recordInfo', 'changecqzInfo')`),
  ],
);
