/**
 * Numbers citizens type into the hall: certificate numbers (不动产权证号), unit numbers (不动产单元号)
 * and ID numbers. A phone's Chinese keyboard types full-width characters: （２０２３） for (2023),
 * a full-width space, full-width letters. The registry keeps the half-width form, so a number is
 * brought to it before any lookup, or 冀（2023）… would not find 冀(2023)….
 */

/** The full-width forms of the printable ASCII characters, ！ (U+FF01) to ～ (U+FF5E). */
const FULL_WIDTH_ASCII = /[\uFF01-\uFF5E]/g;
const FULL_WIDTH_OFFSET = 0xfee0;
/** Any space, the full-width (U+3000) and non-breaking ones included: a number has none. */
const SPACES = /[\s\u3000\u00A0]+/g;

/**
 * The typed number in its half-width form without spaces: full-width brackets, digits and letters
 * become half-width. Letter case is kept (an acceptance number's case counts, spec part 1 §2).
 */
export function normalizeTypedNumber(value: string): string {
  return value.replace(FULL_WIDTH_ASCII, (char) => String.fromCharCode(char.charCodeAt(0) - FULL_WIDTH_OFFSET)).replace(SPACES, '');
}
