/**
 * Format checks for mobile numbers, e-mail and Chinese text (spec part 1 §5, part 3 §5),
 * and the mobile display mask. ID-number checks and the ID mask live in id-card.ts.
 * Every check trims its input first: a stray space pasted with a number is not an error.
 */

/** Profile mobile (part 1 §5, §9): 11 digits starting with 1. */
export function isMobileNumber(value: string): boolean {
  return /^1\d{10}$/.test(value.trim());
}

/** Mainland mobile of the phone-code search (part 3 §5): 11 digits with a 13–19 prefix. */
export function isMainlandMobileNumber(value: string): boolean {
  return /^1[3-9]\d{9}$/.test(value.trim());
}

/**
 * Mainland mobile with an optional 86 country code (part 3 §5): `86`, `+86`, `86-` or `+86 `
 * in front of a 13–19 number, the ways people paste their number from contacts.
 */
export function isMobileNumberWithCountryCode(value: string): boolean {
  return /^(?:\+?86[- ]?)?1[3-9]\d{9}$/.test(value.trim());
}

/** The simple e-mail pattern (part 3 §5): word characters, optional . + - parts, one @, a dotted domain. */
export function isSimpleEmail(value: string): boolean {
  return /^\w+(?:[-+.]\w+)*@\w+(?:[-.]\w+)*\.\w+(?:[-.]\w+)*$/.test(value.trim());
}

/** Common CJK unified ideographs, the range the hall's forms accept as Chinese characters. */
const CHINESE_CHARACTER = '[\\u4e00-\\u9fa5]';

/** Chinese characters only (part 3 §5); an empty value is not Chinese text. */
export function isChineseOnly(value: string): boolean {
  return new RegExp(`^${CHINESE_CHARACTER}+$`).test(value.trim());
}

/** Shortest and longest Chinese name (part 3 §9). */
export const CHINESE_NAME_MIN_LENGTH = 2;
export const CHINESE_NAME_MAX_LENGTH = 6;

/** Chinese name of 2 to 6 Chinese characters (part 3 §5, §9). */
export function isChineseName(value: string): boolean {
  return new RegExp(`^${CHINESE_CHARACTER}{${CHINESE_NAME_MIN_LENGTH},${CHINESE_NAME_MAX_LENGTH}}$`).test(value.trim());
}

/**
 * Display mask for a mobile number: first 3 and last 4 kept, e.g. 138****1234.
 * Anything that is not an 11-digit number is returned trimmed but unmasked, so a landline
 * or an empty field still displays as entered.
 */
export function maskMobileNumber(value: string): string {
  const mobile = value.trim();
  if (!/^\d{11}$/.test(mobile)) return mobile;
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}

/**
 * Display mask for a person's name on a document others may see (the 受理回执): the family name kept,
 * the rest starred, e.g. 张三 → 张*, 欧阳娜娜 → 欧***. A company name (over 6 characters) keeps its
 * first 2 and last 2 characters, enough to recognise it.
 */
export function maskPersonName(value: string): string {
  const name = [...value.trim()];
  if (name.length <= 1) return name.join('');
  if (name.length > 6) return `${name.slice(0, 2).join('')}${'*'.repeat(name.length - 4)}${name.slice(-2).join('')}`;
  return `${name[0]}${'*'.repeat(name.length - 1)}`;
}
