import type { CallBody, CallDefinition, CallReply, SessionLostReply } from '@hall/api';
import type { InjectOptions, LightMyRequestResponse as Response } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import type { TestHall } from './hall';

/** A call's answer in a test: the HTTP status and headers, and the reply as its schema reads it. */
export interface CallAnswer<C extends CallDefinition> {
  status: number;
  headers: OutgoingHttpHeaders;
  /**
   * A 200's reply parsed by the call's reply schema, so a reply the contract does not allow fails the
   * test. Any other status is handed on as it came (a failure envelope, the session-lost answer), for
   * the test to assert every field of it.
   */
  body: Exclude<CallReply<C>, Blob> & Partial<SessionLostReply>;
  /** A file answer's bytes (a `binary` call that succeeded); its body is then empty. */
  file?: Buffer;
}

export interface CallOptions {
  /** More request headers (Origin, Referer, Sec-Fetch-Site …). */
  headers?: Record<string, string>;
  /** The client address the request comes from, for the rate limits. */
  remoteAddress?: string;
}

/**
 * Sends one call of the contract to the test hall in-process (Fastify's inject), as the typed client
 * would: path parameters into the path, a GET's payload as its query string, a form call urlencoded,
 * any other as JSON. The payload goes exactly as given (the client's fresh reqseq is not added, so a
 * test sends what it says). A test that means to send what the contract would not allow (a malformed
 * payload, a forged path, a raw upload) sends it raw with `hall.post` or `hall.app.inject`.
 */
export async function callHall<C extends CallDefinition>(hall: TestHall, call: C, input: CallBody<C>, cookie?: string, options: CallOptions = {}): Promise<CallAnswer<C>> {
  if (call.multipart) throw new Error(`${call.path} takes a multipart upload: send it raw with hall.app.inject`);
  const payload: Record<string, unknown> = { ...(input as object) };
  const url = call.path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = payload[key];
    delete payload[key];
    return encodeURIComponent(String(value ?? ''));
  });
  const headers: Record<string, string> = { ...(cookie ? { cookie } : {}), ...options.headers };
  const request: InjectOptions = { method: call.method, url, headers, ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}) };
  if (call.method === 'GET') {
    request.query = Object.fromEntries(
      Object.entries(payload)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [key, String(value)]),
    );
  } else if (call.form) {
    request.payload = new URLSearchParams(Object.entries(payload).flatMap(([key, value]): [string, string][] => (value === undefined ? [] : [[key, String(value)]]))).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else {
    request.payload = payload;
  }
  return answerOf(call, await hall.app.inject(request));
}

/**
 * A response read as the answer of `call`: what callHall gives, and what a test that sent the call raw
 * (a multipart upload) reads its reply with, so a 200 is checked against the contract either way.
 */
export function answerOf<C extends CallDefinition>(call: C, response: Response): CallAnswer<C> {
  const answer = { status: response.statusCode, headers: response.headers };
  if (call.binary && response.statusCode === 200 && !String(response.headers['content-type']).includes('json')) {
    return { ...answer, body: {} as CallAnswer<C>['body'], file: response.rawPayload };
  }
  const json: unknown = response.json();
  if (response.statusCode !== 200) return { ...answer, body: json as CallAnswer<C>['body'] };
  // A 200 is the call's own reply: it must be what the contract says.
  const parsed = call.reply.safeParse(json);
  if (!parsed.success) throw new Error(`${call.path} answered what its reply schema does not allow: ${parsed.error.message}`);
  return { ...answer, body: parsed.data as CallAnswer<C>['body'] };
}

/** callHall bound to one hall: `const call = caller(hall)`, then `call(contract.getYhxx, {}, cookie)`. */
export function caller(hall: TestHall) {
  return <C extends CallDefinition>(call: C, input: CallBody<C>, cookie?: string, options?: CallOptions) => callHall(hall, call, input, cookie, options);
}

/** What a refusal carries in any of the hall's envelopes (errcode/errmsg, state/msg, the session-lost answer's status and url). */
export interface Refusal {
  errcode?: string;
  errmsg?: string;
  msg?: string;
  status?: number;
  url?: string;
}

/** A raw request's refusal (a malformed payload, a forged path, an upload the typed caller cannot send), read as one: JSON or the test fails. */
export function refusalOf(response: { json(): unknown; statusCode: number }): Refusal {
  const body: unknown = response.json();
  if (typeof body !== 'object' || body === null) throw new Error(`expected a refusal envelope, got ${String(body)} (HTTP ${response.statusCode})`);
  return body as Refusal;
}
