import type { KyInstance } from 'ky';
import type { z } from 'zod';
import { contract, type CallName, type Contract } from './contract';
import { createCaller, type HallClientOptions } from './client-core';

export type { HallClientOptions } from './client-core';
export { SessionLostError } from './session-lost';

/** What a call takes: its body, less the reqseq the client adds itself. */
export type CallInput<N extends CallName> = Omit<z.input<Contract[N]['body']>, 'reqseq'>;
export type CallOutput<N extends CallName> = z.output<Contract[N]['reply']>;

export type HallClient = {
  [N in CallName]: (input: CallInput<N>) => Promise<CallOutput<N>>;
} & { readonly http: KyInstance };

/**
 * The typed client with one method per call, every reply parsed by its schema (Node, tests, other
 * teams). The browser apps use `@hall/api/browser`, the same client without the schemas.
 */
export function createHallClient(options: HallClientOptions): HallClient {
  return createCaller(contract, options, (name, body) => contract[name as CallName].reply.parse(body)) as unknown as HallClient;
}
