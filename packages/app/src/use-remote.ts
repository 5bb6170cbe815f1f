import { SessionLostError } from '@hall/api/browser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readableMessage } from './messages';

export interface RemoteOptions {
  /** Stay loading when the session is lost (the browser is already on its way to the sign-in) rather than show its message. */
  quietWhenSessionLost?: boolean;
}

export interface Remote<T> {
  data: T | undefined;
  /** The server's message (or a network message) when loading failed. */
  error: string | null;
  loading: boolean;
  reload: () => Promise<void>;
}

/**
 * Loads data for a screen: loading, data and a readable error, and a reload for pull-refresh
 * and retry buttons. `load` throws an Error whose message is shown, or returns the data. An older
 * answer never overwrites a newer one.
 */
export function useRemote<T>(load: () => Promise<T>, deps: readonly unknown[], options: RemoteOptions = {}): Remote<T> {
  const [state, setState] = useState<{ data: T | undefined; error: string | null; loading: boolean }>({ data: undefined, error: null, loading: true });
  const latest = useRef(0);
  const quiet = options.quietWhenSessionLost === true;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    try {
      const data = await run();
      if (ticket === latest.current) setState({ data, error: null, loading: false });
    } catch (error) {
      if (ticket !== latest.current || (quiet && error instanceof SessionLostError)) return;
      setState({ data: undefined, error: readableMessage(error), loading: false });
    }
  }, [run, quiet]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}
