import type { GuaranteePreview } from '@hall/api/browser';

/** A JSON object of a route query, its text values only; null when absent or not an object. */
function jsonObjectOf(text: string | null): Record<string, string> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return null;
  }
}

/** The statements a route query may carry (part 3 §2.13–§2.15), by the bundle's names; each absent one is null. */
export interface StatementQuery {
  jusInfo: Record<string, string> | null;
  recordInfo: Record<string, string> | null;
  changecqzInfo: Record<string, string> | null;
}

/**
 * The statements of a route query: jjsdata or compactinfo1 (the undertaking's fields), wxjldata (the
 * inquiry record) and changecqzInfo, as JSON. Any may be absent or malformed; the screen then shows
 * what the server has saved.
 */
export function statementQueryOf(params: URLSearchParams): StatementQuery {
  return {
    jusInfo: jsonObjectOf(params.get('jjsdata')) ?? jsonObjectOf(params.get('compactinfo1')),
    recordInfo: jsonObjectOf(params.get('wxjldata')),
    changecqzInfo: jsonObjectOf(params.get('changecqzInfo')),
  };
}

/** The guarantee preview's data in the query (htinfo: buyer_qzinfo, buyer_compactBuyer_Name, qzh, extend_data), or null. */
export function guaranteeQueryOf(params: URLSearchParams): GuaranteePreview | null {
  const ht = jsonObjectOf(params.get('htinfo'));
  return ht ? { buyer_qzinfo: ht.buyer_qzinfo ?? '', buyer_compactBuyer_Name: ht.buyer_compactBuyer_Name ?? '', qzh: ht.qzh ?? '', extend_data: ht.extend_data ?? '{}' } : null;
}
