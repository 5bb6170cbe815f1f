import { captureLanding, createBrowserHallClient } from '@hall/api/browser';

/** Read before the router starts, so a used OAuth code never travels on (see captureLanding). */
export const landing = captureLanding();

/** The shell's client; a lost session goes back through WeChat's authorize page. */
export const api = createBrowserHallClient({
  prefixUrl: `${window.location.origin}/`,
  onSessionLost: (reply) => window.location.replace(reply.url || '/admin/'),
});
