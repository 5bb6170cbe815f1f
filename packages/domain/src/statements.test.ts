import { describe, expect, it } from 'vitest';
import {
  INQUIRY_DEFAULTS,
  datePartsOf,
  isSigned,
  isStatementTemplateName,
  normalizeSignatureRotation,
  pickStatementTemplate,
  statementDocumentsOf,
  validateDeathDate,
  validateSharePercent,
  validateSignatureRotation,
  withInquiryDefaults,
} from './statements';

describe('signature rotation (part 3 §2.11)', () => {
  it.each([0, 90, 180, 270, 360, -90, 450])('accepts %i degrees', (degrees) => {
    expect(validateSignatureRotation(degrees)).toBeNull();
  });
  it.each([45, 1, 89.5, -30, Number.NaN])('refuses %s degrees with 旋转角度必须是90的倍数!', (degrees) => {
    expect(validateSignatureRotation(degrees)).toBe('旋转角度必须是90的倍数!');
  });
  it('normalises to a quarter turn and throws the rule otherwise', () => {
    expect(normalizeSignatureRotation(-90)).toBe(270);
    expect(normalizeSignatureRotation(450)).toBe(90);
    expect(() => normalizeSignatureRotation(30)).toThrow('旋转角度必须是90的倍数!');
  });
  it('qzzt 1 is signed, anything else is not', () => {
    expect(isSigned('1')).toBe(true);
    expect(isSigned(1)).toBe(true);
    expect(isSigned('0')).toBe(false);
    expect(isSigned(undefined)).toBe(false);
  });
});

describe('inquiry defaults (part 3 §4)', () => {
  it('fills empty and true-valued answers with 无 and 否', () => {
    const record = withInquiryDefaults({ sfqtjcr: '', ywfyxy: 'true', sfddsy: true, sfzs: undefined, sfzhyf: ' ', sffqbdc: null });
    expect(record).toMatchObject({ sfqtjcr: '无', ywfyxy: '无', sfddsy: '否', sfzs: '否', sfzhyf: '否', sffqbdc: '否' });
    expect(INQUIRY_DEFAULTS).toEqual({ sfqtjcr: '无', ywfyxy: '无', sfddsy: '否', sfzs: '否', sfzhyf: '否', sffqbdc: '否' });
  });
  it('keeps given answers and leaves free text without a default', () => {
    const record = withInquiryDefaults({ sfqtjcr: '有', sffqbdc: '是', mcjgx: ' 李四 配偶 ', qtss: '' });
    expect(record.sfqtjcr).toBe('有');
    expect(record.sffqbdc).toBe('是');
    expect(record.mcjgx).toBe('李四 配偶');
    expect(record.qtss).toBe('');
    expect(record.zl).toBe('');
  });
});

describe('questioning record share and dates', () => {
  it.each(['', '0', '50', '33.33', '100'])('accepts the share %j', (share) => expect(validateSharePercent(share)).toBeNull());
  it.each(['100.01', '-1', 'abc', '50%', '1.234'])('refuses the share %j', (share) => expect(validateSharePercent(share)).toBe('继承份额须为0到100之间的数字（百分比）'));
  it('splits dates into year, month and day', () => {
    expect(datePartsOf('2024-03-05')).toEqual({ year: '2024', month: '3', day: '5' });
    expect(datePartsOf('2024/12/31 08:00:00')).toEqual({ year: '2024', month: '12', day: '31' });
    expect(datePartsOf('')).toEqual({ year: '', month: '', day: '' });
  });
  it('checks the date of death', () => {
    expect(validateDeathDate('2024-03-05')).toBeNull();
    expect(validateDeathDate('')).toBeNull();
    expect(validateDeathDate('2024-3-5')).toBe('死亡日期格式应为YYYY-MM-DD');
  });
});

describe('statement documents and templates (part 3 §2.13, §3)', () => {
  it('a certificate-change case (800+4) has the description and its own inquiry record', () => {
    expect(statementDocumentsOf('800', '4')).toEqual(['undertaking', 'changeStatement', 'changeInquiry']);
    expect(statementDocumentsOf(200, 4)).toEqual(['undertaking', 'inquiry']);
  });
  it('picks templates by 具结, 问询 or 明', () => {
    const templates = [
      { id: '1', name: '继承具结书' },
      { id: '2', name: '继承问询记录' },
      { id: '3', name: '遗失及换证说明' },
    ];
    expect(pickStatementTemplate(templates, 'undertaking')?.id).toBe('1');
    expect(pickStatementTemplate(templates, 'inquiry')?.id).toBe('2');
    expect(pickStatementTemplate(templates, 'changeInquiry')?.id).toBe('2');
    expect(pickStatementTemplate(templates, 'changeStatement')?.id).toBe('3');
    expect(pickStatementTemplate([], 'inquiry')).toBeUndefined();
  });
  it('knows the template names, not every material with 明 in it', () => {
    expect(isStatementTemplateName('继承具结书')).toBe(true);
    expect(isStatementTemplateName('申请人身份证明')).toBe(false);
  });
});
