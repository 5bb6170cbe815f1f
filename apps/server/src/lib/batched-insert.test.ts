import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { batchedInsert } from './batched-insert';

interface Values {
  who: string;
  text: string;
}
interface Row extends Values {
  id: number;
}

const keyOf = ({ who, text }: Values) => `${who}|${text}`;

/** A table stand-in: stores what it is given in one go (all or nothing, like one statement), answers rows in reverse order. */
function table(refuse: (values: Values) => Error | null = () => null) {
  const stored: Row[] = [];
  const calls: number[] = [];
  const insert = async (batch: Values[]) => {
    calls.push(batch.length);
    const refusal = batch.map(refuse).find(Boolean);
    if (refusal) throw refusal;
    const rows: Row[] = batch.map((values, i) => ({ ...values, id: stored.length + i + 1 }));
    stored.push(...rows);
    return [...rows].reverse();
  };
  return { stored, calls, insert };
}

const refusedByPostgres = () => new pg.DatabaseError('invalid byte sequence for encoding "UTF8": 0x00', 0, 'error');

describe('batchedInsert', () => {
  it('stores the values of one turn in one statement, each caller getting the row made of its own values', async () => {
    const { calls, insert } = table();
    const add = batchedInsert(insert, keyOf);
    const rows = await Promise.all([add({ who: 'a', text: '一' }), add({ who: 'b', text: '二' }), add({ who: 'c', text: '三' })]);
    expect(calls).toEqual([3]);
    expect(rows.map((row) => `${row.who}${row.text}`)).toEqual(['a一', 'b二', 'c三']);
  });

  it('gives two callers with the same values a row each, never the same one', async () => {
    const { insert } = table();
    const add = batchedInsert(insert, keyOf);
    const rows = await Promise.all([add({ who: 'a', text: '同' }), add({ who: 'a', text: '同' })]);
    expect(new Set(rows.map((row) => row.id)).size).toBe(2);
  });

  it('tries each value alone when PostgreSQL refuses the statement: only the bad value fails', async () => {
    const { stored, calls, insert } = table((values) => (values.text.includes('\u0000') ? refusedByPostgres() : null));
    const add = batchedInsert(insert, keyOf);
    const results = await Promise.allSettled([add({ who: 'a', text: '好' }), add({ who: 'b', text: '坏\u0000' }), add({ who: 'c', text: '好' })]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(calls).toEqual([3, 1, 1, 1]);
    expect(stored.map((row) => row.who).sort()).toEqual(['a', 'c']);
  });

  it('fails the whole turn without trying again when the connection is lost (the statement may have been stored)', async () => {
    const { calls, insert } = table(() => Object.assign(new Error('Connection terminated unexpectedly'), { code: 'EPIPE' }));
    const add = batchedInsert(insert, keyOf);
    const results = await Promise.allSettled([add({ who: 'a', text: '一' }), add({ who: 'b', text: '二' })]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toEqual([2]);
  });

  it('sends a later turn in a statement of its own', async () => {
    const { calls, insert } = table();
    const add = batchedInsert(insert, keyOf);
    await add({ who: 'a', text: '一' });
    await add({ who: 'b', text: '二' });
    expect(calls).toEqual([1, 1]);
  });
});
