/**
 * Reads started before the screen that shows them exists: during the session bootstrap, the first
 * screen's data can travel alongside the sign-in instead of after it. A screen takes its read once;
 * a read not taken soon is dropped, so a screen opened later never shows data from the landing.
 */
export const EARLY_READ_FRESH_MS = 10_000;

const started = new Map<string, { at: number; read: Promise<unknown> }>();

export function startEarly<T>(key: string, read: () => Promise<T>): void {
  const promise = read();
  // A failure is the screen's to show when it asks; until then it must not count as unhandled.
  promise.catch(() => undefined);
  started.set(key, { at: Date.now(), read: promise });
}

/** The early read under key if one is fresh (and not yet taken), else a new read. */
export function takeEarly<T>(key: string, read: () => Promise<T>): Promise<T> {
  const early = started.get(key);
  started.delete(key);
  return early && Date.now() - early.at < EARLY_READ_FRESH_MS ? (early.read as Promise<T>) : read();
}
