/**
 * A row id as a client sends it (digits, as a string or a number): the bigserial value, or null
 * when it cannot name a row, so a lookup answers "no data" instead of failing on the cast.
 */
export function parseRowId(id: string | number): number | null {
  const value = String(id).trim();
  return /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/**
 * The first row a lookup by a client's row id answers: an id that cannot name a row finds nothing,
 * as a missing row does, without asking the database.
 */
export async function firstRowById<T>(id: string | number, lookup: (rowId: number) => PromiseLike<T[]>): Promise<T | undefined> {
  const rowId = parseRowId(id);
  if (rowId === null) return undefined;
  const [row] = await lookup(rowId);
  return row;
}
