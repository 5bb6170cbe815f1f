import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomId } from '../lib/ids';
import { publicOrigin } from '../lib/public-origin';
import { OPENID_MISMATCH, createSignedInSession, endSession, findSession, noteSessionUse, type SessionInRead, type SessionRow } from '../services/session/sessions';
import { forbidden } from '../lib/errors';
import { signedCookie } from '../lib/signed-cookie';
import { offersWebSignIn, signInMethods } from '../sign-in-methods';

export const SESSION_COOKIE = 'hall_sid';
/** The OAuth `state` this browser was sent to WeChat with (RFC 6749 §10.12): signed, HttpOnly, short-lived. */
export const OAUTH_STATE_COOKIE = 'hall_oauth_state';
/** Long enough for WeChat's authorize page, short enough that an old state is worthless. */
const OAUTH_STATE_LIFETIME_SECONDS = 10 * 60;

/**
 * Where to send a browser whose session is gone: back through WeChat's authorize page to where it
 * was, with a fresh random state that the reply binds to the browser (rememberOAuthState).
 */
export class SessionLostError extends Error {
  constructor(
    readonly url: string,
    /** The OAuth state to bind to the browser; none when the browser signs in on the hall's own page. */
    readonly state: string | null,
  ) {
    super('登录已失效，请重新进入');
    this.name = 'SessionLostError';
  }
}

/** The address WeChat returns to: the page the request came from when it is ours, else the hall's root. */
export function returnAddress(request: FastifyRequest, preferred?: string): string {
  const origin = publicOrigin(request);
  for (const candidate of [preferred, request.headers.referer]) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate, origin);
      if (url.origin !== new URL(origin).origin) continue;
      url.searchParams.delete('code');
      url.searchParams.delete('state');
      url.hash = '';
      return url.toString();
    } catch {
      // not a URL: try the next candidate
    }
  }
  return `${origin}/`;
}

/** The hall's own sign-in page (手机验证码登录, 密码登录), for a browser that is not WeChat's. */
export const WEB_SIGN_IN_PATH = '/login';

/**
 * Whether this browser signs in on the hall's own page rather than through WeChat: the hall offers a
 * sign-in there (HALL_SIGN_IN) and either not WeChat's, or the browser is not WeChat (a phone's or a
 * computer's own browser cannot finish WeChat's authorisation).
 */
export function signsInOnHallPage(request: FastifyRequest): boolean {
  const methods = signInMethods(request.hall.env);
  if (!offersWebSignIn(methods)) return false;
  return !methods.has('wechat') || !/MicroMessenger/i.test(request.headers['user-agent'] ?? '');
}

export function sessionLost(request: FastifyRequest, preferred?: string): SessionLostError {
  if (signsInOnHallPage(request)) {
    const back = new URL(returnAddress(request, preferred));
    const signIn = new URL(WEB_SIGN_IN_PATH, back);
    if (back.pathname !== WEB_SIGN_IN_PATH) signIn.searchParams.set('redirect', `${back.pathname}${back.search}`);
    return new SessionLostError(signIn.toString(), null);
  }
  const state = randomId(24);
  return new SessionLostError(request.hall.wechat.authorizeUrl(returnAddress(request, preferred), state), state);
}

export const secureCookies = (request: FastifyRequest) => request.hall.env.HALL_PUBLIC_URL?.startsWith('https://') ?? false;

/** Binds the state of a sign-in that is starting to this browser; only a return carrying it is taken. None for the hall's own sign-in page. */
export function rememberOAuthState(request: FastifyRequest, reply: FastifyReply, state: string | null): void {
  if (!state) return;
  reply.setCookie(OAUTH_STATE_COOKIE, state, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    signed: true,
    secure: secureCookies(request),
    maxAge: OAUTH_STATE_LIFETIME_SECONDS,
  });
}

/**
 * How a return from WeChat's authorize page stands: `bound` when its state is the one this browser
 * was sent with; `unbound` when the browser holds no state (expired, or a sign-in it never started);
 * `foreign` when it holds another one. Either of the latter two is refused: a code from someone
 * else's sign-in never signs this browser in (login CSRF).
 */
export function oauthStateOf(request: FastifyRequest, returned: string | undefined): 'bound' | 'unbound' | 'foreign' {
  const raw = request.cookies[OAUTH_STATE_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  if (!unsigned?.valid || !unsigned.value) return 'unbound';
  return returned && returned === unsigned.value ? 'bound' : 'foreign';
}

/** The sign-in ticket of the hall's own sign-in page: signed, HttpOnly, bound to the browser like the OAuth state. */
export const WEB_SIGN_IN_TICKET_COOKIE = 'hall_signin_ticket';
const WEB_SIGN_IN_TICKET_LIFETIME_SECONDS = 30 * 60;

/**
 * Hands the browser a fresh sign-in ticket. Every sign-in call sends it back in its body and it must
 * be the cookie's: a sign-in another site sends from the citizen's browser (login CSRF) has no way to
 * know it, and a code asked for in one browser works in that browser only.
 */
export function issueWebSignInTicket(request: FastifyRequest, reply: FastifyReply): string {
  const ticket = randomId(24);
  reply.setCookie(WEB_SIGN_IN_TICKET_COOKIE, ticket, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    signed: true,
    secure: secureCookies(request),
    maxAge: WEB_SIGN_IN_TICKET_LIFETIME_SECONDS,
  });
  return ticket;
}

/** Whether the ticket a sign-in call sends is this browser's own. */
export function isOwnWebSignInTicket(request: FastifyRequest, ticket: string): boolean {
  const held = signedCookie(request, WEB_SIGN_IN_TICKET_COOKIE);
  return Boolean(held) && held === ticket;
}

export function clearOAuthState(reply: FastifyReply): void {
  reply.clearCookie(OAUTH_STATE_COOKIE, { path: '/' });
}

/** The session id the request's cookie carries, when its signature checks out (one the hall issued). */
export function signedSessionId(request: FastifyRequest): string | null {
  return signedCookie(request, SESSION_COOKIE);
}

export async function readSession(request: FastifyRequest): Promise<SessionRow | null> {
  const id = signedSessionId(request);
  return id ? findSession(request.hall.db, id) : null;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string): void {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    signed: true,
    secure: secureCookies(request),
    maxAge: 7 * 24 * 60 * 60,
  });
}

/**
 * Signs the browser in as a citizen who proved who they are on the hall's own page (SMS code, password,
 * the province's unified identity): whatever session it came with ends and a fresh one is set (no
 * session fixation), with the same lifetime and idle limit as WeChat's (services/session/sessions.ts).
 */
export async function signInBrowser(request: FastifyRequest, reply: FastifyReply, openid: string, method: 'sms' | 'password' | 'oidc'): Promise<void> {
  const held = signedSessionId(request);
  if (held) await endSession(request.hall.db, held);
  const session = await createSignedInSession(request.hall.db, openid, method);
  setSessionCookie(request, reply, session.id);
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The guard of every citizen call: an active session, else session-lost (-1) with WeChat's address. */
export async function requireCitizen(request: FastifyRequest): Promise<void> {
  admitCitizen(request, await readSession(request));
}

function admitCitizen(request: FastifyRequest, session: Pick<SessionRow, 'id' | 'openid' | 'state'> | null | undefined): void {
  if (!session || session.state !== 'active' || !session.openid) throw sessionLost(request);
  request.citizen = { openid: session.openid, sessionId: session.id };
}

/**
 * A citizen read that finds the session in its own statement, joined to the data on the session's
 * openid and filtered by `liveSessions` (services/session/sessions.ts): one round trip to PostgreSQL
 * where requireCitizen and the read take two. `read` gets the session's id (a sessionBatch read);
 * it answers no row when the session is not live. Then the same checks as every citizen call
 * (registerCall with `sessionInRead`): session lost, and a payload naming someone else refused.
 */
export async function citizenReadInSession<Row extends { session: SessionInRead }>(request: FastifyRequest, read: (sessionId: string) => Promise<Row[]>): Promise<Row[]> {
  const id = signedSessionId(request);
  if (!id) throw sessionLost(request);
  const rows = await read(id);
  const session = rows[0]?.session;
  admitCitizen(request, session);
  refuseOthersPayload(request, request.body);
  await noteSessionUse(request.hall.db, session!, Date.now());
  return rows;
}

/** A payload that names another citizen than the session's is refused. */
export function refuseOthersPayload(request: FastifyRequest, payload: unknown): void {
  if (payloadOpenids(payload).some((id) => id !== request.citizen.openid)) throw forbidden(OPENID_MISMATCH);
}

/**
 * Payloads carry the citizen's openid as the specification says; identity still comes from the
 * session alone, and a payload naming someone else is refused.
 */
function payloadOpenids(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const found: string[] = [];
  const record = body as Record<string, unknown>;
  for (const key of ['openid', 'openId']) if (typeof record[key] === 'string' && record[key]) found.push(record[key] as string);
  if (record.data && typeof record.data === 'object') found.push(...payloadOpenids(record.data));
  return found;
}
