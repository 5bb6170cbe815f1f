/**
 * What the verification of an uploaded PDF (电子签章验证, spec part 1 §2 /dzzzverification) can
 * conclude about a file, in the words citizens read, and how each verdict is shown: only 有效 as a
 * success; a file changed after signing or a broken signature as danger; what cannot be confirmed
 * as a warning. The screens show the tone by colour and by icon, never by colour alone.
 */
export const SIGNATURE_VERDICTS = {
  valid: '有效',
  modified: '已被修改',
  invalid: '签名无效',
  untrusted: '证书不受信任',
  unsupported: '不支持的签名算法',
  unsigned: '未包含电子签章',
} as const;
export type SignatureVerdict = keyof typeof SIGNATURE_VERDICTS;
export const SIGNATURE_VERDICT_CODES = Object.keys(SIGNATURE_VERDICTS) as [SignatureVerdict, ...SignatureVerdict[]];

export type VerdictTone = 'success' | 'warning' | 'danger';

export const SIGNATURE_VERDICT_TONES: Readonly<Record<SignatureVerdict, VerdictTone>> = {
  valid: 'success',
  modified: 'danger',
  invalid: 'danger',
  untrusted: 'warning',
  unsupported: 'warning',
  unsigned: 'warning',
};

export function isSignatureVerdict(value: unknown): value is SignatureVerdict {
  return typeof value === 'string' && Object.hasOwn(SIGNATURE_VERDICTS, value);
}
