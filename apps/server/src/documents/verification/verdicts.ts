/**
 * What the verification of an uploaded PDF can conclude, per signature and for the file, in the words
 * citizens read (the verification list's 结果 and the report). Shared by the verification worker and
 * the server.
 */
import { SIGNATURE_VERDICTS, type SignatureVerdict } from '@hall/domain';

/** The verdicts' words live with their tones in the domain, where the citizen's screens read them too. */
export const VERDICTS = SIGNATURE_VERDICTS;
export type Verdict = SignatureVerdict;

/** The worst verdict of a file's signatures decides the file's: any broken signature makes the file untrustworthy. */
const SEVERITY: Record<Exclude<Verdict, 'unsigned'>, number> = { valid: 0, unsupported: 1, untrusted: 2, modified: 3, invalid: 4 };

export function worstVerdict(verdicts: Array<Exclude<Verdict, 'unsigned'>>): Verdict {
  if (!verdicts.length) return 'unsigned';
  return verdicts.reduce((worst, verdict) => (SEVERITY[verdict] > SEVERITY[worst] ? verdict : worst));
}

/** One sentence per verdict: what it means and what to do. */
export const VERDICT_EXPLANATIONS: Record<Verdict, string> = {
  valid: '电子签章有效：签名完整，签发证书可信，签名后文件内容未被改动。',
  modified: '文件在签名后被改动过，显示的内容可能与签署时不同，请向出具单位索取原件。',
  invalid: '电子签章无法通过校验，签名已损坏或是伪造的，请勿信任此文件。',
  untrusted: '签名完整，但签发证书不在本大厅信任的证书范围内或签名时已失效，无法确认签署人身份。',
  unsupported: '文件使用的签名算法本大厅暂不能校验，请到出具单位或线下窗口核验。',
  unsigned: '文件中没有电子签章，无法证明其来源，请向出具单位索取带电子签章的文件。',
};

/** Why a verification could not reach a verdict: the record is closed as failed with this message. */
export const VERIFICATION_FAILURES = {
  notPdf: '文件不是有效的PDF文件，无法验签',
  tooLarge: '文件过大，无法验签，请上传64MB以内的PDF文件',
  tooComplex: '文件结构过于复杂或压缩数据过大，无法验签，请联系出具单位获取标准格式的文件',
  timeout: '验签超时，文件结构过于复杂，请联系出具单位获取标准格式的文件',
  encrypted: '文件已加密，无法验签，请上传未加密的PDF文件',
  fileMissing: '上传的文件已不存在，请重新上传',
  notOfd: '文件不是有效的OFD文件，无法验签',
  unsafeOfd: 'OFD文件含有不安全的内容（实体声明、超长属性或指向文件包以外的路径），无法验签，请联系出具单位获取标准格式的文件',
} as const;
export type VerificationFailure = keyof typeof VERIFICATION_FAILURES;

/** One signature of the file, as the report and the record's result show it. */
export interface SignatureFinding {
  /** The signature field's name. */
  field: string;
  verdict: Exclude<Verdict, 'unsigned'>;
  /** The signer's certificate: common name and organisation, '' when unreadable. */
  signer: string;
  organisation: string;
  /** The claimed signing time (ISO 8601), null when the signature carries none. */
  signedAt: string | null;
  /** Set when signedAt is a time stamp's genTime that verified (an OFD seal's RFC 3161 time stamp). */
  timeStamped?: boolean;
  /** The signature dictionary's /Reason, '' when none. */
  reason: string;
  /** The certificate's issuer (common name). */
  issuer: string;
  /** The digest and signature algorithms, e.g. SHA-256 / RSA. */
  algorithm: string;
  /** Whether the signature covers the whole file (nothing was added after it). */
  coversWholeFile: boolean;
  /** Each finding in plain Chinese: what was checked and what came out, problems first. */
  notes: string[];
}

/** What the report shows of a document whose pages the hall does not draw (an OFD e-licence's DocInfo). */
export interface DocumentFacts {
  format: 'OFD';
  title: string;
  author: string;
  /** As the document writes it (xs:date, e.g. 2026-03-01); '' when absent. */
  createdOn: string;
  pages: number;
}

export interface FileVerification {
  verdict: Verdict;
  signatures: SignatureFinding[];
  /** Set for an OFD file: its metadata, shown with the verdict. */
  document?: DocumentFacts;
}

/** What the worker answers: a verdict, or the reason none could be reached. */
export type VerificationOutcome = { ok: true; verification: FileVerification } | { ok: false; failure: VerificationFailure; detail?: string };
