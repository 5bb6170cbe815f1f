import { runSessionBootstrap, type BootstrapResult } from '@hall/app/session';
import { citizenPaths } from '@hall/domain/citizen-paths';
import { api } from './api';
import { firstScreenReads } from './first-screen-reads';
import { landingUrl, oauthReturn } from './landing';

let started: Promise<BootstrapResult> | null = null;

/** The sign-in page comes before any session: there the bootstrap would only send the browser back to it. */
export function onSignInPage(): boolean {
  return window.location.pathname === citizenPaths.login;
}

function run(): Promise<BootstrapResult> {
  return runSessionBootstrap(api, { ...oauthReturn(), landingUrl, ...firstScreenReads(landingUrl) });
}

/**
 * Starts the session bootstrap (spec part 1 §4) as the page loads, from the small entry script,
 * while the code that draws the hall (React, the router, the screens) is still downloading: on a
 * slow line the session and the first screen's reads are answered by the time it can show them.
 */
export function startSessionBootstrap(): void {
  if (onSignInPage()) return;
  started ??= run();
  // The outcome is the session store's to handle when it takes the run; until then a failure
  // must not count as unhandled.
  started.catch(() => undefined);
}

/** The run started at load if it is still untaken, else a new one (a retry, or no early start). */
export function sessionBootstrap(): Promise<BootstrapResult> {
  const early = started;
  started = null;
  return early ?? run();
}
