import { z } from 'zod';
import { text } from '../../common';

/**
 * The ids a call names a row by, parsed once here: the guard that checks an operator's sites and the
 * action it guards both read the parsed value, so no spelling of an id can pass the one and reach
 * the other. A copied or typed id is folded to what the hall stores: the spaces around it go and
 * full-width digits and letters become ASCII (NFKC).
 */

export const ROW_ID_INVALID = '编号不正确，请刷新页面后重试';

const folded = (value: string) => value.normalize('NFKC').trim();

/** A text id (a queue hall's, a business group's, an appointment site's), folded. */
export const textId = (max = 40) => text(max).transform(folded);

/**
 * A row id (a queue number's, a booking's): digits, as a string or a number, folded; zero padding
 * names the same row (" 1", "01" and "１" are 1). Anything else cannot name a row and is refused.
 */
export const rowId = text(24).transform((value, context) => {
  const digits = /^0*(\d{1,15})$/.exec(folded(value))?.[1];
  if (digits === undefined) {
    context.addIssue({ code: 'custom', message: ROW_ID_INVALID });
    return z.NEVER;
  }
  return Number(digits);
});
