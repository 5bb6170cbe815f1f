import { createBrowserHallClient } from '@hall/api/browser';
import { captureLanding } from '@hall/app';

/** Read before the router starts, so a used OAuth code never travels on (see captureLanding). */
export const landing = captureLanding();

/** errcode of a console call whose console session is missing or over (plugins/operator-session.ts on the server). */
export const CONSOLE_SIGNED_OUT = '401';

let onConsoleSignedOut: () => void = () => {};

/** Who is told when a call finds the console signed out (the shell store: it shows the sign-in page). */
export function whenConsoleSignedOut(handler: () => void): void {
  onConsoleSignedOut = handler;
}

/**
 * The console's client. A console session that is gone (HTTP 401 with errcode 401) shows the sign-in
 * page, wherever the call was made; a lost WeChat session (binding WeChat) goes back through
 * WeChat's authorize page as in the citizen app.
 */
export const api = createBrowserHallClient({
  prefixUrl: `${window.location.origin}/`,
  fetch: async (input, init) => {
    const response = await fetch(input, init);
    if (response.status === 401) {
      const body = (await response
        .clone()
        .json()
        .catch(() => ({}))) as { errcode?: unknown };
      if (body.errcode === CONSOLE_SIGNED_OUT) onConsoleSignedOut();
    }
    return response;
  },
  onSessionLost: (reply) => window.location.replace(reply.url || '/admin/'),
});
