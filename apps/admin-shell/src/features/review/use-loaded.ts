import { SessionLostError } from '@hall/api/browser';
import { useCallback, useEffect, useRef, useState } from 'react';

export const NETWORK_FAILED = '网络连接失败，请检查网络后重试';
/** The heading of a review screen that could not load; the reason follows it. */
export const LOAD_FAILED = '加载失败';

type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; message: string };

/**
 * What a review screen shows while it asks the server: loading, the answer, or why it failed (the
 * server's Chinese message, or the network's). `retry` asks again; an older answer never overwrites a newer one.
 */
export function useLoaded<T>(load: () => Promise<T>): Loaded<T> & { retry: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const ticket = useRef(0);
  const retry = useCallback(() => {
    const mine = ++ticket.current;
    setState({ status: 'loading' });
    load().then(
      (value) => mine === ticket.current && setState({ status: 'ready', value }),
      (error: unknown) => {
        if (error instanceof SessionLostError || mine !== ticket.current) return;
        const message = error instanceof Error && /[\u4e00-\u9fa5]/.test(error.message) ? error.message : NETWORK_FAILED;
        setState({ status: 'failed', message });
      },
    );
  }, [load]);
  useEffect(retry, [retry]);
  return { ...state, retry };
}
