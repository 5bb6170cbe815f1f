import { SessionLostError } from '@hall/api/browser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readableMessage } from './messages';
import { NotFoundError } from './not-found';

export interface RemoteOptions {
  /** Stay loading when the session is lost (the browser is already on its way to the sign-in) rather than show its message. */
  quietWhenSessionLost?: boolean;
}

/** Why a load ended without data: nothing there (a NotFoundError), or a failure worth a retry. */
export type LoadFailure = { kind: 'not-found'; message: string } | { kind: 'failed'; message: string };

export interface Remote<T> {
  data: T | undefined;
  /** The server's message (or a network message) when loading failed. */
  error: string | null;
  /** The same failure, typed: screens show not-found as an empty state and failed with a retry. */
  failure: LoadFailure | null;
  loading: boolean;
  reload: () => Promise<void>;
}

/**
 * Loads data for a screen: loading, data and a readable error, and a reload for pull-refresh
 * and retry buttons. `load` throws an Error whose message is shown, or returns the data. An older
 * answer never overwrites a newer one.
 */
export function useRemote<T>(load: () => Promise<T>, deps: readonly unknown[], options: RemoteOptions = {}): Remote<T> {
  const [state, setState] = useState<Omit<Remote<T>, 'reload'>>({ data: undefined, error: null, failure: null, loading: true });
  const latest = useRef(0);
  const quiet = options.quietWhenSessionLost === true;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    setState((s) => ({ ...s, loading: true, error: null, failure: null }));
    try {
      const data = await run();
      if (ticket === latest.current) setState({ data, error: null, failure: null, loading: false });
    } catch (error) {
      if (ticket !== latest.current || (quiet && error instanceof SessionLostError)) return;
      const message = readableMessage(error);
      setState({ data: undefined, error: message, failure: { kind: error instanceof NotFoundError ? 'not-found' : 'failed', message }, loading: false });
    }
  }, [run, quiet]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}
