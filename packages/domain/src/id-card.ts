/**
 * 居民身份证 rules (spec part 2 §5, part 3 §5, part 1 §5).
 * The full check: length 15 or 18, a province prefix from the fixed list, a real birth date,
 * and for 18 digits the ISO 7064 MOD 11-2 check digit.
 * The looser checks the screens use in a few places are named after where they are used.
 */
import { normalizeTypedNumber } from './typed-number';

/** Two-digit province prefixes accepted by the ID rule: 11–15, 21–23, 31–37, 41–46, 50–54, 61–65, 71, 81, 82, 91. */
export const ID_PROVINCE_PREFIXES: readonly string[] = [...range(11, 15), ...range(21, 23), ...range(31, 37), ...range(41, 46), ...range(50, 54), ...range(61, 65), 71, 81, 82, 91].map(String);

/** Weights of the first 17 digits of an 18-digit number. */
export const ID_CHECK_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
/** Sum of weighted digits modulo 11 → check character. */
export const ID_CHECK_CHARACTERS = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'] as const;

/** Earliest birth year an 18-digit number may carry. */
export const ID_EARLIEST_BIRTH_YEAR = 1800;

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * The half-width form without spaces, a trailing x upper-cased: ID numbers typed with full-width
 * digits or ending in a lower-case x are accepted and stored as 18 (or 15) plain characters.
 */
export function normalizeIdNumber(value: string): string {
  return normalizeTypedNumber(value).toUpperCase();
}

/** The check character for the first 17 digits of an 18-digit number. */
export function idCheckCharacter(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error('idCheckCharacter needs exactly 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_CHECK_WEIGHTS[i]!;
  return ID_CHECK_CHARACTERS[sum % 11]!;
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isNotFuture(year: number, month: number, day: number, today: Date): boolean {
  const birth = Date.UTC(year, month - 1, day);
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return birth <= now;
}

/** The birth date an ID number carries, or null when it carries none that is real. */
export function idBirthDate(value: string, today: Date = new Date()): { year: number; month: number; day: number } | null {
  const id = normalizeIdNumber(value);
  let year: number;
  let month: number;
  let day: number;
  if (/^\d{15}$/.test(id)) {
    // 15-digit numbers carry YYMMDD of the 1900s.
    year = 1900 + Number(id.slice(6, 8));
    month = Number(id.slice(8, 10));
    day = Number(id.slice(10, 12));
  } else if (/^\d{17}[\dX]$/.test(id)) {
    year = Number(id.slice(6, 10));
    month = Number(id.slice(10, 12));
    day = Number(id.slice(12, 14));
    if (year < ID_EARLIEST_BIRTH_YEAR) return null;
  } else {
    return null;
  }
  if (!isRealDate(year, month, day) || !isNotFuture(year, month, day, today)) return null;
  return { year, month, day };
}

/** The full ID rule: length, province prefix, real birth date, check digit. */
export function isValidIdNumber(value: string, today: Date = new Date()): boolean {
  const id = normalizeIdNumber(value);
  if (id.length !== 15 && id.length !== 18) return false;
  if (!ID_PROVINCE_PREFIXES.includes(id.slice(0, 2))) return false;
  if (idBirthDate(id, today) === null) return false;
  if (id.length === 18) return idCheckCharacter(id.slice(0, 17)) === id[17];
  return true;
}

/** Profile save (part 1 §5): only the length is checked, 15 or 18 characters. */
export function hasIdNumberLength(value: string): boolean {
  const length = value.trim().length;
  return length === 15 || length === 18;
}

/** Certificate and licence query (part 1 §5): 15 digits, 18 digits, or 17 digits plus a digit or X. */
export function isQueryIdNumber(value: string): boolean {
  return /^(\d{15}|\d{17}[\dXx])$/.test(value.trim());
}

/** Agent ID on the person screen (part 2 §5, part 3 §5): 15 digits, or 17 digits plus a digit or X. */
export function isAgentIdNumber(value: string): boolean {
  return /^(\d{15}|\d{17}[\dXx])$/.test(value.trim());
}

/** Display mask for an ID number: first 4 and last 4 kept, e.g. 1101**********4514. */
export function maskIdNumber(value: string): string {
  const id = value.trim();
  if (id.length <= 8) return id;
  return `${id.slice(0, 4)}${'*'.repeat(id.length - 8)}${id.slice(-4)}`;
}
