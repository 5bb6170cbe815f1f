/**
 * A row id as a client sends it (digits, as a string or a number): the bigserial value, or null
 * when it cannot name a row, so a lookup answers "no data" instead of failing on the cast.
 */
export function parseRowId(id: string | number): number | null {
  const value = String(id).trim();
  return /^\d{1,15}$/.test(value) ? Number(value) : null;
}
