import { OIDC_CALLBACK_PATH, OIDC_SIGN_IN_PATH, type OidcSignInFailure } from '@hall/api';
import { safeRedirectPath } from '@hall/domain/internal';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UnifiedIdentityError, type PendingSignIn } from '../../adapters/oidc/unified-identity';
import { publicOrigin } from '../../lib/public-origin';
import { signedCookie } from '../../lib/signed-cookie';
import { addressRateLimitKey } from '../../plugins/rate-limits';
import { secureCookies, signInBrowser, WEB_SIGN_IN_PATH } from '../../plugins/session';
import { accountForUnifiedIdentity, IdNumberTakenError } from '../../services/session/unified-identity-accounts';
import { signInMethods } from '../../sign-in-methods';

/** The state, nonce, PKCE verifier and return page of the sign-in this browser started: signed, HttpOnly, on the sign-in's paths only. */
export const OIDC_PENDING_COOKIE = 'hall_oidc_pending';
/** Long enough for the provider's page, short enough that an old start is worthless. */
const PENDING_LIFETIME_SECONDS = 10 * 60;
/** Counted in PostgreSQL by address alone, like the other sign-ins: a cookie buys no tries. */
const LIMIT = { max: 30, timeWindow: '1 minute', firm: true, keyGenerator: addressRateLimitKey } as const;

const pendingShape = z.object({ state: z.string(), nonce: z.string(), verifier: z.string(), redirect: z.string() });
type Pending = PendingSignIn & { redirect: string };

/**
 * The province's unified identity (统一身份认证): two navigations, not calls. The start sends the
 * browser to the provider with a fresh state, nonce and PKCE challenge bound to it by a signed cookie;
 * the return takes only the code of the sign-in this browser started (login CSRF), has the ID token
 * checked, finds the citizen's account and signs the browser in afresh (no session fixation). Whatever
 * goes wrong lands on /login with one of the page's own messages, and nothing changes.
 */
export async function unifiedIdentityRoutes(app: FastifyInstance): Promise<void> {
  const { db, env, wechat, unifiedIdentity } = app.hall;
  const offered = signInMethods(env).has('oidc') && unifiedIdentity !== null;

  const failed = (reply: FastifyReply, reason: OidcSignInFailure, redirect: string) => {
    const login = new URLSearchParams({ oidc: reason });
    if (redirect !== '/') login.set('redirect', redirect);
    return reply.redirect(`${WEB_SIGN_IN_PATH}?${login.toString()}`);
  };

  app.get(OIDC_SIGN_IN_PATH, { config: { rateLimit: LIMIT } }, async (request, reply) => {
    const redirect = safeRedirectPath((request.query as { redirect?: unknown }).redirect);
    if (!offered) return failed(reply, 'off', redirect);
    try {
      const { url, pending } = await unifiedIdentity!.start(callbackAddress(request).toString());
      reply.setCookie(OIDC_PENDING_COOKIE, Buffer.from(JSON.stringify({ ...pending, redirect } satisfies Pending)).toString('base64url'), {
        path: OIDC_SIGN_IN_PATH,
        httpOnly: true,
        sameSite: 'lax',
        signed: true,
        secure: secureCookies(request),
        maxAge: PENDING_LIFETIME_SECONDS,
      });
      return reply.redirect(url);
    } catch (error) {
      request.log.warn({ err: error }, 'unified identity sign-in could not start');
      return failed(reply, error instanceof UnifiedIdentityError ? error.reason : 'unavailable', redirect);
    }
  });

  app.get(OIDC_CALLBACK_PATH, { config: { rateLimit: LIMIT } }, async (request, reply) => {
    const pending = readPending(request);
    // A start is good for one return, whatever its outcome.
    reply.clearCookie(OIDC_PENDING_COOKIE, { path: OIDC_SIGN_IN_PATH });
    const redirect = pending?.redirect ?? '/';
    if (!offered) return failed(reply, 'off', redirect);
    // A return this browser did not start, or started again since (another tab, someone else's link).
    if (!pending || (request.query as { state?: unknown }).state !== pending.state) return failed(reply, 'expired', redirect);
    try {
      const identity = await unifiedIdentity!.finish(callbackAddress(request), pending);
      const account = await accountForUnifiedIdentity(db, identity, { appid: wechat.appid, xzqdm: env.HALL_XZQDM });
      await signInBrowser(request, reply, account.openid, 'oidc');
      return reply.redirect(redirect);
    } catch (error) {
      if (error instanceof IdNumberTakenError) return failed(reply, 'taken', redirect);
      if (!(error instanceof UnifiedIdentityError)) throw error;
      request.log.warn({ reason: error.reason, detail: error.detail }, 'unified identity sign-in refused');
      return failed(reply, error.reason, redirect);
    }
  });
}

/** The return address with the query the provider added: what the provider was given as redirect_uri, on the hall's public origin. */
function callbackAddress(request: FastifyRequest): URL {
  const url = new URL(OIDC_CALLBACK_PATH, publicOrigin(request));
  const query = request.url.indexOf('?');
  if (request.url.startsWith(OIDC_CALLBACK_PATH) && query >= 0) url.search = request.url.slice(query);
  return url;
}

function readPending(request: FastifyRequest): Pending | null {
  const value = signedCookie(request, OIDC_PENDING_COOKIE);
  if (!value) return null;
  try {
    const parsed = pendingShape.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return parsed.success ? { ...parsed.data, redirect: safeRedirectPath(parsed.data.redirect) } : null;
  } catch {
    return null;
  }
}
