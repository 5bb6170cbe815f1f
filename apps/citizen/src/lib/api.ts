import { createBrowserHallClient } from '@hall/api/browser';

/**
 * The one client of the app. A lost session (-1, -1005, -1001, -400) sends the browser to the
 * reply's address; the server has already cleared the cookie.
 */
export const api = createBrowserHallClient({
  prefixUrl: `${window.location.origin}/`,
  onSessionLost: (reply) => {
    window.location.replace(reply.url || '/');
  },
});
