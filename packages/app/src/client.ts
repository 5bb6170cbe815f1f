import { createBrowserHallClient, type HallClient } from '@hall/api/browser';

/**
 * The one client of an app, on the page's own origin. A lost session (-1, -1005, -1001, -400) sends
 * the browser to the reply's address, else to `signInPath`; the server has already cleared the cookie.
 */
export function createAppClient(signInPath: string): HallClient {
  return createBrowserHallClient({
    prefixUrl: `${window.location.origin}/`,
    onSessionLost: (reply) => window.location.replace(reply.url || signInPath),
  });
}
