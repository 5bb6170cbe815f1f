/**
 * The acceptance number (申请编号) a citizen types into the progress query (spec part 1 §2: letter
 * case matters). The hall's own are HD… and CD… followed by digits; a back-office's may hold Chinese
 * characters, spaces, slashes and brackets. The number becomes one segment of a registry address
 * (GET /cases/{acceptanceNumber}), so it must be a number and nothing that could move the address:
 * it starts and ends with a letter or digit, and holds no dot, percent sign, backslash, question mark,
 * hash or control character — `..`, `/x` and `%2e%2e` are not acceptance numbers.
 */
export const ACCEPTANCE_NUMBER_MAX_LENGTH = 64;

const ACCEPTANCE_NUMBER = /^[\p{L}\p{N}](?:[\p{L}\p{N} _\-/()（）]*[\p{L}\p{N}])?$/u;

/** Whether the text, trimmed, has an acceptance number's form (it says nothing of whether the case exists). */
export function isAcceptanceNumber(value: string): boolean {
  const number = value.trim();
  return number.length <= ACCEPTANCE_NUMBER_MAX_LENGTH && ACCEPTANCE_NUMBER.test(number);
}
