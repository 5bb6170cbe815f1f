import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_READ_FRESH_MS, startEarly, takeEarly } from './early-read';

describe('early reads', () => {
  afterEach(() => vi.useRealTimers());

  it('hands the early read to the first screen that asks, and a fresh read to the next', async () => {
    let reads = 0;
    const read = async () => ++reads;
    startEarly('lists', read);
    await expect(takeEarly('lists', read)).resolves.toBe(1);
    await expect(takeEarly('lists', read)).resolves.toBe(2);
  });

  it('reads afresh under another key or when the early read is stale', async () => {
    vi.useFakeTimers();
    let reads = 0;
    const read = async () => ++reads;
    startEarly('guide:a', read);
    await expect(takeEarly('guide:b', read)).resolves.toBe(2);
    vi.advanceTimersByTime(EARLY_READ_FRESH_MS);
    // A screen opened long after the landing never shows the landing's data.
    await expect(takeEarly('guide:a', read)).resolves.toBe(3);
  });

  it('keeps an early failure for the screen to show, without an unhandled rejection', async () => {
    startEarly('menu', () => Promise.reject(new Error('网络不给力')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takeEarly('menu', async () => 'fresh')).rejects.toThrow('网络不给力');
  });
});
