/**
 * Times as the hall's citizens read them: China Standard Time (Asia/Shanghai, UTC+8, no daylight
 * saving since 1991), so a fixed offset gives the same answer as a time-zone database on any host.
 */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

function shanghaiIso(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString();
}

/** YYYY-MM-DD HH:mm:ss in Asia/Shanghai; '' for no time. */
export function formatShanghaiDateTime(at: Date | null | undefined): string {
  return at ? shanghaiIso(at).slice(0, 19).replace('T', ' ') : '';
}

/** YYYY-MM-DD in Asia/Shanghai; '' for no time. */
export function formatShanghaiDate(at: Date | null | undefined): string {
  return at ? shanghaiIso(at).slice(0, 10) : '';
}

/** The moment an Asia/Shanghai day (YYYY-MM-DD) begins; `days` later moves it by whole days. */
export function shanghaiDayStart(day: string, days = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 24 * 60 * 60 * 1000 - SHANGHAI_OFFSET_MS);
}
