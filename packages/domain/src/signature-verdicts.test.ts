import { describe, expect, it } from 'vitest';
import { SIGNATURE_VERDICTS, SIGNATURE_VERDICT_TONES, isSignatureVerdict } from './signature-verdicts';

describe('the tone of a signature verdict', () => {
  it('shows only 有效 as a success; 已被修改 and a broken signature as danger; what cannot be confirmed as a warning', () => {
    const byWords = Object.fromEntries(Object.entries(SIGNATURE_VERDICTS).map(([code, words]) => [words, SIGNATURE_VERDICT_TONES[code as keyof typeof SIGNATURE_VERDICTS]]));
    expect(byWords).toEqual({ 有效: 'success', 已被修改: 'danger', 签名无效: 'danger', 证书不受信任: 'warning', 不支持的签名算法: 'warning', 未包含电子签章: 'warning' });
  });

  it('knows its own codes only', () => {
    expect(isSignatureVerdict('modified')).toBe(true);
    expect(isSignatureVerdict('toString')).toBe(false);
    expect(isSignatureVerdict(undefined)).toBe(false);
  });
});
