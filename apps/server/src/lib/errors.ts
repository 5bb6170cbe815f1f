/**
 * A failure a citizen can read: the HTTP status and the Chinese message for the envelope.
 * Thrown from services and routes; the error handler puts it in the route's envelope.
 */
export class HallError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** The errcode for errcode envelopes (spec values such as '02', '03'); '01' when not given. */
    readonly errcode = '01',
  ) {
    super(message);
    this.name = 'HallError';
  }
}

export const badRequest = (message: string, errcode?: string) => new HallError(400, message, errcode);
export const forbidden = (message: string) => new HallError(403, message);
export const notFound = (message: string) => new HallError(404, message);
export const conflict = (message: string) => new HallError(409, message);
export const tooMany = (message: string) => new HallError(429, message);

/** What a throttled call is told, whichever limit it met. */
export const TOO_FREQUENT = '操作过于频繁，请稍后再试';
