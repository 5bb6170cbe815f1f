import { postgresError } from './postgres-error';
import { rowsByKey, turnBatch } from './turn-batch';

/**
 * Inserts that many requests make at once, sent once per turn (lib/turn-batch.ts): the values of one
 * turn go in one statement, so one commit (one flush of PostgreSQL's log) serves them all instead of
 * one each. `insert` stores all the values it is given in one statement and answers their rows in
 * any order, each row holding the values it was made of; `keyOf` keys values and rows alike, by
 * those values. Rows of one key differ in nothing a caller gave (only in id and time), so each caller
 * takes any one of them, and no two callers take the same row.
 *
 * One statement is one transaction: when PostgreSQL refuses it, nothing of it was stored, and each
 * value is tried again alone, so a bad value fails its own request only. A lost connection fails
 * the turn without trying again: the statement may have been stored before the answer was lost.
 */
export function batchedInsert<Values, Row extends Values>(insert: (values: Values[]) => Promise<Row[]>, keyOf: (values: Values) => string): (values: Values) => Promise<Row> {
  const insertOne = async (values: Values) => (await insert([values]))[0]!;
  return turnBatch(async (batch: Values[]) => {
    let rows: Row[];
    try {
      rows = await insert(batch);
    } catch (error) {
      if (batch.length === 1 || !postgresError(error)) throw error;
      return batch.map(insertOne);
    }
    const byKey = rowsByKey(rows, keyOf);
    return batch.map((values) => {
      const row = byKey.get(keyOf(values))?.pop();
      // The statement answers a row for each value it stored; a missing one is a defect here, not a caller's fault.
      return row ?? Promise.reject(new Error('an inserted row did not come back'));
    });
  });
}
