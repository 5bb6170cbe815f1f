import { describe, expect, it } from 'vitest';
import { normalizeIdNumber } from './id-card';
import { normalizeTypedNumber } from './typed-number';

describe('numbers as a phone keyboard types them', () => {
  it('brings full-width brackets, digits and spaces of a certificate number to the half-width form', () => {
    expect(normalizeTypedNumber('冀（２０２３）邯郸市不动产权第0012345号')).toBe('冀(2023)邯郸市不动产权第0012345号');
    expect(normalizeTypedNumber(' 冀（2023）　邯郸市 不动产权第0012345号 ')).toBe('冀(2023)邯郸市不动产权第0012345号');
  });

  it('keeps letter case, so an acceptance number stays as typed', () => {
    expect(normalizeTypedNumber('ｈｄ202501０００１')).toBe('hd2025010001');
    expect(normalizeTypedNumber('130402001001ＧＢ00001Ｆ00010001')).toBe('130402001001GB00001F00010001');
  });

  it('upper-cases the check character of an ID number typed full width', () => {
    expect(normalizeIdNumber('１３０４０２１９８５０３１５１２３ｘ')).toBe('13040219850315123X');
  });
});
