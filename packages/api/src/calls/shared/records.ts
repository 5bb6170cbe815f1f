import { z } from 'zod';

/** The record fields several calls answer alike. */

/** How citizens reach a hall or site: its address, opening hours and phone ('' when unknown). */
export const siteContact = { address: z.string(), worktime: z.string(), phone: z.string() };

/** A service site as citizens see it in the site list and on the map: how to reach it and where it stands. */
export const siteDetails = { ...siteContact, lat: z.string(), lng: z.string() };

/** A booking as the console lists it: its time slot, the business, and the citizen's name and masked phone. */
export const bookingLine = { timeName: z.string(), processName: z.string(), name: z.string(), maskedPhone: z.string() };

/** A booking of either page as its owner sees it: until when (YYYY-MM-DD HH:mm) it may be cancelled or moved, and whether that is still ahead. */
export const bookingChangeTerms = { changeable: z.boolean(), changeDeadline: z.string() };

/** Where a query record stands (0 or 10 in progress, 20 found, 21 nothing found) and that state in words. */
export const recordState = { state: z.number(), state_msg: z.string() };

/** The fields of an application's property unit, in the form's order: what getApply reads back is what addReleasteInfo saves. */
export const PROPERTY_UNIT_FIELDS = ['id', 'bdcqzmh', 'bdcdyh', 'zl', 'fwsyqmj', 'tdsyq_mj', 'mj_bgh', 'zgzqse', 'bdbzzqse', 'qdjg', 'qlqssj', 'qljssj', 'fwyt', 'tdsyq_yt', 'czfs', 'sfhbzs'] as const;

/** The shape of an object whose every field, of these names, takes the same schema. */
export function fieldsOf<K extends string, T extends z.ZodType>(names: readonly K[], schema: T): Record<K, T> {
  return Object.fromEntries(names.map((name) => [name, schema])) as Record<K, T>;
}
