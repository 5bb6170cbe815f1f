import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { DemoRegistry } from './demo';
import { findHallCase } from './hall-cases';
import { HttpRegistry } from './http';
import { OperatorRegistry } from './operator';
import type { Registry } from './registry';

/**
 * The hall's registry: a configured back-office (REGISTRY_URL) in either mode, since a real one
 * wins over the demo; else the demo registry in demo mode (unless HALL_DEMO_REGISTRY=off); else operators fulfil the queries.
 */
export function selectRegistry(options: { env: Env; db: Database; fetch: typeof fetch }): Registry {
  const { env, db } = options;
  if (env.REGISTRY_URL) {
    if (!env.REGISTRY_CLIENT_ID || !env.REGISTRY_CLIENT_SECRET) throw new Error('REGISTRY_CLIENT_ID and REGISTRY_CLIENT_SECRET are required with REGISTRY_URL');
    // The credentials go with every call: only over HTTPS, or to this machine (a local tunnel, the tests' fake).
    const { protocol, hostname } = new URL(env.REGISTRY_URL);
    if (protocol !== 'https:' && !['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) throw new Error('REGISTRY_URL must be an https:// address');
    return new HttpRegistry({
      baseUrl: env.REGISTRY_URL,
      clientId: env.REGISTRY_CLIENT_ID,
      clientSecret: env.REGISTRY_CLIENT_SECRET,
      timeoutMs: env.REGISTRY_TIMEOUT_MS,
      fetch: options.fetch,
      hallCases: (acceptanceNumber) => findHallCase(db, acceptanceNumber),
    });
  }
  return env.HALL_MODE === 'demo' && env.HALL_DEMO_REGISTRY === 'on' ? new DemoRegistry(db) : new OperatorRegistry(db);
}
