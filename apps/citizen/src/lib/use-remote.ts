import { useCallback, useEffect, useRef, useState } from 'react';

export interface Remote<T> {
  data: T | undefined;
  /** The server's message (or a network message) when loading failed. */
  error: string | null;
  loading: boolean;
  reload: () => Promise<void>;
}

export const NETWORK_ERROR = '网络连接失败，请检查网络后重试';

/**
 * Loads data for a screen: loading, data and a readable error, and a reload for pull-refresh
 * and retry buttons. `load` throws an Error whose message is shown, or returns the data.
 */
export function useRemote<T>(load: () => Promise<T>, deps: readonly unknown[]): Remote<T> {
  const [state, setState] = useState<{ data: T | undefined; error: string | null; loading: boolean }>({ data: undefined, error: null, loading: true });
  const latest = useRef(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    try {
      const data = await run();
      if (ticket === latest.current) setState({ data, error: null, loading: false });
    } catch (error) {
      const message = error instanceof Error && /[\u4e00-\u9fa5]/.test(error.message) ? error.message : NETWORK_ERROR;
      if (ticket === latest.current) setState({ data: undefined, error: message, loading: false });
    }
  }, [run]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}

/** Throws the reply's Chinese message when an errcode reply failed; returns its data otherwise. */
export function dataOf<T>(reply: { errcode: string; errmsg?: string | undefined; data?: T | undefined }, fallback = '加载失败，请稍后重试'): T {
  if (reply.errcode !== '00' || reply.data === undefined) throw new Error(reply.errmsg || fallback);
  return reply.data;
}
