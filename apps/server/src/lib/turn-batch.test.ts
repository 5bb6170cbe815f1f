import { describe, expect, it } from 'vitest';
import { sharedInTurn } from './turn-batch';

interface Ask {
  page: number;
}

/** A read stand-in that records each page it reads, and fails for page 0. */
function pages() {
  const reads: number[] = [];
  const read = async ({ page }: Ask) => {
    reads.push(page);
    if (page === 0) throw new Error('no page 0');
    return { page, items: [`第${page}页`] };
  };
  return { reads, read };
}

describe('sharedInTurn', () => {
  it('runs once for each key asked in a turn; the callers of a key share its answer', async () => {
    const { reads, read } = pages();
    const shared = sharedInTurn(read, (ask: Ask) => String(ask.page));
    const [a, b, c] = await Promise.all([shared({ page: 1 }), shared({ page: 1 }), shared({ page: 2 })]);
    expect(reads).toEqual([1, 2]);
    expect(a).toBe(b);
    expect(c).toEqual({ page: 2, items: ['第2页'] });
  });

  it('freezes the shared answer, so no caller can change what another gets', async () => {
    const { read } = pages();
    const shared = sharedInTurn(read, (ask: Ask) => String(ask.page));
    const answer = await shared({ page: 1 });
    expect(Object.isFrozen(answer)).toBe(true);
    expect(Object.isFrozen(answer.items)).toBe(true);
  });

  it('a failed key fails its own callers only', async () => {
    const { read } = pages();
    const shared = sharedInTurn(read, (ask: Ask) => String(ask.page));
    const results = await Promise.allSettled([shared({ page: 0 }), shared({ page: 1 }), shared({ page: 0 })]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'rejected']);
  });

  it('reads again in a later turn', async () => {
    const { reads, read } = pages();
    const shared = sharedInTurn(read, (ask: Ask) => String(ask.page));
    await shared({ page: 1 });
    await shared({ page: 1 });
    expect(reads).toEqual([1, 1]);
  });
});
