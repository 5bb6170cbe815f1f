import { z } from 'zod';

/** What a citizen reads when a text holds a character the hall cannot take. */
export const UNREADABLE_TEXT_MESSAGE = '提交的信息包含无法识别的字符，请检查后重试';

/**
 * NUL, which PostgreSQL cannot store in text, and a lone UTF-16 surrogate, which is not text at all
 * (it has no UTF-8 form). No keyboard types either; both come only from a broken or hostile client.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for.
const UNREADABLE_CHARACTER = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnreadableCharacters(value: string): boolean {
  return UNREADABLE_CHARACTER.test(value);
}

/** A string the hall takes in: at most `max` characters, and none it cannot store. Every string a call takes is one. */
export const plainText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !hasUnreadableCharacters(value), { error: UNREADABLE_TEXT_MESSAGE });

/** A per-call request sequence id; the client makes a fresh one for every call. */
export const reqseq = plainText(64).optional();
/** The openid a payload carries; the server checks it equals the session's. */
export const openid = plainText(128).optional();

/** A string field from a form that may arrive as a number. */
export const text = (max: number) => z.union([z.string(), z.number().transform(String)]).pipe(plainText(max));

export { newReqseq } from './reqseq';
