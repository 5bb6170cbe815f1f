import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signedCookie } from './signed-cookie';

/** A request of a hall whose secret signs `value` as `value.<good>`; counts the signature checks. */
function hallRequests(good = 'ok') {
  const hall = {};
  let checks = 0;
  const request = (cookie: string | undefined) =>
    ({
      hall,
      cookies: cookie === undefined ? {} : { hall_sid: cookie },
      unsignCookie: (raw: string) => {
        checks += 1;
        const [value, signature] = raw.split('.');
        return signature === good ? { valid: true, renew: false, value } : { valid: false, renew: false, value: null };
      },
    }) as unknown as FastifyRequest;
  return { request, checks: () => checks };
}

describe('signedCookie', () => {
  it('checks a good signature once and remembers it by the whole signed text', () => {
    const { request, checks } = hallRequests();
    expect(signedCookie(request('s1.ok'), 'hall_sid')).toBe('s1');
    expect(signedCookie(request('s1.ok'), 'hall_sid')).toBe('s1');
    expect(checks()).toBe(1);
  });

  it('refuses a forged signature every time, even for a value it remembers', () => {
    const { request, checks } = hallRequests();
    signedCookie(request('s1.ok'), 'hall_sid');
    expect(signedCookie(request('s1.forged'), 'hall_sid')).toBeNull();
    expect(signedCookie(request('s1.forged'), 'hall_sid')).toBeNull();
    expect(checks()).toBe(3);
  });

  it('answers null without the cookie', () => {
    expect(signedCookie(hallRequests().request(undefined), 'hall_sid')).toBeNull();
  });

  it("does not take what one hall verified for another's (each has its own secret)", () => {
    const first = hallRequests();
    signedCookie(first.request('s1.ok'), 'hall_sid');
    const second = hallRequests('other-secret');
    expect(signedCookie(second.request('s1.ok'), 'hall_sid')).toBeNull();
    expect(second.checks()).toBe(1);
  });
});
