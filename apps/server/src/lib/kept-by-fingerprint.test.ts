import { afterEach, describe, expect, it, vi } from 'vitest';
import { CITIZEN_LIST_MAX_KEPT_ITEMS, keptByFingerprint, keptCitizenLists } from './kept-by-fingerprint';

afterEach(() => {
  vi.useRealTimers();
});

describe('keptByFingerprint', () => {
  it('answers the value it kept while the fingerprint is the same, and makes a new one when it moves', () => {
    const keep = keptByFingerprint<{ n: number }>({ maxKeys: 10, maxAgeMs: 60_000 });
    let made = 0;
    const make = () => ({ n: ++made });
    const first = keep('a', 'v1', make);
    expect(keep('a', 'v1', make)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const moved = keep('a', 'v2', make);
    expect(moved).toEqual({ n: 2 });
    // Another key keeps its own.
    expect(keep('b', 'v1', make)).toEqual({ n: 3 });
    expect(keep('a', 'v2', make)).toBe(moved);
  });

  it('makes the value again once it is older than maxAgeMs, used or not', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28) });
    const keep = keptByFingerprint<object>({ maxKeys: 10, maxAgeMs: 1000 });
    const first = keep('a', 'v', () => ({}));
    vi.advanceTimersByTime(999);
    expect(keep('a', 'v', () => ({}))).toBe(first);
    vi.advanceTimersByTime(1);
    expect(keep('a', 'v', () => ({}))).not.toBe(first);
  });

  it('keeps at most maxKeys, letting the one used longest ago go first', () => {
    const keep = keptByFingerprint<object>({ maxKeys: 2, maxAgeMs: 60_000 });
    const a = keep('a', 'v', () => ({}));
    const b = keep('b', 'v', () => ({}));
    // a is used again, so b is now the one used longest ago.
    expect(keep('a', 'v', () => ({}))).toBe(a);
    keep('c', 'v', () => ({}));
    expect(keep('a', 'v', () => ({}))).toBe(a);
    expect(keep('b', 'v', () => ({}))).not.toBe(b);
  });

  it('keeps nothing when making the value fails', () => {
    const keep = keptByFingerprint<object>({ maxKeys: 2, maxAgeMs: 60_000 });
    const first = keep('a', 'v', () => ({}));
    expect(() =>
      keep('a', 'v2', () => {
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(keep('a', 'v', () => ({}))).not.toBe(first);
  });
});

describe('keptCitizenLists', () => {
  const rows = (count: number, version = '7') => Array.from({ length: count }, (_, i) => ({ id: i + 1, rowVersion: version }));

  it('keeps a list while its rows and what else it shows are unchanged', () => {
    const lists = keptCitizenLists<{ n: number }>();
    let made = 0;
    const make = () => ({ n: ++made });
    const first = lists('openid-1|all', rows(3), make, 'user-1');
    expect(lists('openid-1|all', rows(3), make, 'user-1')).toBe(first);
    // A row changed (its version moved), a row more, or the user renamed: made again.
    expect(lists('openid-1|all', [...rows(2), { id: 3, rowVersion: '8' }], make, 'user-1')).toEqual({ n: 2 });
    expect(lists('openid-1|all', rows(4), make, 'user-1')).toEqual({ n: 3 });
    expect(lists('openid-1|all', rows(4), make, 'user-2')).toEqual({ n: 4 });
  });

  it(`makes a list of more than ${CITIZEN_LIST_MAX_KEPT_ITEMS} rows each time, and keeps one of exactly that many`, () => {
    const lists = keptCitizenLists<{ n: number }>();
    let made = 0;
    const make = () => ({ n: ++made });
    const long = rows(CITIZEN_LIST_MAX_KEPT_ITEMS + 1);
    expect(lists('openid-1|all', long, make)).toEqual({ n: 1 });
    expect(lists('openid-1|all', long, make)).toEqual({ n: 2 });
    const full = rows(CITIZEN_LIST_MAX_KEPT_ITEMS);
    const kept = lists('openid-1|all', full, make);
    expect(lists('openid-1|all', full, make)).toBe(kept);
  });
});
