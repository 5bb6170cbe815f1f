import { vi } from 'vitest';
import { moveFramesToCurrentClock } from './raf-shim';

/** Installs vitest's fake timers (Date, performance, timers, frames) for one test. */
export function useFakeClock(): void {
  vi.useFakeTimers();
  moveFramesToCurrentClock();
}

/** Back to real time, taking any waiting animation frame along. */
export function useRealClock(): void {
  vi.useRealTimers();
  moveFramesToCurrentClock();
}
