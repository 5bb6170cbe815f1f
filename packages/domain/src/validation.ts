/**
 * The validation rules of the hall (spec part 1 §5, part 2 §5, part 3 §5) and their Chinese messages.
 * Each rule takes a plain input object and returns the first failing message, in the order the
 * specification gives, or null when the input is valid. The apps show the message; the server
 * answers with the same message, so both quote one home.
 * Where the spec gives no wording, the message is written in the style of its neighbours
 * ("…不能为空", "…有误!") and only checked after every rule the spec does word.
 */
import { isSlotFull, type SlotCapacity } from './booking';
import { DATE_YEAR_MAX, DATE_YEAR_MIN, DEFAULT_APPLICANT_CATEGORY, FEEDBACK_MAX_LENGTH, SHARE_MAX, SHARE_MIN, UPLOAD_MAX_BYTES } from './constants';
import { APPLICANT_CATEGORY_COMPANY, ID_TYPE_ID_CARD } from './enums';
import { isMainlandMobileNumber, isMobileNumber } from './formats';
import { hasIdNumberLength, isAgentIdNumber, isQueryIdNumber, isValidIdNumber } from './id-card';

/** Shortest password (part 1 §5: placeholder 6位以上的数字和字母). */
export const PASSWORD_MIN_LENGTH = 6;

/** Title of the phone-code failure dialog (part 3 §5). */
export const PHONE_CODE_FAILURE_TITLE = '校验失败';

/** Every validation message, keyed by rule. Templates are functions of the part that varies. */
export const VALIDATION_MESSAGES = {
  // Profile and real-name (part 1 §5).
  profileIncomplete: '请先填写姓名、手机号、身份证号码',
  profileIdLength: '请确认身份证号码位数是否正确!',
  profileMobile: '请确认手机号码是否正确!',
  profileIdFormat: '请检查身份证号码是否正确!',
  /** Not worded by the spec: the confirm dialog's placeholder made into a rule. */
  password: '密码须为6位以上的数字和字母',
  /** The spec's words, though the rule checks name and ID number. */
  realNameIncomplete: '请先填写姓名和手机号',

  // Feedback (part 1 §5).
  feedbackEmpty: '信息未填写完整，请补充完整',
  /** Not worded by the spec. */
  feedbackTooLong: `反馈内容不能超过${FEEDBACK_MAX_LENGTH}个字`,

  // Certificate and electronic-licence query (part 1 §5).
  queryIncomplete: '请填入内容',
  queryName: '没有输入姓名!',
  queryIdNumber: '身份证格式有误!',
  queryCertificateNumber: '请输入权证号!',

  // Signature-verification upload (part 1 §5).
  uploadPdfOnly: '只能上传pdf文件',
  uploadTooLarge: '文件大小不超过500M',

  // Appointment form (part 3 §5).
  appointmentArea: '办理地点不能为空',
  appointmentProcess: '办理业务不能为空',
  appointmentDate: '办理日期不能为空',
  appointmentTime: '办理时间不能为空',
  slotFull: '该时间段预约已满，请选择其他时间段！',
  alreadyBooked: '您已预约，不能重复预约！',

  // Phone-code search (part 3 §5).
  phoneCode: '请输入动态验证码',
  phoneNumber: '请输入正确的手机号',

  // Property query (part 3 §5): the spec only paraphrases these two.
  propertyQueryNumber: '请输入不动产权证号或原证号',
  /** The same words as the real-name rule, which the spec's paraphrase ("fill name and phone first") matches. */
  propertyQueryProfile: '请先填写姓名和手机号',

  // Applicant (part 2 §5, part 3 §5).
  applicantName: '姓名不能为空',
  companyName: '公司名称不能为空',
  applicantContact: '联系方式不能为空',
  applicantIdNumber: '请输入合法的证件号码',
  applicantIdRequired: '证件号码不能为空',
  companyIdRequired: '证件号不能为空',
  applicantAddress: '联系地址不能为空',
  agentIdNumber: '代理人身份证号有误!',
  /** Not worded by the spec. */
  agentPhone: '代理人联系电话有误!',
  /** Not worded by the spec. */
  legalRepresentativePhone: '法定代表人联系电话有误!',
  /** Not worded by the spec: a by-share (按份共有) holder needs a share. */
  shareRequired: '请填写共有份额',
  /** Not worded by the spec. */
  shareRange: `共有份额须为${SHARE_MIN}到${SHARE_MAX}之间的数字`,
  signUnsaved: '请先保存用户信息',

  // Rights information (part 2 §2, §5; part 3 §5); the spec gives no wording for these.
  cancellationCertificate: '不动产权证号不能为空',
  landUseStart: '土地使用起始日期不能为空',
  landUseEnd: '土地使用结束日期不能为空',
  landUseOrder: '土地使用结束日期不能早于起始日期',
  claimStart: '债权起始日期不能为空',
  claimEnd: '债权结束日期不能为空',
  claimOrder: '债权结束日期不能早于起始日期',
  mortgageMethod: '抵押方式不能为空',
  securedPrincipal: '被担保主债权数额不能为空',
  maximumClaim: '最高债权数额不能为空',
  holdingMethod: '持证方式不能为空',
  certificateCount: '发证方式不能为空',
  transactionAmount: '交易金额不能为空',

  // Templates for a named field (property form and the amounts and dates above).
  fieldRequired: (label: string) => `${label}不能为空`,
  fieldNumeric: (label: string) => `${label}须为数字`,
  fieldDate: (label: string) => `${label}须为${DATE_YEAR_MIN}年至${DATE_YEAR_MAX}年之间的日期`,

  // Materials (part 2 §8, part 3 §8): the space after 」 is the spec's.
  materialMissing: (name: string) => `「${name}」 附件不可为空`,

  // Generic inputs (part 3 §5).
  required: '必填哦',
  minLength: (n: number) => `至少输入${n}个字符`,
  maxLength: (n: number) => `最多输入${n}个字符`,
  mismatch: '输入不一致',
  datetimeRequired: '必填',
} as const;

const M = VALIDATION_MESSAGES;

/** A text field as it may arrive from a form or a payload. */
type Text = string | number | null | undefined;

function text(value: Text): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

function isBlank(value: Text): boolean {
  return text(value) === '';
}

/** Required fields in the order a form checks them: the message of the first one left blank, or null when none is. */
function firstBlank<K extends string>(input: { readonly [P in NoInfer<K>]?: Text }, messages: Readonly<Record<K, string>>): string | null {
  for (const field of Object.keys(messages) as K[]) {
    if (isBlank(input[field])) return messages[field];
  }
  return null;
}

/** Characters as a person counts them: one per code point, so an emoji or a rare character counts once. */
function characterCount(value: string): number {
  return Array.from(value).length;
}

/** A non-negative decimal as the forms accept it for areas and amounts. */
function isDecimal(value: Text): boolean {
  return /^\d+(?:\.\d+)?$/.test(text(value));
}

/** A real date of the pickers' range, written YYYY-MM-DD (or with / or .), a time part allowed. */
function pickerDate(value: Text): string | null {
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:$|[ T])/.exec(text(value));
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < DATE_YEAR_MIN || year > DATE_YEAR_MAX) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Both dates valid, and the end not before the start; or the first message that fails. */
function dateRange(start: Text, end: Text, labels: { start: string; end: string }, orderMessage: string): string | null {
  const from = pickerDate(start);
  if (from === null) return M.fieldDate(labels.start);
  const to = pickerDate(end);
  if (to === null) return M.fieldDate(labels.end);
  return to < from ? orderMessage : null;
}

// ── Part 1: profile, password, real name, feedback, queries, upload ───────────────────────

export interface ProfileInput {
  name?: Text;
  /** cardnum */
  idNumber?: Text;
  /** phone */
  mobile?: Text;
}

/** Profile save (part 1 §5): all three present, then ID length 15 or 18, then the mobile. */
export function validateProfile(input: ProfileInput): string | null {
  if (isBlank(input.name) || isBlank(input.idNumber) || isBlank(input.mobile)) return M.profileIncomplete;
  if (!hasIdNumberLength(text(input.idNumber))) return M.profileIdLength;
  if (!isMobileNumber(text(input.mobile))) return M.profileMobile;
  return null;
}

/**
 * Profile save with the full ID rule (part 1 §5, the stricter reading): presence, ID length, ID format
 * (province, birth date, check digit), then the mobile. The server applies this one.
 */
export function validateProfileStrict(input: ProfileInput, today: Date = new Date()): string | null {
  if (isBlank(input.name) || isBlank(input.idNumber) || isBlank(input.mobile)) return M.profileIncomplete;
  if (!hasIdNumberLength(text(input.idNumber))) return M.profileIdLength;
  if (!isValidIdNumber(text(input.idNumber), today)) return M.profileIdFormat;
  if (!isMobileNumber(text(input.mobile))) return M.profileMobile;
  return null;
}

/**
 * Login password (part 1 §5): 6 or more characters with at least one letter and one digit, as the
 * placeholder 6位以上的数字和字母 asks. Other characters are allowed, so a stronger password is never refused.
 */
export function validatePassword(password: string | null | undefined): string | null {
  const value = password ?? '';
  if (characterCount(value) < PASSWORD_MIN_LENGTH) return M.password;
  if (!/[A-Za-z]/.test(value) || !/\d/.test(value)) return M.password;
  return null;
}

export interface RealNameInput {
  name?: Text;
  idNumber?: Text;
}

/** Real-name verification (part 1 §5): name and ID number present. */
export function validateRealName(input: RealNameInput): string | null {
  return isBlank(input.name) || isBlank(input.idNumber) ? M.realNameIncomplete : null;
}

/** Feedback (part 1 §5): not empty (whitespace counts as empty), at most 200 characters. */
export function validateFeedback(input: { content?: Text }): string | null {
  if (isBlank(input.content)) return M.feedbackEmpty;
  if (characterCount(text(input.content)) > FEEDBACK_MAX_LENGTH) return M.feedbackTooLong;
  return null;
}

export interface CertificateQueryInput {
  /** xzqmc */
  city?: Text;
  /** username */
  name?: Text;
  /** zjh */
  idNumber?: Text;
  /** qzh */
  certificateNumber?: Text;
}

/**
 * Certificate and electronic-licence query (part 1 §5): every field filled (请填入内容), then the name,
 * the ID with the query check (15, 18, or 17 digits plus X), the certificate number.
 * "Filled" means typed into: a field holding only spaces passes the first check and fails its own.
 */
export function validateCertificateQuery(input: CertificateQueryInput): string | null {
  const fields = [input.city, input.name, input.idNumber, input.certificateNumber];
  if (fields.some((value) => value === null || value === undefined || String(value) === '')) return M.queryIncomplete;
  if (isBlank(input.name)) return M.queryName;
  if (!isQueryIdNumber(text(input.idNumber))) return M.queryIdNumber;
  if (isBlank(input.certificateNumber)) return M.queryCertificateNumber;
  return null;
}

/**
 * Signature-verification upload (part 1 §5): the name contains .pdf (any letter case, as phones
 * often name files .PDF), and the size is not above UPLOAD_MAX_BYTES: 500 MB, what the message says.
 */
export function validateSignatureUpload(input: { fileName: string; size: number }): string | null {
  if (!input.fileName.toLowerCase().includes('.pdf')) return M.uploadPdfOnly;
  if (input.size > UPLOAD_MAX_BYTES) return M.uploadTooLarge;
  return null;
}

// ── Part 3: appointments, phone code, property query ──────────────────────────────────────

export interface AppointmentInput {
  /** area: the location */
  area?: Text;
  /** process: the business */
  process?: Text;
  /** calendar: the date */
  calendar?: Text;
  /** time: the slot */
  time?: Text;
}

/** Appointment submit (part 3 §5), in this order: location, business, date, time. */
export function validateAppointment(input: AppointmentInput): string | null {
  return firstBlank(input, { area: M.appointmentArea, process: M.appointmentProcess, calendar: M.appointmentDate, time: M.appointmentTime });
}

/** Slot check (part 3 §4, §5): a full slot first, then an existing booking that date; null when bookable. */
export function slotBookingMessage(slot: SlotCapacity, userHasBookingThatDate: boolean): string | null {
  if (isSlotFull(slot)) return M.slotFull;
  if (userHasBookingThatDate) return M.alreadyBooked;
  return null;
}

export interface PhoneCodeSearchInput {
  /** The code the user typed. */
  code?: Text;
  /** The code the server returned (getQueryYzm data). */
  serverCode?: Text;
  /** qlrphone */
  phone?: Text;
}

/** Phone-code search (part 3 §5): the code typed and equal to the server's, then a 13–19 mobile. Dialog title: PHONE_CODE_FAILURE_TITLE. */
export function validatePhoneCodeSearch(input: PhoneCodeSearchInput): string | null {
  if (isBlank(input.code) || text(input.code) !== text(input.serverCode)) return M.phoneCode;
  if (!isMainlandMobileNumber(text(input.phone))) return M.phoneNumber;
  return null;
}

export interface PropertyQueryInput {
  /** bdcqzh */
  certificateNumber?: Text;
  /** The legacy (old-style) certificate number. */
  legacyNumber?: Text;
  /** name, from the profile */
  name?: Text;
  /** card, from the profile */
  cardNumber?: Text;
}

/** Property query (part 3 §5): a certificate or legacy number, then the profile's name and card number. */
export function validatePropertyQuery(input: PropertyQueryInput): string | null {
  if (isBlank(input.certificateNumber) && isBlank(input.legacyNumber)) return M.propertyQueryNumber;
  if (isBlank(input.name) || isBlank(input.cardNumber)) return M.propertyQueryProfile;
  return null;
}

// ── Applicants (part 2 §5, part 3 §5) ─────────────────────────────────────────────────────

export interface ApplicantInput {
  /** Category: "1" company, "2" person (the default). */
  category?: Text;
  /** sqrxm */
  name?: Text;
  /** sqrlxdh */
  phone?: Text;
  /** zjlx */
  idType?: Text;
  /** sqrzjh */
  idNumber?: Text;
  /** sqrdz */
  address?: Text;
  /** dlrzjlx: the agent ID check applies when this is blank or "1" (an ID card). */
  agentIdType?: Text;
  /** dlrzjh */
  agentIdNumber?: Text;
  /** dlrlxdh */
  agentPhone?: Text;
  /** fddbrdh */
  legalRepresentativePhone?: Text;
  /** gyfs */
  sharingMode?: Text;
  /** gyfe, percent */
  share?: Text;
}

/**
 * Person or company applicant (part 2 §5, part 3 §5), in the spec's order: name, contact, ID,
 * address (person only), agent ID if given, then agent and legal-representative phones with the
 * mobile check when given, then the share when the sharing mode is not "0".
 */
export function validateApplicant(input: ApplicantInput, today: Date = new Date()): string | null {
  const category = isBlank(input.category) ? DEFAULT_APPLICANT_CATEGORY : text(input.category);
  const isCompany = category === APPLICANT_CATEGORY_COMPANY;
  if (isBlank(input.name)) return isCompany ? M.companyName : M.applicantName;
  if (isBlank(input.phone)) return M.applicantContact;
  if (text(input.idType) === ID_TYPE_ID_CARD) {
    if (!isValidIdNumber(text(input.idNumber), today)) return M.applicantIdNumber;
  } else if (isBlank(input.idNumber)) {
    return isCompany ? M.companyIdRequired : M.applicantIdRequired;
  }
  if (!isCompany && isBlank(input.address)) return M.applicantAddress;
  const agentHoldsIdCard = isBlank(input.agentIdType) || text(input.agentIdType) === ID_TYPE_ID_CARD;
  if (agentHoldsIdCard && !isBlank(input.agentIdNumber) && !isAgentIdNumber(text(input.agentIdNumber))) return M.agentIdNumber;
  if (!isBlank(input.agentPhone) && !isMobileNumber(text(input.agentPhone))) return M.agentPhone;
  if (!isBlank(input.legalRepresentativePhone) && !isMobileNumber(text(input.legalRepresentativePhone))) return M.legalRepresentativePhone;
  return validateShare(input.sharingMode, input.share);
}

/** The share is asked only when the sharing mode is not "0"; by-share (2) needs one; any share given lies in 0–99.99. */
function validateShare(sharingMode: Text, share: Text): string | null {
  const mode = text(sharingMode);
  if (mode === '' || mode === '0') return null;
  if (isBlank(share)) return mode === '2' ? M.shareRequired : null;
  if (!/^\d+(?:\.\d{1,2})?$/.test(text(share))) return M.shareRange;
  const value = Number(text(share));
  return value >= SHARE_MIN && value <= SHARE_MAX ? null : M.shareRange;
}

/** Signing (part 2 §8, part 3 §5): only an applicant that has been saved (has an id) can sign. */
export function validateSigning(input: { applicantId?: Text }): string | null {
  return isBlank(input.applicantId) ? M.signUnsaved : null;
}

// ── Rights information (part 2 §2, §5; part 3 §5) ─────────────────────────────────────────

/** Cancellation (ZXDJ): the certificate number BDCZMH is required; reason and remark are free text. */
export function validateCancellation(input: { certificateNumber?: Text }): string | null {
  return isBlank(input.certificateNumber) ? M.cancellationCertificate : null;
}

export interface PreNoticeInput {
  /** tdsyqsrq */
  landUseStart?: Text;
  /** tdsyjsrq */
  landUseEnd?: Text;
}

/** Pre-notice rights (YGQLXX): land-use start and end required; then both real dates of 1949–2099, end not before start. */
export function validatePreNotice(input: PreNoticeInput): string | null {
  const missing = firstBlank(input, { landUseStart: M.landUseStart, landUseEnd: M.landUseEnd });
  if (missing !== null) return missing;
  return dateRange(input.landUseStart, input.landUseEnd, { start: '土地使用起始日期', end: '土地使用结束日期' }, M.landUseOrder);
}

export interface MortgageInput {
  /** zqqssj / zqlxqx_start */
  claimStart?: Text;
  /** zqjssj / zqlxqx_end */
  claimEnd?: Text;
  /** dyfs: "1" general, "2" maximum amount */
  method?: Text;
  /** bdbzzqse */
  securedPrincipal?: Text;
  /** zgzqse */
  maximumClaim?: Text;
}

/**
 * Mortgage rights (DYQXX, QTDJ): claim start, end and method required; the secured principal for
 * method "1", the maximum claim for "2"; then the amount is a number and the dates are real and ordered.
 */
export function validateMortgage(input: MortgageInput): string | null {
  const missing = firstBlank(input, { claimStart: M.claimStart, claimEnd: M.claimEnd, method: M.mortgageMethod });
  if (missing !== null) return missing;
  const method = text(input.method);
  if (method === '1') {
    if (isBlank(input.securedPrincipal)) return M.securedPrincipal;
    if (!isDecimal(input.securedPrincipal)) return M.fieldNumeric('被担保主债权数额');
  }
  if (method === '2') {
    if (isBlank(input.maximumClaim)) return M.maximumClaim;
    if (!isDecimal(input.maximumClaim)) return M.fieldNumeric('最高债权数额');
  }
  return dateRange(input.claimStart, input.claimEnd, { start: '债权起始日期', end: '债权结束日期' }, M.claimOrder);
}

export interface TransferRightsInput {
  /** czfs */
  holdingMethod?: Text;
  /** sfhbzs */
  certificateCount?: Text;
  /** qdjg */
  transactionAmount?: Text;
}

/** Transfer rights info (qlxxinfo): holding method, certificate count, transaction amount required; the amount a number. */
export function validateTransferRights(input: TransferRightsInput): string | null {
  const missing = firstBlank(input, { holdingMethod: M.holdingMethod, certificateCount: M.certificateCount, transactionAmount: M.transactionAmount });
  if (missing !== null) return missing;
  if (!isDecimal(input.transactionAmount)) return M.fieldNumeric('交易金额');
  return null;
}

// ── Property form driven by the server's field list (part 2 §3, §5) ───────────────────────

/** One entry of the server's fwxx field list: isfillin 1 required, 0 optional. */
export interface PropertyFieldRequirement {
  field: string;
  isfillin: string | number;
}

/** Chinese labels of the property-unit fields, used in the messages. */
export const PROPERTY_FIELD_LABELS: Readonly<Record<string, string>> = {
  bdcqzmh: '不动产权证号',
  bdcdyh: '不动产单元号',
  zl: '坐落',
  fwsyqmj: '房屋建筑面积',
  tdsyq_mj: '土地使用权面积',
  mj_bgh: '变更后面积',
  zgzqse: '最高债权数额',
  bdbzzqse: '被担保主债权数额',
  qdjg: '交易金额',
  qlqssj: '权利起始时间',
  qljssj: '权利结束时间',
  fwyt: '房屋用途',
  tdsyq_yt: '土地用途',
  czfs: '持证方式',
  sfhbzs: '发证方式',
};

/** Area and amount fields: numeric input. */
export const PROPERTY_NUMERIC_FIELDS: readonly string[] = ['fwsyqmj', 'tdsyq_mj', 'mj_bgh', 'zgzqse', 'bdbzzqse', 'qdjg'];
/** Date fields: a picker of years 1949–2099. */
export const PROPERTY_DATE_FIELDS: readonly string[] = ['qlqssj', 'qljssj'];
/** The certificate-number field, not required for qllx 423 (no certificate exists before the pre-notation). */
export const PROPERTY_CERTIFICATE_FIELD = 'bdcqzmh';

/**
 * The property form (part 2 §5): walking the server's field list in order, a required field must be
 * filled (except the certificate number for qllx 423), a numeric field must hold a number, a date
 * field a real date of 1949–2099. Fields not in the list are not checked.
 */
export function validatePropertyForm(fields: readonly PropertyFieldRequirement[], values: Readonly<Record<string, Text>>, options: { qllx?: Text } = {}): string | null {
  for (const { field, isfillin } of fields) {
    const label = PROPERTY_FIELD_LABELS[field] ?? field;
    const value = values[field];
    if (isBlank(value)) {
      const required = text(isfillin) === '1' && !(field === PROPERTY_CERTIFICATE_FIELD && text(options.qllx) === '423');
      if (required) return M.fieldRequired(label);
      continue;
    }
    if (PROPERTY_NUMERIC_FIELDS.includes(field) && !isDecimal(value)) return M.fieldNumeric(label);
    if (PROPERTY_DATE_FIELDS.includes(field) && pickerDate(value) === null) return M.fieldDate(label);
  }
  return null;
}

// ── Materials (part 2 §5, §8; part 3 §8) ──────────────────────────────────────────────────

export interface MaterialInput {
  name: string;
  /** "是" means required. */
  required?: string | null;
  /** pro_attachment */
  attachments?: readonly unknown[] | null;
}

/** Upload Next: the first required material (required === "是") without an attachment. */
export function validateMaterials(materials: readonly MaterialInput[]): string | null {
  const missing = materials.find((material) => material.required === '是' && (material.attachments?.length ?? 0) === 0);
  return missing ? M.materialMissing(missing.name) : null;
}

// ── Generic inputs (part 3 §5) ────────────────────────────────────────────────────────────

export interface InputRules {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  /** The value this one must equal, e.g. the first entry of a repeated password. */
  equalTo?: string;
}

/**
 * A generic input (part 3 §5): required (必填哦), then at least N characters, at most N characters,
 * equal to another value. An empty optional input passes.
 */
export function validateGenericInput(value: string | null | undefined, rules: InputRules): string | null {
  const raw = value ?? '';
  if (raw.trim() === '') return rules.required ? M.required : null;
  const length = characterCount(raw);
  if (rules.minLength !== undefined && length < rules.minLength) return M.minLength(rules.minLength);
  if (rules.maxLength !== undefined && length > rules.maxLength) return M.maxLength(rules.maxLength);
  if (rules.equalTo !== undefined && raw !== rules.equalTo) return M.mismatch;
  return null;
}

/** A required datetime picker shows 必填 while empty (part 3 §5). */
export function validateDatetimeInput(value: string | null | undefined): string | null {
  return (value ?? '').trim() === '' ? M.datetimeRequired : null;
}
