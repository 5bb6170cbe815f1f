import ky, { type KyInstance } from 'ky';
import { newReqseq } from './reqseq';
import type { RouteInfo } from './route-info';
import { isSessionLost, SessionLostError, type SessionLostReply } from './session-lost';

export interface HallClientOptions {
  /** Where the hall's server is, e.g. '/' in the browser or 'http://127.0.0.1:8080/' in tests. */
  prefixUrl: string;
  fetch?: typeof fetch;
  /** Called when a reply says the session is gone (-1, -1005, -1001, -400) with the address to go to. */
  onSessionLost?: (reply: SessionLostReply) => void;
  /** Extra headers, e.g. a cookie in Node tests. */
  headers?: Record<string, string>;
}

/**
 * One method per call, from a table of routes: every call gets a fresh reqseq; a session-lost reply
 * goes to `onSessionLost` and rejects; HTTP 4xx replies are envelopes with a Chinese message, so they
 * are returned, not thrown. `parse` checks a reply against its schema where the schemas are loaded.
 */
export function createCaller(
  routes: Readonly<Record<string, RouteInfo>>,
  options: HallClientOptions,
  parse: (name: string, body: unknown) => unknown = (_, body) => body,
): Record<string, (input: object) => Promise<unknown>> & { http: KyInstance } {
  const http = ky.create({
    prefixUrl: options.prefixUrl,
    fetch: options.fetch,
    credentials: 'include',
    throwHttpErrors: false,
    retry: 0,
    timeout: 30_000,
    headers: options.headers,
  });

  async function call(name: string, input: object): Promise<unknown> {
    const route = routes[name]!;
    const payload: Record<string, unknown> = { reqseq: newReqseq(), ...input };
    // Path parameters (`:areaId`) are taken out of the payload and put into the path.
    const path = route.path.replace(/^\//, '').replace(/:([A-Za-z]+)/g, (_, key: string) => {
      const value = payload[key];
      delete payload[key];
      return encodeURIComponent(String(value ?? ''));
    });
    let response: Response;
    if (route.method === 'GET') {
      const searchParams = Object.fromEntries(
        Object.entries(payload)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      );
      response = await http.get(path, { searchParams });
    } else if (route.multipart) {
      const form = new FormData();
      for (const [k, v] of Object.entries(payload)) {
        if (v instanceof Blob) form.append(k, v, v instanceof File ? v.name : 'file.pdf');
        else if (v !== undefined) form.append(k, String(v));
      }
      response = await http.post(path, { body: form, timeout: false });
    } else if (route.form) {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(payload)) if (v !== undefined) form.set(k, String(v));
      response = await http.post(path, { body: form });
    } else {
      response = await http.post(path, { json: payload });
    }
    if (route.binary && response.ok && !response.headers.get('content-type')?.includes('json')) {
      return response.blob();
    }
    const body: unknown = await response.json().catch(() => ({}));
    if (isSessionLost(body)) {
      options.onSessionLost?.(body);
      throw new SessionLostError(body);
    }
    return parse(name, body);
  }

  const client: Record<string, (input: object) => Promise<unknown>> = {};
  for (const name of Object.keys(routes)) client[name] = (input: object) => call(name, input);
  return Object.assign(client, { http });
}
