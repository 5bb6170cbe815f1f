/** The profile, the password and real-name verification (spec part 1 §5). */
import { isMobileNumber } from '../formats';
import { hasIdNumberLength, isValidIdNumber } from '../id-card';
import { VALIDATION_MESSAGES as M, PASSWORD_MIN_LENGTH } from './messages';
import { text, isBlank, characterCount, type Text } from './inputs';

export interface ProfileInput {
  name?: Text;
  /** cardnum */
  idNumber?: Text;
  /** phone */
  mobile?: Text;
}

/** Profile save (part 1 §5): all three present, then ID length 15 or 18, then the mobile. */
export function validateProfile(input: ProfileInput): string | null {
  if (isBlank(input.name) || isBlank(input.idNumber) || isBlank(input.mobile)) return M.profileIncomplete;
  if (!hasIdNumberLength(text(input.idNumber))) return M.profileIdLength;
  if (!isMobileNumber(text(input.mobile))) return M.profileMobile;
  return null;
}

/**
 * Profile save with the full ID rule (part 1 §5, the stricter reading): presence, ID length, ID format
 * (province, birth date, check digit), then the mobile. The server applies this one.
 */
export function validateProfileStrict(input: ProfileInput, today: Date = new Date()): string | null {
  if (isBlank(input.name) || isBlank(input.idNumber) || isBlank(input.mobile)) return M.profileIncomplete;
  if (!hasIdNumberLength(text(input.idNumber))) return M.profileIdLength;
  if (!isValidIdNumber(text(input.idNumber), today)) return M.profileIdFormat;
  if (!isMobileNumber(text(input.mobile))) return M.profileMobile;
  return null;
}

/** The placeholder of every login-password field (part 1 §5). */
export const PASSWORD_PLACEHOLDER = '6位以上的数字和字母';

/**
 * Login password (part 1 §5): 6 or more characters with at least one letter and one digit, as the
 * placeholder 6位以上的数字和字母 asks. Other characters are allowed, so a stronger password is never refused.
 */
export function validatePassword(password: string | null | undefined): string | null {
  const value = password ?? '';
  if (characterCount(value) < PASSWORD_MIN_LENGTH) return M.password;
  if (!/[A-Za-z]/.test(value) || !/\d/.test(value)) return M.password;
  return null;
}

export interface RealNameInput {
  name?: Text;
  idNumber?: Text;
}

/** Real-name verification (part 1 §5): name and ID number present. */
export function validateRealName(input: RealNameInput): string | null {
  return isBlank(input.name) || isBlank(input.idNumber) ? M.realNameIncomplete : null;
}
