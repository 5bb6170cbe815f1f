import type { FastifyRequest } from 'fastify';

/** Signed cookies remembered once verified, per hall; past this many the oldest is forgotten. */
const REMEMBERED = 20_000;

const verifiedByHall = new WeakMap<object, Map<string, string>>();

/**
 * The value of a signed cookie the request carries, when its signature checks out (a cookie the hall
 * issued), else null. A signature that checked out once always will under the same secret, so the
 * value is remembered by the cookie's whole signed text and each later request skips the HMAC (a
 * hot read's largest cost after PostgreSQL). Only cookies that checked out are remembered: a forged
 * one is verified, and refused, every time. Whether the session behind it is still live is the
 * database's answer, never this one's.
 */
export function signedCookie(request: FastifyRequest, name: string): string | null {
  const raw = request.cookies?.[name];
  if (!raw) return null;
  let verified = verifiedByHall.get(request.hall);
  if (!verified) verifiedByHall.set(request.hall, (verified = new Map()));
  const known = verified.get(raw);
  if (known !== undefined) return known;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  if (verified.size >= REMEMBERED) verified.delete(verified.keys().next().value!);
  verified.set(raw, unsigned.value);
  return unsigned.value;
}
