/**
 * Hand signatures and the written statements of a case (spec part 3 §2.11–§2.17, §3, §4, §5):
 * the rotation rule of a signature, the undertaking letter (具结书, jusInfo), the inquiry record
 * (问询记录, recordInfo) with its defaults, the certificate-change questioning record
 * (changecqzInfo) of the inheritance and lost-certificate flow, and which document template
 * (material) each rendered statement belongs to.
 */
import { SIGNATURE_ROTATION_STEP_DEGREES } from './constants';
import { isChangeOfHolderCase, type RoutingCode } from './routing';
import type { StatementDocument } from './statement-routes';

export { INQUIRY_RECORD_PATH, PROPERTY_INFO_PATH, RIGHTS_STATEMENTS_PATH, STATEMENT_PREVIEW_PATHS, type StatementDocument } from './statement-routes';

export const SIGNATURE_MESSAGES = {
  rotation: '旋转角度必须是90的倍数!',
  saved: '保存成功',
  /** Not worded by the spec: saving an empty pad. */
  empty: '请先在签字区域内签名',
  signedLabel: '已签字',
  signLabel: '点击签字',
} as const;

/** A signature may be turned only in steps of 90 degrees; answers the rule's message otherwise. */
export function validateSignatureRotation(degrees: number): string | null {
  return Number.isInteger(degrees) && degrees % SIGNATURE_ROTATION_STEP_DEGREES === 0 ? null : SIGNATURE_MESSAGES.rotation;
}

/** A rotation as one of 0, 90, 180, 270; throws the rule's message for any other angle. */
export function normalizeSignatureRotation(degrees: number): 0 | 90 | 180 | 270 {
  const problem = validateSignatureRotation(degrees);
  if (problem) throw new Error(problem);
  return (((degrees % 360) + 360) % 360) as 0 | 90 | 180 | 270;
}

/** An applicant is signed when qzzt is '1' (part 3 §3, §4). */
export function isSigned(qzzt: RoutingCode | null | undefined): boolean {
  return String(qzzt ?? '').trim() === '1';
}

// ── Statement data ───────────────────────────────────────────────────────────────────────────

/** Undertaking letter (jusInfo): clmc the material vouched for, swsj the date of death, zl the location. */
export interface UndertakingInfo {
  clmc: string;
  swsj: string;
  zl: string;
}
export const UNDERTAKING_FIELDS = ['clmc', 'swsj', 'zl'] as const;
export const UNDERTAKING_LABELS: Readonly<Record<(typeof UNDERTAKING_FIELDS)[number], string>> = {
  clmc: '具结材料名称',
  swsj: '被继承人死亡日期',
  zl: '不动产坐落',
};

/** Inquiry record (recordInfo). */
export interface InquiryRecord {
  sfqtjcr: string;
  ywfyxy: string;
  sfddsy: string;
  sfzs: string;
  mcjgx: string;
  sfzhyf: string;
  sffqbdc: string;
  qtss: string;
  zl: string;
}
export const INQUIRY_FIELDS = ['sfqtjcr', 'ywfyxy', 'sfddsy', 'sfzs', 'mcjgx', 'sfzhyf', 'sffqbdc', 'qtss', 'zl'] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];

/** The questions of the inquiry record, in order; choices list the options of a closed question. */
export const INQUIRY_QUESTIONS: readonly { field: InquiryField; question: string; choices?: readonly [string, string] }[] = [
  { field: 'sfqtjcr', question: '被继承人是否有其他继承人？', choices: ['无', '有'] },
  { field: 'ywfyxy', question: '被继承人生前有无遗嘱或遗赠扶养协议？', choices: ['无', '有'] },
  { field: 'sfddsy', question: '是否有代位继承或转继承的情形？', choices: ['否', '是'] },
  { field: 'sfzs', question: '该不动产是否存在争议或诉讼？', choices: ['否', '是'] },
  { field: 'mcjgx', question: '其他继承人的姓名及与被继承人的关系' },
  { field: 'sfzhyf', question: '是否有胎儿或未成年继承人需要保留份额？', choices: ['否', '是'] },
  { field: 'sffqbdc', question: '是否有继承人放弃继承该不动产？', choices: ['否', '是'] },
  { field: 'qtss', question: '其他需要说明的事实' },
  { field: 'zl', question: '不动产坐落' },
];

/** The defaults of the inquiry preview (part 3 §4): these fields read 无 or 否 when empty or "true". */
export const INQUIRY_DEFAULTS: Readonly<Partial<Record<InquiryField, string>>> = {
  sfqtjcr: '无',
  ywfyxy: '无',
  sfddsy: '否',
  sfzs: '否',
  sfzhyf: '否',
  sffqbdc: '否',
};

function isBlankOrTrue(value: unknown): boolean {
  if (value === null || value === undefined || value === true) return true;
  const text = String(value).trim();
  return text === '' || text === 'true';
}

/** An inquiry record with the preview's defaults in place of empty or true-valued answers (part 3 §4). */
export function withInquiryDefaults(record: Partial<Record<InquiryField, unknown>>): InquiryRecord {
  const out = {} as InquiryRecord;
  for (const field of INQUIRY_FIELDS) {
    const fallback = INQUIRY_DEFAULTS[field];
    const value = record[field];
    out[field] = fallback !== undefined && isBlankOrTrue(value) ? fallback : value === null || value === undefined ? '' : String(value).trim();
  }
  return out;
}

/** Certificate-change questioning record (changecqzInfo) of the inheritance and lost-certificate flow. */
export const CHANGE_RECORD_FIELDS = ['onestr', 'twostr', 'thstr', 'fostr', 'fistr', 'sixstr', 'sevstr', 'eistr', 'zl'] as const;
export type ChangeRecordField = (typeof CHANGE_RECORD_FIELDS)[number];
export type ChangeRecord = Record<ChangeRecordField, string>;

/** The questions of the questioning record, in the order they are asked; fostr is the share, in percent. */
export const CHANGE_RECORD_QUESTIONS: readonly { field: ChangeRecordField; question: string }[] = [
  { field: 'onestr', question: '您与原权利人（被继承人）的关系' },
  { field: 'twostr', question: '原不动产权证书（证明）号' },
  { field: 'thstr', question: '申请换证的原因（继承或证书遗失的经过）' },
  { field: 'fostr', question: '您继承或享有的份额（%）' },
  { field: 'fistr', question: '是否还有其他继承人或共有人' },
  { field: 'sixstr', question: '该不动产是否存在抵押、查封等权利限制' },
  { field: 'sevstr', question: '遗失声明的刊登媒体及日期' },
  { field: 'eistr', question: '其他需要说明的情况' },
  { field: 'zl', question: '不动产坐落' },
];

export const STATEMENT_MESSAGES = {
  uploaded: '上传成功',
  saveFailed: '保存数据失败',
  /** Not worded by the spec (part 3 §5 only says the share is numeric, in percent). */
  sharePercent: '继承份额须为0到100之间的数字（百分比）',
  /** Not worded by the spec. */
  deathDate: '死亡日期格式应为YYYY-MM-DD',
  /** Not worded by the spec: a statement rendered before its material exists. */
  noTemplate: '未找到该文书对应的材料，请联系登记机构',
} as const;

/** The share of the questioning record (fostr): a number from 0 to 100, at most two decimals; blank is allowed. */
export function validateSharePercent(value: unknown): string | null {
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (text === '') return null;
  if (!/^\d{1,3}(?:\.\d{1,2})?$/.test(text)) return STATEMENT_MESSAGES.sharePercent;
  return Number(text) <= 100 ? null : STATEMENT_MESSAGES.sharePercent;
}

/** Date parts (year, month, day) as the documents print them; blank parts when the date is missing or malformed. */
export interface DateParts {
  year: string;
  month: string;
  day: string;
}

/** The parts of a YYYY-MM-DD (or YYYY/MM/DD, a time after it is ignored) date; blanks when it is none. */
export function datePartsOf(value: unknown): DateParts {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(String(value ?? '').trim());
  if (!match) return { year: '', month: '', day: '' };
  return { year: match[1]!, month: String(Number(match[2])), day: String(Number(match[3])) };
}

/** The date of death (swsj): blank, or a YYYY-MM-DD date. */
export function validateDeathDate(value: unknown): string | null {
  const text = String(value ?? '').trim();
  if (text === '') return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && datePartsOf(text).year ? null : STATEMENT_MESSAGES.deathDate;
}

// ── Statement documents and their templates ──────────────────────────────────────────────────

export const STATEMENT_DOCUMENT_TITLES: Readonly<Record<StatementDocument, string>> = {
  undertaking: '具结书',
  inquiry: '问询记录',
  changeStatement: '遗失及换证说明',
  changeInquiry: '换证问询记录',
};

/**
 * The sections of the rights-information screen: the undertaking letter and the inquiry record; a
 * certificate-change case (800+4) has the description and its own inquiry record instead, its
 * undertaking letter being the inheritance affidavit.
 */
export function statementDocumentsOf(djlx: RoutingCode, qllx: RoutingCode): readonly StatementDocument[] {
  return isChangeOfHolderCase(djlx, qllx) ? ['undertaking', 'changeStatement', 'changeInquiry'] : ['undertaking', 'inquiry'];
}

/** The word a template's name contains for each document (part 3 §3: 具结, 问询 or 明). */
export const STATEMENT_TEMPLATE_KEYWORDS: Readonly<Record<StatementDocument, string>> = {
  undertaking: '具结',
  inquiry: '问询',
  changeStatement: '明',
  changeInquiry: '问询',
};

/** The statement templates a business's materials include, by the documents they hold. */
export const STATEMENT_TEMPLATE_NAMES = {
  undertaking: '继承具结书',
  inquiry: '继承问询记录',
  changeStatement: '遗失及换证说明',
} as const;

/** Whether a material's name is one of the statement templates. */
export function isStatementTemplateName(name: string): boolean {
  return (Object.values(STATEMENT_TEMPLATE_NAMES) as string[]).includes(name.trim());
}

/** The template (a material of the case) a rendered document is uploaded to: the first whose name holds the document's word. */
export function pickStatementTemplate<T extends { name: string }>(templates: readonly T[], document: StatementDocument): T | undefined {
  const keyword = STATEMENT_TEMPLATE_KEYWORDS[document];
  return templates.find((template) => template.name.includes(keyword));
}
