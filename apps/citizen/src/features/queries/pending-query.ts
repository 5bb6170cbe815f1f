import type { QueryCity } from '@hall/api/browser';

/** A licence query typed before its face check, kept until the browser comes back. */
export interface PendingQuery {
  city: QueryCity;
  qzh: string;
}

const key = (bsm: string) => `hall:licence-query:${bsm}`;

/** A fresh business serial (bsm) for one face check of the licence query. */
export function newBusinessSerial(): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `DZZZ${Date.now()}${random}`;
}

export function savePendingQuery(bsm: string, query: PendingQuery): void {
  try {
    window.localStorage.setItem(key(bsm), JSON.stringify(query));
  } catch {
    // Without storage the citizen types the query again after the check.
  }
}

export function dropPendingQuery(bsm: string): void {
  try {
    window.localStorage.removeItem(key(bsm));
  } catch {
    // See savePendingQuery.
  }
}

/** The query kept for this serial, removed as it is read. */
export function takePendingQuery(bsm: string): PendingQuery | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(key(bsm)) ?? 'null') as Partial<PendingQuery> | null;
    dropPendingQuery(bsm);
    if (!stored || typeof stored.qzh !== 'string' || typeof stored.city?.xzqMc !== 'string' || typeof stored.city.xzqBm !== 'string') return null;
    return { city: { xzqMc: stored.city.xzqMc, xzqBm: stored.city.xzqBm }, qzh: stored.qzh };
  } catch {
    return null;
  }
}
