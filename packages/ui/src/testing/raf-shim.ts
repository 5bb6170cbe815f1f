/**
 * antd-mobile animates through react-spring, whose frame loop keeps the
 * `requestAnimationFrame` it finds when it is first imported, and waits for the frame it has
 * asked for before it asks again. jsdom's own frames run on real time, out of reach of fake
 * timers. This one queues callbacks and flushes them from a `setTimeout` of whichever clock is
 * installed; `moveFramesToCurrentClock` moves a waiting frame over when a test switches between
 * real and fake timers, so the loop never waits on a clock that is gone. Loaded before any module.
 */
const FRAME_MS = 16;
const pending = new Map<number, FrameRequestCallback>();
let nextId = 0;
let scheduled = 0;

function flush(token: number): void {
  if (token !== scheduled) return;
  scheduled = 0;
  const callbacks = [...pending.values()];
  pending.clear();
  const now = globalThis.performance.now();
  for (const callback of callbacks) callback(now);
}

function schedule(): void {
  if (scheduled || pending.size === 0) return;
  const token = ++nextId;
  scheduled = token;
  globalThis.setTimeout(() => flush(token), FRAME_MS);
}

globalThis.requestAnimationFrame = (callback: FrameRequestCallback): number => {
  const id = ++nextId;
  pending.set(id, callback);
  schedule();
  return id;
};

globalThis.cancelAnimationFrame = (id: number): void => {
  pending.delete(id);
};

/** Re-schedules a waiting frame on the clock now installed. */
export function moveFramesToCurrentClock(): void {
  scheduled = 0;
  schedule();
}

/**
 * jsdom has no ResizeObserver, so antd-mobile would take resize-observer-polyfill, whose timers can
 * outlive a test file's window: a late refresh after teardown throws "Right-hand side of
 * 'instanceof' is not an object" on a busy machine. Nothing in jsdom is ever resized, so an
 * observer that never reports is the truthful one.
 */
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  } as unknown as typeof ResizeObserver;
}
