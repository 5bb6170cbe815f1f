import { QUEUE_OWN_STREAM_PATH } from '@hall/api/browser';
import { useEffect, useRef } from 'react';

/** Should the stream be down (a proxy that drops it, a phone asleep), the list still refreshes this often. */
const FALLBACK_REFRESH_MS = 15_000;

/**
 * While `active`, hears from the hall when one of the citizen's own numbers is called, skipped or
 * finished (the stream names only the citizen's own numbers) and reloads the list then.
 */
export function useOwnQueueUpdates(active: boolean, reload: () => Promise<unknown>): void {
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    if (!active) return;
    const source = new EventSource(QUEUE_OWN_STREAM_PATH);
    source.addEventListener('order', () => void reloadRef.current());
    const timer = setInterval(() => void reloadRef.current(), FALLBACK_REFRESH_MS);
    return () => {
      source.close();
      clearInterval(timer);
    };
  }, [active]);
}
