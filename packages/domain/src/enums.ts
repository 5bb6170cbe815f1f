/**
 * Enumerations and fixed dictionaries of the hall (spec part 1 §3–§9, part 2 §3–§9, part 3 §3–§9).
 * Each dictionary maps the code as it travels on the wire (always a string key, e.g. "01", "0")
 * to the Chinese label the citizen sees. The spec's field name is given in each comment.
 */

/** The label of a code in one of the dictionaries below, or undefined for an unknown code. */
export function enumLabel<T extends Readonly<Record<string, string>>>(dictionary: T, code: string | number | null | undefined): T[keyof T] | undefined {
  if (code === null || code === undefined) return undefined;
  const key = String(code).trim();
  return Object.prototype.hasOwnProperty.call(dictionary, key) ? (dictionary[key] as T[keyof T]) : undefined;
}

// ── Applicants ────────────────────────────────────────────────────────────────────────────

/** Category of an applicant, company or person (part 2 §9, part 3 §3). */
export const APPLICANT_CATEGORIES = {
  '1': '企业',
  '2': '个人',
} as const;
export type ApplicantCategory = keyof typeof APPLICANT_CATEGORIES;
export const APPLICANT_CATEGORY_COMPANY = '1';
export const APPLICANT_CATEGORY_PERSON = '2';

/** sqr_lx / sqrlx: the role a person plays on an application (part 2 §3, part 3 §3). */
export const APPLICANT_KINDS = {
  '0': '权利人',
  '1': '义务人',
  '10': '抵押权人',
} as const;
export type ApplicantKind = keyof typeof APPLICANT_KINDS;

/** sqr_lx 3 and 4: the generic applicant of the statement flows, labelled 申请人 (part 3 §2.17, §3). */
export const GENERIC_APPLICANT_KINDS = {
  '3': '申请人',
  '4': '申请人',
} as const;

/**
 * The stored kind of an applicant (part 3 §3): 0 and 1 stay; 3 becomes 0 and 4 becomes 1 for a
 * person (category "2") only; everything else, a company's 3 or 4 included, is a mortgagee (10),
 * exactly as the spec's "otherwise" reads.
 */
export function resolveApplicantKind(kind: string | number, category: string | number): ApplicantKind {
  const code = String(kind).trim();
  if (code === '0' || code === '1') return code;
  const isPerson = String(category).trim() === APPLICANT_CATEGORY_PERSON;
  if (isPerson && code === '3') return '0';
  if (isPerson && code === '4') return '1';
  return '10';
}

/** Personal ID types, zjlx / sqr_zjlx (part 2 §9, part 3 §3). */
export const PERSONAL_ID_TYPES = {
  '1': '身份证',
  '2': '港澳台身份证',
  '3': '护照',
  '4': '户口簿',
  '5': '军官证',
} as const;

/** Company ID types, zjlx / sqr_zjlx (part 2 §9, part 3 §3). */
export const COMPANY_ID_TYPES = {
  '6': '组织机构代码',
  '7': '营业执照',
} as const;

/** Every ID type, zjlx / sqr_zjlx / dlrzjlx / fddbrzjlx; type 1 is the one the full ID rule applies to. */
export const ID_TYPES = { ...PERSONAL_ID_TYPES, ...COMPANY_ID_TYPES } as const;
export type IdType = keyof typeof ID_TYPES;
export const ID_TYPE_ID_CARD = '1';

/** Co-ownership (sharing) mode, gyfs / sqr_gyfs (part 2 §3, §9, part 3 §3); "0" means no share field. */
export const SHARING_MODES = {
  '0': '单独所有',
  '1': '共同共有',
  '2': '按份共有',
  '3': '其他',
} as const;
export type SharingMode = keyof typeof SHARING_MODES;

/** Yes/no flags on the wire (part 2 §9): 1 是, 0 否. */
export const YES_NO = {
  '1': '是',
  '0': '否',
} as const;

/** Holder flag, sfcqr / iscqr: whether the person holds the certificate (part 2 §3, part 3 §3). */
export const HOLDER_FLAGS = YES_NO;

// ── Rights information ────────────────────────────────────────────────────────────────────

/** Holding method, czfs (part 2 §9): the certificate terms 共同持证 and 分别持证. */
export const HOLDING_METHODS = {
  '01': '共同持证',
  '02': '分别持证',
} as const;
export type HoldingMethod = keyof typeof HOLDING_METHODS;

/** The holding-method label of a detail page (part 3 §9): 01 joint, anything else separate. */
export function holdingMethodLabel(czfs: string | null | undefined): string {
  return czfs?.trim() === '01' ? HOLDING_METHODS['01'] : HOLDING_METHODS['02'];
}

/** Mortgage method, dyfs (part 2 §4, §9). */
export const MORTGAGE_METHODS = {
  '1': '一般抵押',
  '2': '最高额抵押',
} as const;
export type MortgageMethod = keyof typeof MORTGAGE_METHODS;

/** The mortgage-method label of a detail page (part 3 §9): 1 ordinary, anything else maximum-amount. */
export function mortgageMethodLabel(dyfs: string | number | null | undefined): string {
  return String(dyfs ?? '').trim() === '1' ? MORTGAGE_METHODS['1'] : MORTGAGE_METHODS['2'];
}

/** Price units, jgdw / zqdw (part 2 §9); any other code is 万元. */
export const PRICE_UNITS = {
  '1': '元',
  '2': '美元',
} as const;
export const DEFAULT_PRICE_UNIT_LABEL = '万元';

/** The price-unit label: 1 元, 2 美元, otherwise 万元 (part 2 §9). */
export function priceUnitLabel(unit: string | number | null | undefined): string {
  return enumLabel(PRICE_UNITS, unit) ?? DEFAULT_PRICE_UNIT_LABEL;
}

/** Certificate count, sfhbzs (part 2 §9): one certificate per unit, or one for several units. */
export const CERTIFICATE_COUNTS = {
  '0': '每个单元一本证书',
  '1': '多个单元一本证书',
} as const;

/** savetype of addQlxxInfo (part 2 §7, part 3 §4): which rights record a save writes. */
export const SAVE_TYPES = {
  '2': '预告权利信息',
  '3': '抵押权利信息',
  '4': '注销登记信息',
  '99': '权利信息',
} as const;
export type SaveType = keyof typeof SAVE_TYPES;
export const SAVE_TYPE_PRE_NOTATION = '2';
export const SAVE_TYPE_MORTGAGE = '3';
export const SAVE_TYPE_CANCELLATION = '4';
export const SAVE_TYPE_RIGHTS_INFO = '99';

// ── Registration and right types ──────────────────────────────────────────────────────────

/**
 * Registration types, djlx (part 2 §9). 100, 200, 400 and 700 carry the names of the national
 * registration database standard (首次, 转移, 注销, 预告登记). The standard's 800 is 查封登记, but this
 * hall files inheritance and lost-certificate reissue under 800 with qllx 4 (part 3 §2.16: a change of
 * holder or of certificate), so the hall shows it as 换证登记.
 */
export const REGISTRATION_TYPES = {
  '100': '首次登记',
  '200': '转移登记',
  '400': '注销登记',
  '700': '预告登记',
  '800': '换证登记',
} as const;
export type RegistrationType = keyof typeof REGISTRATION_TYPES;

/**
 * Right types, qllx (part 2 §9). 4 is the standard's land-use right with house ownership; this hall
 * files mortgages under 23, and 423 is the two filed together (pre-notation of the house plus the
 * mortgage pre-notation, screen infofillyg_ydy), so the label joins the two names.
 */
export const RIGHT_TYPES = {
  '4': '国有建设用地使用权及房屋所有权',
  '23': '抵押权',
  '423': '国有建设用地使用权及房屋所有权、抵押权',
} as const;
export type RightType = keyof typeof RIGHT_TYPES;

// ── Review and users ──────────────────────────────────────────────────────────────────────

/**
 * Review status labels of one application, shzt (part 2 §4): 10/20/30 all show as passed, 11/21 as
 * rejected. The list's tab titles and actions are review.ts's.
 */
export const REVIEW_STATUS_LABELS = {
  '-1': '未提交',
  '0': '待审核',
  '10': '审核通过',
  '20': '审核通过',
  '30': '审核通过',
  '11': '审核驳回',
  '21': '审核驳回',
} as const;

/** User kinds, yhlx / usertype (part 2 §1, §4). */
export const USER_KINDS = {
  '0': '个人',
  '1': '企业',
} as const;
export type UserKind = keyof typeof USER_KINDS;

/** Appointment flag, appointment (part 1 §9, part 2 §9): 1 books a counter visit and goes straight to upload. */
export const APPOINTMENT_FLAGS = {
  '0': '网上申请',
  '1': '预约办理',
} as const;

// ── Regions ───────────────────────────────────────────────────────────────────────────────

/** XZQDM region codes whose users do not see "my business" in the personal centre (part 1 §2, §9). */
export const MY_BUSINESS_HIDDEN_REGIONS = ['150724', '150723', '150782', '150702'] as const;

/** Whether the personal centre hides "my business" for a user of this region code. */
export function hidesMyBusiness(xzqdm: string | null | undefined): boolean {
  return (MY_BUSINESS_HIDDEN_REGIONS as readonly string[]).includes(xzqdm?.trim() ?? '');
}

/**
 * District 140200 (part 2 §2, part 3 §2.8, §8, §9): its own booking message, its own certificate
 * page (/CatchCert_yhxz), and no rights-info panel for djlx 200.
 */
export const SPECIAL_RULES_DISTRICT = '140200';

/** District 630100 (part 2 §4, §6): passed applications offer "go to tax bureau". */
export const TAX_BUREAU_DISTRICT = '630100';

/** Default region of the address list in the shell area (part 1 §7, §9). */
export const DEFAULT_ADDRESS_REGION = '130400';

/** Default region of the address list in the apply flow (part 2 §9). */
export const DEFAULT_APPLY_REGION = '659000';

// ── Statements and inquiry records ────────────────────────────────────────────────────────

/** Options of sfqtjcr and ywfyxy in the inquiry record (part 3 §3). */
export const NONE_OR_SOME_OPTIONS = ['无', '有'] as const;

/** Options of sfddsy, sfzs, sfzhyf and sffqbdc in the inquiry record (part 3 §3). */
export const NO_OR_YES_OPTIONS = ['否', '是'] as const;

/** Which option list each choice field of the inquiry record (recordInfo) uses (part 3 §3). */
export const INQUIRY_RECORD_CHOICES = {
  sfqtjcr: NONE_OR_SOME_OPTIONS,
  ywfyxy: NONE_OR_SOME_OPTIONS,
  sfddsy: NO_OR_YES_OPTIONS,
  sfzs: NO_OR_YES_OPTIONS,
  sfzhyf: NO_OR_YES_OPTIONS,
  sffqbdc: NO_OR_YES_OPTIONS,
} as const;
export type InquiryRecordChoiceField = keyof typeof INQUIRY_RECORD_CHOICES;

/**
 * The inquiry record as previewed (part 3 §4): a choice field that is empty or true-valued
 * (true or "true") gets its first option, 无 or 否. Other fields are kept as they are.
 */
export function withInquiryRecordDefaults<T extends Record<string, unknown>>(record: T): T & Record<InquiryRecordChoiceField, string> {
  const result: Record<string, unknown> = { ...record };
  for (const [field, options] of Object.entries(INQUIRY_RECORD_CHOICES)) {
    const value = result[field];
    if (value === undefined || value === null || value === '' || value === true || value === 'true') result[field] = options[0];
  }
  return result as T & Record<InquiryRecordChoiceField, string>;
}

/** Ownership kind (part 3 §3). */
export const OWNERSHIP_KINDS = ['共有', '单独所有'] as const;

/** House summary (part 3 §2.17): ownership mode 0 shows as sole ownership, anything else as joint. */
export function ownershipLabel(mode: string | number | null | undefined): string {
  return String(mode ?? '').trim() === '0' ? '单独所有' : '共有';
}

/** Co-ownership mode of the statements, quoted as the spec writes it (part 3 §3). */
export const CO_OWNERSHIP_MODES = ['按份共有', '共同共用'] as const;

/** Knowledge options of the statements (part 3 §3). */
export const KNOWLEDGE_OPTIONS = ['不知悉', '已知悉'] as const;
