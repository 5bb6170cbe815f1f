import { useRemote, type Remote } from '@hall/app';

/**
 * A console page's data. The session-lost rule of the whole console, in one place: a lost session
 * keeps the page loading, since the browser is already on its way to WeChat's sign-in (the client's
 * onSessionLost), and a console sign-out brings the sign-in page (lib/hall.ts).
 */
export function useConsoleRemote<T>(load: () => Promise<T>, deps: readonly unknown[]): Remote<T> {
  return useRemote(load, deps, { quietWhenSessionLost: true });
}
