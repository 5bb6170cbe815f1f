import { z } from 'zod';
import { INVALID_DATE, isCalendarDate } from '@hall/domain';
import { openid, reqseq, text } from '../../common';
import { LIST_ORDER_INVALID, LIST_ORDERS, LIST_PAGE_SIZE_INVALID, LIST_PAGE_SIZES, LIST_SORT_INVALID } from '../../console-limits';

/**
 * The request fields many calls share. A call adds its own with `.extend`, so the shared ones come
 * first, as they always have.
 */

/** What every call sends, on its own (a call with nothing else to say) or extended with the call's fields: its request sequence id. */
export const bareRequest = z.object({ reqseq });

/** A call of the session's citizen (the record lists take the user object, spec part 1 §7): only the openid matters, and it must be the session's. */
export const userRequest = bareRequest.extend({ openid });

/** The district a citizen picks in a query form: its name and code. */
export const districtChoice = { xzqmc: text(64).optional(), xzqdm: text(12).optional() };

/** The page a console list asks for, from 1; the first when left out. */
export const pageNumber = z.number().int().min(1).max(100_000).default(1);

/** The page size a console table chose (one of LIST_PAGE_SIZES); left out, the call keeps its own. */
export const listPageSize = z
  .number({ error: LIST_PAGE_SIZE_INVALID })
  .refine((size) => (LIST_PAGE_SIZES as readonly number[]).includes(size), { error: LIST_PAGE_SIZE_INVALID })
  .optional();

/** The direction of a console table's sorted column; left out, ascending. */
export const listOrder = z.enum(LIST_ORDERS, { error: LIST_ORDER_INVALID }).optional();

/** The columns a console list sorts by on the server; left out, the list's own order. */
export const listSort = <const Keys extends readonly [string, ...string[]]>(keys: Keys) => z.enum(keys, { error: LIST_SORT_INVALID }).optional();

/**
 * A YYYY-MM-DD date, and a real one (2026-02-30 is not): every call taking a date takes this, so a
 * date the database would refuse never gets past the contract.
 */
export const calendarDate = z.string().refine(isCalendarDate, { error: INVALID_DATE });

/** A date a citizen's form may still leave empty: the call itself then asks for it. */
export const chosenDate = z.literal('').or(calendarDate);
