import { createHallClient } from '@hall/api';

/**
 * The one client of the app. A lost session (-1, -1005, -1001, -400) sends the browser to the
 * reply's address; the server has already cleared the cookie.
 */
export const api = createHallClient({
  prefixUrl: `${window.location.origin}/`,
  onSessionLost: (reply) => {
    window.location.replace(reply.url || '/');
  },
});
