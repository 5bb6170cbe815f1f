import { isUtf8 } from 'node:buffer';
import { UNREADABLE_TEXT_MESSAGE, hasUnreadableCharacters } from '@hall/api/internal';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';

/** Consecutive percent-escapes: together they are the bytes of one or more characters. */
const ESCAPED_BYTES = /(?:%[0-9A-Fa-f]{2})+/g;

/**
 * Whether a raw request URL, once decoded, holds a NUL or anything that is not UTF-8 (the only way
 * a URL can carry a lone surrogate: its WTF-8 bytes, such as %ED%A0%80).
 */
export function isReadableUrl(url: string): boolean {
  if (hasUnreadableCharacters(url)) return false;
  for (const [escaped] of url.matchAll(ESCAPED_BYTES)) {
    const bytes = Buffer.from(escaped.replace(/%/g, ''), 'hex');
    if (bytes.includes(0) || !isUtf8(bytes)) return false;
  }
  return true;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

/** Whether a parsed body holds a NUL or a lone surrogate in any string or key. A loop, not recursion: JSON may nest deeper than the stack. */
export function holdsUnreadableText(body: unknown): boolean {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (hasUnreadableCharacters(value)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (hasUnreadableCharacters(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * The belt under the contract's schemas (docs/architecture.md §5): a request whose path, query or parsed body
 * holds a NUL (PostgreSQL cannot store it) or broken Unicode is refused with a 400 in the route's
 * envelope before any route reads it. It covers what the contract does not see: routes registered
 * by hand, the simulators, unknown fields a schema would drop, and path parameters.
 */
async function inputGuardPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, _reply, done) => done(isReadableUrl(request.url) ? undefined : badRequest(UNREADABLE_TEXT_MESSAGE)));
  app.addHook('preValidation', (request, _reply, done) => done(holdsUnreadableText(request.body) ? badRequest(UNREADABLE_TEXT_MESSAGE) : undefined));
}

export const inputGuard = fp(inputGuardPlugin, { name: 'input-guard' });
