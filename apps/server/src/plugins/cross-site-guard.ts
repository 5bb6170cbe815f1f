import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HallError, forbidden } from '../lib/errors';
import { publicOrigin, requestSourceOrigin } from '../lib/public-origin';
import { recordRefusedConsoleAttempt } from './operator-session';

export const CROSS_SITE_REFUSED = '请求来源不正确，请从办事大厅页面重新操作';
export const FORM_BODY_REFUSED = '提交的数据类型不受支持';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a request is a browser's from another site. The browser's own Sec-Fetch-Site says so where
 * it is sent (no page can forge it; a same-origin form post may carry Origin 'null' under a strict
 * referrer policy); otherwise its Origin (or Referer) must be the hall's.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const source = requestSourceOrigin(request);
  return source !== undefined && source !== publicOrigin(request);
}

/**
 * Whether a navigation comes from the hall's own pages or from the citizen (typed, a bookmark): the
 * browser's Sec-Fetch-Site says so where it is sent, else the Referer must be the hall's.
 */
export function isOwnNavigation(request: FastifyRequest): boolean {
  return !isCrossSite(request);
}

/**
 * Cross-site request forgery (docs/architecture.md §5). The session cookie is SameSite=Lax, but that alone lets
 * a same-site page or an old browser through: a state-changing call is refused unless the browser
 * says it comes from the hall's own origin. A urlencoded body (what a plain HTML form on any site
 * can send without asking) is taken only by the calls whose specification says form (route config
 * `form`), and the stand-ins' own forms.
 */
async function crossSiteGuardPlugin(app: FastifyInstance): Promise<void> {
  // A callback hook, as every hook of the hall that waits for nothing: no promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!STATE_CHANGING.has(request.method)) return done();
    if (isCrossSite(request)) {
      if (request.routeOptions.config?.console) recordRefusedConsoleAttempt(request, 'denied.crossSite');
      return done(forbidden(CROSS_SITE_REFUSED));
    }
    const type = request.headers['content-type'] ?? '';
    if (/^\s*application\/x-www-form-urlencoded/i.test(type) && !request.routeOptions.config?.form) return done(new HallError(415, FORM_BODY_REFUSED));
    done();
  });
}

export const crossSiteGuard = fp(crossSiteGuardPlugin, { name: 'cross-site-guard' });
