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

/**
 * The guarantee preview's query (spec part 3 §2.15): htinfo, the preview data (buyer_qzinfo,
 * buyer_compactBuyer_Name, qzh, extend_data), and compactinfo1, the undertaking's fields (swsj, clmc,
 * zl). Either may be absent or malformed; the screen then reads the case from the server.
 */
export function guaranteeQueryOf(params: URLSearchParams): { preview: GuaranteePreview | null; undertaking: Record<string, string> | null } {
  const ht = jsonObjectOf(params.get('htinfo'));
  const preview = ht
    ? { buyer_qzinfo: ht.buyer_qzinfo ?? '', buyer_compactBuyer_Name: ht.buyer_compactBuyer_Name ?? '', qzh: ht.qzh ?? '', extend_data: ht.extend_data ?? '{}' }
    : null;
  return { preview, undertaking: jsonObjectOf(params.get('compactinfo1')) };
}
