import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHINESE_NAME_MAX_LENGTH,
  CHINESE_NAME_MIN_LENGTH,
  isChineseName,
  isChineseOnly,
  isMainlandMobileNumber,
  isMobileNumber,
  isMobileNumberWithCountryCode,
  isSimpleEmail,
  maskMobileNumber,
  maskPersonName,
} from './formats';

describe('isMobileNumber (profile: 11 digits starting with 1)', () => {
  it.each<[string, boolean, string?]>([
    ['13812341234', true],
    ['10012341234', true, 'any second digit'],
    ['12012341234', true],
    [' 13812341234 ', true, 'surrounding spaces'],
    ['23812341234', false, 'starts with 2'],
    ['1381234123', false, '10 digits'],
    ['138123412345', false, '12 digits'],
    ['1381234123a', false, 'a letter'],
    ['', false, 'empty'],
  ])('%s → %s', (value, expected) => expect(isMobileNumber(value)).toBe(expected));
});

describe('isMainlandMobileNumber (phone-code search: prefixes 13–19)', () => {
  it.each<[string, boolean, string?]>([
    ['13012345678', true],
    ['14012345678', true],
    ['15012345678', true],
    ['16012345678', true],
    ['17012345678', true],
    ['18012345678', true],
    ['19012345678', true],
    ['10012345678', false],
    ['11012345678', false],
    ['12012345678', false],
    ['8613812341234', false, 'country code not accepted here'],
    ['1381234123', false],
  ])('%s → %s', (value, expected) => expect(isMainlandMobileNumber(value)).toBe(expected));

  it('every 13–19 number passes, every other second digit fails', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.stringMatching(/^\d{9}$/), (second, rest) => {
        expect(isMainlandMobileNumber(`1${second}${rest}`)).toBe(second >= 3);
      }),
    );
  });
});

describe('isMobileNumberWithCountryCode (optional 86 prefix)', () => {
  it.each<[string, boolean, string?]>([
    ['13812341234', true],
    ['8613812341234', true],
    ['+8613812341234', true],
    ['86-13812341234', true],
    ['+86 13812341234', true],
    ['8513812341234', false],
    ['8612812341234', false, '12 prefix'],
    ['86138123412', false, 'too short'],
  ])('%s → %s', (value, expected) => expect(isMobileNumberWithCountryCode(value)).toBe(expected));
});

describe('isSimpleEmail', () => {
  it.each<[string, boolean, string?]>([
    ['user@example.com', true],
    ['first.last+tag@mail.example.cn', true],
    ['a-b@sub-domain.example.com.cn', true],
    ['user@example', false, 'no dot in domain'],
    ['@example.com', false],
    ['user@@example.com', false],
    ['user example@example.com', false],
    ['', false],
  ])('%s → %s', (value, expected) => expect(isSimpleEmail(value)).toBe(expected));
});

describe('isChineseOnly', () => {
  it.each<[string, boolean, string?]>([
    ['不动产登记', true],
    ['张', true],
    ['张三a', false],
    ['张 三', false],
    ['张三！', false, 'full-width punctuation is not a character'],
    ['', false],
  ])('%s → %s', (value, expected) => expect(isChineseOnly(value)).toBe(expected));
});

describe('isChineseName (2 to 6 characters)', () => {
  it('declares the range 2 to 6', () => {
    expect([CHINESE_NAME_MIN_LENGTH, CHINESE_NAME_MAX_LENGTH]).toEqual([2, 6]);
  });

  it.each<[string, boolean, string?]>([
    ['张', false],
    ['张三', true],
    ['欧阳娜娜', true],
    ['爱新觉罗溥仪', true],
    ['爱新觉罗溥仪啊', false],
    ['Zhang', false],
    ['张3', false],
  ])('%s → %s', (value, expected) => expect(isChineseName(value)).toBe(expected));
});

describe('maskMobileNumber', () => {
  it.each([
    ['13812341234', '138****1234'],
    [' 13812341234 ', '138****1234'],
    ['0471-1234567', '0471-1234567'],
    ['', ''],
  ])('%s → %s', (value, expected) => expect(maskMobileNumber(value)).toBe(expected));
});

describe('maskPersonName (受理回执: family name kept)', () => {
  it.each<[string, string]>([
    ['张三', '张*'],
    ['欧阳娜娜', '欧***'],
    ['李', '李'],
    [' 王小明 ', '王**'],
    ['石家庄市某某房地产开发有限公司', '石家***********公司'],
  ])('%s → %s', (value, expected) => expect(maskPersonName(value)).toBe(expected));
});
