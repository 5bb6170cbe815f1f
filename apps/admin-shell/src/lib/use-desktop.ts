import { useSyncExternalStore } from 'react';

/** The desktop layout's width (docs/architecture.md §13, "The console"): side navigation and header from here up. */
export const DESKTOP_QUERY = '(min-width: 1024px)';

const subscribe = (changed: () => void) => {
  const query = window.matchMedia(DESKTOP_QUERY);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};

/** Whether the console is on a desktop-wide screen; follows the window as it is resized. */
export function useDesktop(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(DESKTOP_QUERY).matches);
}
