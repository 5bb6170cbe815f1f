import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasIdNumberLength, idBirthDate, idCheckCharacter, isAgentIdNumber, isQueryIdNumber, isValidIdNumber, maskIdNumber, normalizeIdNumber } from './id-card';

const TODAY = new Date(2026, 10, 22);

describe('isValidIdNumber', () => {
  it.each([
    ['11010519491231002X', true, 'well-known sample with X check digit'],
    ['11010519491231002x', true, 'lower-case x is accepted'],
    ['110105194912310021', false, 'wrong check digit'],
    ['110105491231002', true, '15-digit, born 1949-12-31'],
    ['110105491331002', false, '15-digit with month 13'],
    ['19010519491231002X', false, 'province 19 is not in the list'],
    ['11010518000101001X', false, 'check digit computed below must match'],
    ['11010517991231001X', false, 'before 1800'],
    ['11010520991231001X', false, 'birth date in the future'],
    ['110105200002300011', false, '30 February'],
    ['1101051949123100', false, '16 characters'],
    ['', false, 'empty'],
  ])('%s → %s (%s)', (id, expected) => {
    expect(isValidIdNumber(id, TODAY)).toBe(expected);
  });

  it('accepts every province prefix of the list and refuses the neighbours', () => {
    const accepted = ['11', '15', '21', '23', '31', '37', '41', '46', '50', '54', '61', '65', '71', '81', '82', '91'];
    const refused = ['10', '16', '20', '24', '30', '38', '40', '47', '49', '55', '60', '66', '70', '72', '80', '83', '90', '92'];
    const withPrefix = (prefix: string) => {
      const first17 = `${prefix}0105199001010${'01'}`.slice(0, 15) + '12';
      return first17 + idCheckCharacter(first17);
    };
    for (const p of accepted) expect(isValidIdNumber(withPrefix(p), TODAY), p).toBe(true);
    for (const p of refused) expect(isValidIdNumber(withPrefix(p), TODAY), p).toBe(false);
  });

  it('every generated valid 18-digit number passes, and changing any one character makes it fail', () => {
    const validId = fc
      .record({
        province: fc.constantFrom(
          '11',
          '12',
          '13',
          '14',
          '15',
          '21',
          '22',
          '23',
          '31',
          '32',
          '33',
          '34',
          '35',
          '36',
          '37',
          '41',
          '42',
          '43',
          '44',
          '45',
          '46',
          '50',
          '51',
          '52',
          '53',
          '54',
          '61',
          '62',
          '63',
          '64',
          '65',
          '71',
          '81',
          '82',
          '91',
        ),
        area: fc.integer({ min: 0, max: 9999 }),
        birth: fc.date({ min: new Date(Date.UTC(1800, 0, 1)), max: new Date(Date.UTC(2026, 10, 21)), noInvalidDate: true }),
        sequence: fc.integer({ min: 0, max: 999 }),
      })
      .map(({ province, area, birth, sequence }) => {
        const ymd = `${birth.getUTCFullYear()}${String(birth.getUTCMonth() + 1).padStart(2, '0')}${String(birth.getUTCDate()).padStart(2, '0')}`;
        const first17 = `${province}${String(area).padStart(4, '0')}${ymd}${String(sequence).padStart(3, '0')}`;
        return first17 + idCheckCharacter(first17);
      });
    fc.assert(
      fc.property(validId, fc.integer({ min: 0, max: 17 }), fc.integer({ min: 1, max: 10 }), (id, position, shift) => {
        expect(isValidIdNumber(id, TODAY)).toBe(true);
        const alphabet = position === 17 ? '0123456789X' : '0123456789';
        const index = alphabet.indexOf(id[position]!);
        const replaced = alphabet[(index + shift) % alphabet.length]!;
        if (replaced === id[position]) return;
        const changed = id.slice(0, position) + replaced + id.slice(position + 1);
        expect(isValidIdNumber(changed, TODAY)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('idCheckCharacter', () => {
  it('maps sum mod 11 through 1 0 X 9 8 7 6 5 4 3 2', () => {
    expect(idCheckCharacter('11010519491231002')).toBe('X');
    expect(idCheckCharacter('00000000000000000')).toBe('1');
    expect(() => idCheckCharacter('123')).toThrow();
  });
});

describe('idBirthDate', () => {
  it('reads 19YYMMDD from 15 digits and YYYYMMDD from 18', () => {
    expect(idBirthDate('110105491231002', TODAY)).toEqual({ year: 1949, month: 12, day: 31 });
    expect(idBirthDate('11010519491231002X', TODAY)).toEqual({ year: 1949, month: 12, day: 31 });
    expect(idBirthDate('abc', TODAY)).toBeNull();
  });
});

describe('the looser checks', () => {
  it.each([
    ['123456789012345', true],
    ['123456789012345678', true],
    ['12345678901234567X', true],
    ['1234567890123456', false],
  ])('profile length check %s → %s', (id, expected) => expect(hasIdNumberLength(id)).toBe(expected));

  it.each([
    ['123456789012345', true],
    ['12345678901234567x', true],
    ['12345678901234567X', true],
    ['1234567890123456X', false],
    ['12345678901234567Y', false],
  ])('query and agent check %s → %s', (id, expected) => {
    expect(isQueryIdNumber(id)).toBe(expected);
    expect(isAgentIdNumber(id)).toBe(expected);
  });
});

describe('display', () => {
  it('normalises a lower-case x and masks all but the first and last four', () => {
    expect(normalizeIdNumber(' 11010519491231002x ')).toBe('11010519491231002X');
    expect(maskIdNumber('110105194912314514')).toBe('1101**********4514');
    expect(maskIdNumber('1234')).toBe('1234');
  });
});
