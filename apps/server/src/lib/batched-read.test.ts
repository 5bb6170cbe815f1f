import { describe, expect, it } from 'vitest';
import { batchedRead } from './batched-read';

interface Row {
  key: string;
  n: number;
}

/** A statement stand-in: answers two rows for each key it is given except 'none', and records each call's keys. */
function statement() {
  const calls: string[][] = [];
  const run = async (keys: string[]) => {
    calls.push(keys);
    return keys.filter((key) => key !== 'none').flatMap((key) => [1, 2].map((n) => ({ key, n })));
  };
  return { calls, run };
}

describe('batchedRead', () => {
  it('sends the keys asked for in one turn in one statement, each caller getting its own rows in order', async () => {
    const { calls, run } = statement();
    const read = batchedRead<Row>(run, (row) => row.key);
    const [a, b, again, none] = await Promise.all([read('a'), read('b'), read('a'), read('none')]);
    expect(calls).toEqual([['a', 'b', 'none']]);
    expect(a).toEqual([
      { key: 'a', n: 1 },
      { key: 'a', n: 2 },
    ]);
    expect(b!.map((row) => row.key)).toEqual(['b', 'b']);
    expect(again).toEqual(a);
    expect(none).toEqual([]);
  });

  it('gives each caller an array of its own', async () => {
    const { run } = statement();
    const read = batchedRead<Row>(run, (row) => row.key);
    const [first, second] = await Promise.all([read('a'), read('a')]);
    first!.pop();
    expect(second).toHaveLength(2);
  });

  it('sends a later turn in a statement of its own', async () => {
    const { calls, run } = statement();
    const read = batchedRead<Row>(run, (row) => row.key);
    await read('a');
    await read('b');
    expect(calls).toEqual([['a'], ['b']]);
  });

  it('fails every caller of a failed statement, and the next turn reads again', async () => {
    let fail = true;
    const read = batchedRead<Row>(
      async (keys) => {
        if (fail) throw new Error('connection lost');
        return keys.map((key) => ({ key, n: 1 }));
      },
      (row) => row.key,
    );
    const results = await Promise.allSettled([read('a'), read('b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read('a')).toEqual([{ key: 'a', n: 1 }]);
  });

  it('sends at most 500 keys in one statement', async () => {
    const { calls, run } = statement();
    const read = batchedRead<Row>(run, (row) => row.key);
    const keys = Array.from({ length: 1201 }, (_, i) => `k${i}`);
    const rows = await Promise.all(keys.map((key) => read(key)));
    expect(calls.map((call) => call.length)).toEqual([500, 500, 201]);
    expect(rows.every((list, i) => list.length === 2 && list[0]!.key === keys[i])).toBe(true);
  });
});
