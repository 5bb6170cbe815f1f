import type { FastifyRequest } from 'fastify';

/**
 * The hall's public origin: what return addresses, the QR code and the same-origin check are built
 * from. It is HALL_PUBLIC_URL, which production requires. Only a demo hall without one (a laptop, a
 * phone on the same Wi-Fi) answers at the address the browser used, so nothing it builds from that
 * may be cached for others.
 */
export function publicOrigin(request: FastifyRequest): string {
  const configured = request.hall.env.HALL_PUBLIC_URL;
  return configured ? new URL(configured).origin : `${request.protocol}://${request.host}`;
}

/** Whether the public origin is configured, not taken from the request. */
export function hasConfiguredOrigin(request: FastifyRequest): boolean {
  return Boolean(request.hall.env.HALL_PUBLIC_URL);
}

/**
 * The origin a browser says a request comes from: its Origin header, else its Referer's origin;
 * undefined when it says neither (not a browser page: a script, a test, WeChat's own servers).
 * An opaque origin ('null', a sandboxed frame or a file) is a foreign one.
 */
export function requestSourceOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin) return origin;
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}
