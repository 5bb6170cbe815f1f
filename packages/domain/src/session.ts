/**
 * Session bootstrap decisions (spec part 1 §4, §7, §8; part 3 §2.21, §4): what the authorise
 * reply leads to, which statuses end the session, logout, the /waiting guard and where the
 * init page sends the user once the app is loaded.
 */
import { citizenPaths } from './citizen-paths';

/** Reply statuses that end the session: clear cookies, go to the reply's address. */
export const SESSION_CLEARING_STATUSES = [-1, -1005, -1001, -400] as const;

export type SessionStep = 'registerNewUser' | 'checkOldUser' | 'refreshCookie' | 'refreshUser' | 'loadAppInfo' | 'loadUserInfo';

// The call behind each step is the contract's (packages/api): the apps map steps to client calls.

/** Authorise result message → the steps that follow, in order. */
export const SESSION_AUTHORISE_STEPS: Readonly<Record<string, readonly SessionStep[]>> = {
  newUser: ['registerNewUser', 'refreshCookie'],
  oldUser: ['checkOldUser', 'refreshCookie'],
  refreshUser: ['refreshUser'],
  noRefresh: ['loadAppInfo', 'loadUserInfo'],
};
/**
 * A message the table does not know asks for no registration or refresh, so the session is
 * used as it is; if it is not valid, the next reply carries a clearing status.
 */
export const SESSION_AUTHORISE_DEFAULT_STEPS: readonly SessionStep[] = SESSION_AUTHORISE_STEPS.noRefresh!;

export type SessionDecision = { readonly kind: 'steps'; readonly steps: readonly SessionStep[] } | { readonly kind: 'clearCookiesAndRedirect'; readonly to: string };

/** What a session reply says; field names are the caller's mapping of the reply. */
export interface SessionReply {
  readonly status?: number | string | null | undefined;
  readonly message?: string | null | undefined;
  /** The address the reply sends the browser to (an OAuth page or the hall root). */
  readonly address?: string | null | undefined;
}

/**
 * A clearing status ends the session, whatever call answered. The address comes from the hall's
 * own server (typically the OAuth authorise page), so unlike the init page's redirect it may be a full URL.
 */
export function sessionStatusDecision(reply: SessionReply): SessionDecision | null {
  const status = reply.status === null || reply.status === undefined ? NaN : Number(reply.status);
  if (!(SESSION_CLEARING_STATUSES as readonly number[]).includes(status)) return null;
  const to = reply.address?.trim();
  return { kind: 'clearCookiesAndRedirect', to: to ? to : '/' };
}

/** The decision after authorise: a clearing status first, else the steps of the result message. */
export function sessionAuthoriseDecision(reply: SessionReply): SessionDecision {
  const cleared = sessionStatusDecision(reply);
  if (cleared !== null) return cleared;
  return { kind: 'steps', steps: SESSION_AUTHORISE_STEPS[reply.message?.trim() ?? ''] ?? SESSION_AUTHORISE_DEFAULT_STEPS };
}

/** Logout clears the cookies and goes to the root. */
export const SESSION_LOGOUT_DECISION: SessionDecision = { kind: 'clearCookiesAndRedirect', to: '/' };

// ---------------------------------------------------------------------------------------------
// The /waiting guard and the init page

export const WAITING_PATH = citizenPaths.waiting;
export const SIGN_IN_PATH = citizenPaths.login;

function pathOf(fullPath: string): string {
  return fullPath.split(/[?#]/, 1)[0]!;
}

/**
 * Until app info is loaded every route but /waiting goes to /waiting, carrying the full original
 * path (query and hash included) encoded in redirect. Null: let the navigation through.
 */
export function waitingGuardRedirect(fullPath: string, appInfoLoaded: boolean): string | null {
  // The sign-in page comes before any session: it never waits for one.
  if (appInfoLoaded || pathOf(fullPath) === WAITING_PATH || pathOf(fullPath) === SIGN_IN_PATH) return null;
  return `${WAITING_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

/**
 * The redirect query value if it is a same-origin path, else the root. The value comes from the
 * address bar, so anyone can craft a link to the hall carrying it: accepting `//evil.example`,
 * `/\evil.example` (browsers read a backslash as a slash) or a full URL would be an open redirect
 * that sends a citizen from the trusted hall to a look-alike page. Control characters are refused
 * because browsers drop tabs and newlines, turning `/\t/evil.example` into `//evil.example`.
 * /waiting and the sign-in page themselves would loop, so they go to the root too.
 */
export function safeRedirectPath(redirect: unknown): string {
  if (typeof redirect !== 'string') return citizenPaths.home;
  const value = redirect;
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return citizenPaths.home;
  if (pathOf(value) === WAITING_PATH || pathOf(value) === SIGN_IN_PATH) return citizenPaths.home;
  return value;
}

/** The init page, once app info is loaded, goes to the safe redirect path; before that it stays (null). */
export function initPageRedirect(redirect: unknown, appInfoLoaded: boolean): string | null {
  return appInfoLoaded ? safeRedirectPath(redirect) : null;
}
