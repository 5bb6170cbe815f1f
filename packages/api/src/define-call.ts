import type { z } from 'zod';

/**
 * One call of the contract: where it lives, what it sends and what it answers.
 * The server registers its route from this and validates with the same schemas;
 * the client calls it by name.
 */
export interface CallDefinition<TBody extends z.ZodType = z.ZodType, TReply extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  /** What is sent: the JSON body of a POST, the query string of a GET. */
  body: TBody;
  reply: TReply;
  /** Sent as application/x-www-form-urlencoded instead of JSON (the spec's "form" calls). */
  form?: boolean;
  /** Sent as multipart/form-data: Blob fields are files, the rest text fields. */
  multipart?: boolean;
  /** Answers a file on success (a Blob in the client); a failure is still the JSON envelope. */
  binary?: boolean;
}

/** How a call's payload travels when it is not JSON, and a file answer. */
type CallOptions = Pick<CallDefinition, 'form' | 'multipart' | 'binary'>;

/** A POST call: its path, what it sends and what it answers. */
export function post<TBody extends z.ZodType, TReply extends z.ZodType>(path: string, body: TBody, reply: TReply, options: CallOptions = {}): CallDefinition<TBody, TReply> {
  return { method: 'POST', path, body, reply, ...options };
}

/** A GET call: body is its query string. */
export function get<TBody extends z.ZodType, TReply extends z.ZodType>(path: string, body: TBody, reply: TReply, options: CallOptions = {}): CallDefinition<TBody, TReply> {
  return { method: 'GET', path, body, reply, ...options };
}

/** docs/architecture.md §3: a call whose path the specification does not show lives at POST /online/wx/apilist/{actionName}. */
const APILIST_PATH = '/online/wx/apilist';

/** A call under the apilist rule, named by its action. */
export function apilist<TBody extends z.ZodType, TReply extends z.ZodType>(action: string, body: TBody, reply: TReply, options: CallOptions = {}): CallDefinition<TBody, TReply> {
  return post(`${APILIST_PATH}/${action}`, body, reply, options);
}

export type CallBody<C> = C extends CallDefinition<infer B, z.ZodType> ? z.input<B> : never;
export type CallReply<C> = C extends CallDefinition<z.ZodType, infer R> ? z.output<R> : never;
