import { randomBytes, randomInt } from 'node:crypto';

/** An unguessable id for sessions, codes and file names. */
export function randomId(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

/** A numeric code of the given length, e.g. an SMS code. */
export function numericCode(length = 6): string {
  return Array.from({ length }, () => randomInt(0, 10)).join('');
}
