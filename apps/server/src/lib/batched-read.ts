import { rowsByKey, turnBatch } from './turn-batch';

/**
 * A read that many requests make at once, each by its own key (a session id), sent once per turn
 * (lib/turn-batch.ts): `run` answers the rows of all the keys it is given, each once; `keyOf` tells
 * which key a row belongs to. Each caller gets the rows of its key, in the statement's order.
 */
export function batchedRead<Row>(run: (keys: string[]) => Promise<Row[]>, keyOf: (row: Row) => string): (key: string) => Promise<Row[]> {
  return turnBatch(async (keys: string[]) => {
    const rows = await run([...new Set(keys)]);
    const byKey = rowsByKey(rows, keyOf);
    // Each caller gets an array of its own: one request's handler cannot change another's rows list.
    return keys.map((key) => [...(byKey.get(key) ?? [])]);
  });
}
