import { describe, expect, it } from 'vitest';
import { readEnv } from '../../../src/env';
import { RegistryError } from '../../../src/adapters/registry/registry';
import { describeFailure, nextTryAfter, retryDelayMs, retryScheduleOf } from '../../../src/services/queries/fulfilment/registry-retry';

const defaults = retryScheduleOf(readEnv({ HALL_MODE: 'demo' }));

describe('the registry retry rule with its default settings', () => {
  it('waits 30 s after the first failure, twice as long after each next, never more than 30 minutes, for 24 hours', () => {
    expect(defaults).toEqual({ firstDelayMs: 30_000, maxDelayMs: 1_800_000, windowMs: 24 * 3_600_000 });
    expect([1, 2, 3, 4, 5, 6, 7, 8, 100].map((failures) => retryDelayMs(defaults, failures) / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1800, 1800, 1800]);
  });

  it('tries a query of an outage that lasts all day 53 times, then leaves it to the operators', () => {
    const askedAt = new Date('2026-12-01T08:00:00Z');
    let now = askedAt;
    let tries = 0;
    for (let next: Date | null = askedAt; next; tries += 1) {
      now = next;
      next = nextTryAfter(defaults, { askedAt, failures: tries + 1, now });
    }
    expect(tries).toBe(53);
    expect(now.getTime() - askedAt.getTime()).toBeLessThanOrEqual(defaults.windowMs);
    expect(now.getTime() - askedAt.getTime()).toBeGreaterThan(defaults.windowMs - defaults.maxDelayMs);
  });

  it("shows the registry client's words for a registry failure, and only the kind of any other", () => {
    expect(describeFailure(new RegistryError('registry POST /certificates/lookup: HTTP 500'))).toBe('registry POST /certificates/lookup: HTTP 500');
    expect(describeFailure(new TypeError('value 130402198503151231 is bad'))).toBe('the hall could not finish the answer (TypeError; see the server log)');
  });
});
