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

export function defineCall<TBody extends z.ZodType, TReply extends z.ZodType>(definition: CallDefinition<TBody, TReply>): CallDefinition<TBody, TReply> {
  return definition;
}

export type CallBody<C> = C extends CallDefinition<infer B, z.ZodType> ? z.input<B> : never;
export type CallReply<C> = C extends CallDefinition<z.ZodType, infer R> ? z.output<R> : never;
