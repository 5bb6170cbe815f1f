/**
 * Time as the stories' play functions see it. In Storybook the clock is the real one, so a
 * play function that waits 60 s really waits; the test run swaps in vitest's fake timers,
 * so the same play function runs through a minute in a few milliseconds.
 */
export interface StoryClock {
  tick(ms: number): Promise<void>;
}

const realClock: StoryClock = {
  tick: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

let clock: StoryClock = realClock;

/** Replaces the clock; without an argument, goes back to real time. */
export function setStoryClock(next?: StoryClock): void {
  clock = next ?? realClock;
}

/** Lets `ms` milliseconds pass. */
export function tick(ms: number): Promise<void> {
  return clock.tick(ms);
}
