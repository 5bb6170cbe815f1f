import ky, { type KyInstance } from 'ky';
import type { z } from 'zod';
import { contract, type CallName, type Contract } from './contract';
import { isSessionLost, type SessionLostReply } from './envelopes';
import { newReqseq } from './common';

export interface HallClientOptions {
  /** Where the hall's server is, e.g. '/' in the browser or 'http://127.0.0.1:8080/' in tests. */
  prefixUrl: string;
  fetch?: typeof fetch;
  /** Called when a reply says the session is gone (-1, -1005, -1001, -400) with the address to go to. */
  onSessionLost?: (reply: SessionLostReply) => void;
  /** Extra headers, e.g. a cookie in Node tests. */
  headers?: Record<string, string>;
}

/** What a call takes: its body, less the reqseq the client adds itself. */
export type CallInput<N extends CallName> = Omit<z.input<Contract[N]['body']>, 'reqseq'>;
export type CallOutput<N extends CallName> = z.output<Contract[N]['reply']>;

export class SessionLostError extends Error {
  constructor(readonly reply: SessionLostReply) {
    super(reply.msg);
    this.name = 'SessionLostError';
  }
}

export type HallClient = {
  [N in CallName]: (input: CallInput<N>) => Promise<CallOutput<N>>;
} & { readonly http: KyInstance };

/**
 * A typed client with one method per call. Every call gets a fresh reqseq; every reply is
 * parsed by its schema; a session-lost reply goes to `onSessionLost` and rejects.
 * HTTP 4xx replies are still envelopes with a Chinese message, so they are returned, not thrown.
 */
export function createHallClient(options: HallClientOptions): HallClient {
  const http = ky.create({
    prefixUrl: options.prefixUrl,
    fetch: options.fetch,
    credentials: 'include',
    throwHttpErrors: false,
    retry: 0,
    timeout: 30_000,
    headers: options.headers,
  });

  async function call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
    const definition = contract[name];
    const path = definition.path.replace(/^\//, '');
    const payload = { reqseq: newReqseq(), ...(input as Record<string, unknown>) };
    let response: Response;
    if (definition.method === 'GET') {
      const searchParams = Object.fromEntries(
        Object.entries(payload).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]),
      );
      response = await http.get(path, { searchParams });
    } else if ('multipart' in definition && definition.multipart) {
      const form = new FormData();
      for (const [k, v] of Object.entries(payload as Record<string, unknown>)) {
        if (v instanceof Blob) form.append(k, v, v instanceof File ? v.name : 'file.pdf');
        else if (v !== undefined) form.append(k, String(v));
      }
      response = await http.post(path, { body: form, timeout: false });
    } else if ('form' in definition && definition.form) {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(payload)) if (v !== undefined) form.set(k, String(v));
      response = await http.post(path, { body: form });
    } else {
      response = await http.post(path, { json: payload });
    }
    if ('binary' in definition && definition.binary && response.ok && !response.headers.get('content-type')?.includes('json')) {
      return (await response.blob()) as CallOutput<N>;
    }
    const body: unknown = await response.json().catch(() => ({}));
    if (isSessionLost(body)) {
      options.onSessionLost?.(body);
      throw new SessionLostError(body);
    }
    return definition.reply.parse(body) as CallOutput<N>;
  }

  const client = { http } as HallClient;
  for (const name of Object.keys(contract) as CallName[]) {
    (client as unknown as Record<string, unknown>)[name] = (input: CallInput<typeof name>) => call(name, input);
  }
  return client;
}
