import { describe, expect, it } from 'vitest';
import { initPageRedirect, safeRedirectPath, SESSION_LOGOUT_DECISION, sessionAuthoriseDecision, sessionStatusDecision, waitingGuardRedirect } from './session';

describe('authorise result (part 1 §4, part 3 §4)', () => {
  it.each([
    ['newUser', ['registerNewUser', 'refreshCookie']],
    ['oldUser', ['checkOldUser', 'refreshCookie']],
    ['refreshUser', ['refreshUser']],
    ['noRefresh', ['loadAppInfo', 'loadUserInfo']],
    ['somethingElse', ['loadAppInfo', 'loadUserInfo']],
    [undefined, ['loadAppInfo', 'loadUserInfo']],
  ])('message %s → %j', (message, steps) => {
    expect(sessionAuthoriseDecision({ status: 0, message })).toEqual({ kind: 'steps', steps });
  });

  it.each([-1, -1005, -1001, -400, '-1', '-1005', '-1001', '-400'])('status %s clears cookies and redirects to the reply address', (status) => {
    const reply = { status, message: 'noRefresh', address: 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1' };
    expect(sessionAuthoriseDecision(reply)).toEqual({ kind: 'clearCookiesAndRedirect', to: reply.address });
    expect(sessionStatusDecision(reply)).toEqual({ kind: 'clearCookiesAndRedirect', to: reply.address });
  });

  it.each([0, 1, -2, -1000, '', null, undefined])('status %j does not end the session', (status) => {
    expect(sessionStatusDecision({ status, address: '/x' })).toBeNull();
  });

  it('a clearing reply without an address goes to the root', () => {
    expect(sessionStatusDecision({ status: -400 })).toEqual({ kind: 'clearCookiesAndRedirect', to: '/' });
    expect(sessionStatusDecision({ status: -1, address: ' ' })).toEqual({ kind: 'clearCookiesAndRedirect', to: '/' });
  });

  it('logout clears cookies and goes to the root', () => {
    expect(SESSION_LOGOUT_DECISION).toEqual({ kind: 'clearCookiesAndRedirect', to: '/' });
  });
});

describe('the /waiting guard (part 1 §4, part 3 §2.21)', () => {
  it.each([
    ['/', '/waiting?redirect=%2F'],
    ['/prodoing?itemIndex=1', '/waiting?redirect=%2Fprodoing%3FitemIndex%3D1'],
    ['/apply?id=1&name=%E6%8A%B5%E6%8A%BC', '/waiting?redirect=%2Fapply%3Fid%3D1%26name%3D%25E6%258A%25B5%25E6%258A%25BC'],
    ['/info/person?type=0#top', '/waiting?redirect=%2Finfo%2Fperson%3Ftype%3D0%23top'],
  ])('before app info loads, %s → %s', (path, expected) => {
    expect(waitingGuardRedirect(path, false)).toBe(expected);
  });

  it('lets /waiting itself through, and everything once loaded', () => {
    expect(waitingGuardRedirect('/waiting', false)).toBeNull();
    expect(waitingGuardRedirect('/waiting?redirect=%2Fmy', false)).toBeNull();
    expect(waitingGuardRedirect('/prodoing', true)).toBeNull();
  });

  it('lets the sign-in page through before any session, and never sends a sign-in back to it', () => {
    expect(waitingGuardRedirect('/login?redirect=%2Fmy', false)).toBeNull();
    expect(safeRedirectPath('/login?redirect=%2Fmy')).toBe('/');
  });

  it('round-trips: the init page sends the user back to the original path', () => {
    const original = '/apply?id=1&name=%E6%8A%B5%E6%8A%BC&appointment=0';
    const href = waitingGuardRedirect(original, false)!;
    const redirect = decodeURIComponent(href.slice('/waiting?redirect='.length));
    expect(initPageRedirect(redirect, true)).toBe(original);
  });
});

describe('the init page redirect', () => {
  it.each([
    ['/prodoing?itemIndex=1', '/prodoing?itemIndex=1'],
    ['/my', '/my'],
    ['/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/\t/evil.example', '/'],
    ['/\n/evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['evil.example', '/'],
    [' /my', '/'],
    ['', '/'],
    ['/waiting', '/'],
    ['/waiting?redirect=%2Fmy', '/'],
    [undefined, '/'],
    [null, '/'],
    [['/my', '/prodoing'], '/'],
  ])('redirect %j → %s', (redirect, expected) => {
    expect(safeRedirectPath(redirect)).toBe(expected);
    expect(initPageRedirect(redirect, true)).toBe(expected);
  });

  it('waits while app info is not loaded', () => {
    expect(initPageRedirect('/my', false)).toBeNull();
  });
});
