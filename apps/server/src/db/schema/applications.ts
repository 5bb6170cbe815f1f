import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sealedIdNumber, sealedPhone, sealedText } from '../sealed/sealed-columns';
import { createdAt, updatedAt, serialId, sortOrder, citizenOpenid } from './columns';
import { storedFiles } from './storage';

/** The application flow: the business catalogue, applications and everything on them, and their statements. */

// ── The application flow (spec part 2): the business catalogue and the citizens' applications ──

/** Business types the citizen picks first (getApplyType); examplerange (dylx) selects their businesses. */
export const businessTypes = pgTable('business_types', {
  id: text('id').primaryKey(),
  examplename: text('examplename').notNull(),
  examplerange: text('examplerange').notNull().unique(),
  imgpath: text('imgpath').notNull().default(''),
  sort: sortOrder(),
});

/** Parent categories of the business list (ProdefParent: Id, Prodef_name). */
export const businessCategories = pgTable('business_categories', {
  id: text('id').primaryKey(),
  prodefName: text('prodef_name').notNull(),
  sort: sortOrder(),
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
    sort: sortOrder(),
  },
  (t) => [index('businesses_district_idx').on(t.xzqdm, t.typeId)],
);

/** The property-unit fields of a business (fwxx): isfillin '1' required, '0' optional. */
export const businessFields = pgTable(
  'business_fields',
  {
    id: serialId(),
    prodefId: text('prodef_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    isfillin: text('isfillin').notNull().default('0'),
    label: text('label').notNull(),
    sort: sortOrder(),
  },
  (t) => [uniqueIndex('business_fields_prodef_field_idx').on(t.prodefId, t.field)],
);

/** The materials a business asks for; copied into each new application (the help stays here, read live). required: '是' or '否'. */
export const businessMaterials = pgTable(
  'business_materials',
  {
    id: serialId(),
    prodefId: text('prodef_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    required: text('required').notNull().default('是'),
    sort: sortOrder(),
    /** What the citizen is told at 资料上传 about taking this material's pictures (spec part 2 §2's 帮助提示). */
    hint: text('hint').notNull().default(''),
    /** An article picture (content's article_pictures) showing a good upload; pictures there are never removed. */
    samplePictureId: text('sample_picture_id'),
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
    sort: sortOrder(),
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
    id: serialId(),
    openid: citizenOpenid(),
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
  (t) => [
    index('applications_owner_idx').on(t.openid, t.shzt, t.createdAt),
    // The review queues' order: a page's ids come from this index alone, however deep the page.
    index('applications_review_queue_idx').on(t.shzt, t.submittedAt, t.id),
    // The statistics page's submissions per day, status and business, answered from the index alone.
    index('applications_submitted_idx').on(t.submittedAt, t.shzt, t.prodefid, t.xzqdm),
  ],
);

/** An application's id on a row that belongs to it: deleted with the application. */
export const applicationId = () =>
  bigint('application_id', { mode: 'number' })
    .notNull()
    .references(() => applications.id, { onDelete: 'cascade' });

/**
 * One row a review decision, written in the decision's own transaction (services/review): what the
 * statistics page times and counts. The audit trail holds the same facts in wide JSONB rows among every
 * other operator action; this narrow copy keeps the page's month of decisions a small range read.
 */
export const reviewDecisions = pgTable(
  'review_decisions',
  {
    id: serialId(),
    applicationId: applicationId(),
    /** cadastralSurvey or acceptance (packages/domain ReviewStage). */
    stage: text('stage').notNull(),
    /** pass or reject (packages/domain ReviewDecision). */
    decision: text('decision').notNull(),
    /** The rejection opinion as written, '' for a pass. */
    opinion: text('opinion').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
    /** The submission this decision answered: the review time runs from it. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    /** Seconds from that submission to the decision, kept as written: the page's average and percentile sort whole numbers. */
    reviewSeconds: integer('review_seconds').notNull(),
    /** The application's district, so a district's figures need no join. */
    xzqdm: text('xzqdm').notNull(),
  },
  (t) => [
    // The statistics page reads each stage and decision as one range of decision times, from the index alone.
    index('review_decisions_group_idx').on(t.stage, t.decision, t.decidedAt, t.reviewSeconds, t.xzqdm),
    index('review_decisions_application_idx').on(t.applicationId),
  ],
);

/** Persons on an application (sqr): sqr_lx 0 rights holder, 1 obligor, 10 mortgagee. */
export const applicants = pgTable(
  'applicants',
  {
    id: serialId(),
    applicationId: applicationId(),
    sqrLx: text('sqr_lx').notNull(),
    sqrName: sealedText('sqr_name').notNull().default(''),
    sqrTel: sealedPhone('sqr_tel').notNull().default(''),
    /** sqr_zjlx: 1–5 personal ID types, 6 and 7 company (packages/domain enums.ts). */
    sqrZjlx: text('sqr_zjlx').notNull().default(''),
    sqrZjh: sealedIdNumber('sqr_zjh').notNull().default(''),
    sqrAdress: text('sqr_adress').notNull().default(''),
    /** Agent. */
    sqrQtDlrName: sealedText('sqr_qt_dlr_name').notNull().default(''),
    sqrQtZjh: sealedIdNumber('sqr_qt_zjh').notNull().default(''),
    sqrQtZjlx: text('sqr_qt_zjlx').notNull().default(''),
    sqrQtTel: sealedPhone('sqr_qt_tel').notNull().default(''),
    /** Legal representative. */
    sqrQtFrName: sealedText('sqr_qt_fr_name').notNull().default(''),
    sqrQtFrZjh: sealedIdNumber('sqr_qt_fr_zjh').notNull().default(''),
    sqrQtFrZjlx: text('sqr_qt_fr_zjlx').notNull().default(''),
    sqrQtFrTel: sealedPhone('sqr_qt_fr_tel').notNull().default(''),
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
  // The signature index serves the foreign key: deleting a stored file (the storage clean-up, retention)
  // otherwise scans every applicant, about 0.7 s a file at 1.7 M applicants.
  (t) => [index('applicants_application_idx').on(t.applicationId, t.sqrLx), index('applicants_signature_file_idx').on(t.signatureFileId)],
);

/** Property units of an application; the defaults are the spec's (fwyt 10, tdsyq_yt 071, czfs 02, sfhbzs 0). */
export const propertyUnits = pgTable(
  'property_units',
  {
    id: serialId(),
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
    id: serialId(),
    applicationId: applicationId(),
    savetype: text('savetype').notNull(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('rights_info_application_savetype_idx').on(t.applicationId, t.savetype)],
);

/** Materials of an application (datuminst), copied from the business when the application is created. */
export const materials = pgTable(
  'materials',
  {
    id: serialId(),
    applicationId: applicationId(),
    name: text('name').notNull(),
    /** required: '是' or '否'. */
    required: text('required').notNull().default('是'),
    sort: sortOrder(),
  },
  (t) => [index('materials_application_idx').on(t.applicationId)],
);

/** Attachments of a material (pro_attachment): each points at a stored file of the application's owner. */
export const materialFiles = pgTable(
  'material_files',
  {
    id: serialId(),
    materialId: bigint('material_id', { mode: 'number' })
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    storedFileId: text('stored_file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  // As for applicants' signatures: a stored file's delete finds its material rows by this index.
  (t) => [index('material_files_material_idx').on(t.materialId), index('material_files_stored_file_idx').on(t.storedFileId)],
);

// ── Signatures and statements (spec part 3 §2.11–§2.17): the written statements of a case ──

/**
 * The statements of an application, one row per kind: jusInfo (undertaking letter), recordInfo
 * (inquiry record), changecqzInfo (certificate-change questioning record of 800+4).
 */
export const applicationStatements = pgTable(
  'application_statements',
  {
    id: serialId(),
    applicationId: applicationId(),
    kind: text('kind').notNull(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('application_statements_application_kind_idx').on(t.applicationId, t.kind),
    check('application_statements_kind_check', sql`${t.kind} in ('jusInfo', 'recordInfo', 'changecqzInfo')`),
  ],
);
