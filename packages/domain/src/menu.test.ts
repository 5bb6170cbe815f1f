import { describe, expect, it } from 'vitest';
import { applyCodeDecision, menuClickTarget, menuPathNeedsUserValidation, menuUrlWithParameter, showsMyBusiness, validateUserDecision } from './menu';

describe('menu click (part 1 §4)', () => {
  it.each([
    ['http://gov.example/page', 'http://gov.example/page?openid=o1'],
    ['https://gov.example/page', 'https://gov.example/page?openid=o1'],
    ['HTTPS://gov.example/page', 'HTTPS://gov.example/page?openid=o1'],
    ['https://gov.example/page?a=1', 'https://gov.example/page?a=1&openid=o1'],
    ['https://gov.example/page?a=1&b=2', 'https://gov.example/page?a=1&b=2&openid=o1'],
    ['https://gov.example/page?', 'https://gov.example/page?openid=o1'],
    ['https://gov.example/page?a=1&', 'https://gov.example/page?a=1&openid=o1'],
    ['https://gov.example/page#/news', 'https://gov.example/page?openid=o1#/news'],
    ['https://gov.example/page?a=1#/news?x=2', 'https://gov.example/page?a=1&openid=o1#/news?x=2'],
    ['https://gov.example/page?openid=old&a=1', 'https://gov.example/page?a=1&openid=o1'],
    ['  https://gov.example/page  ', 'https://gov.example/page?openid=o1'],
  ])('view menu %s opens %s', (url, expected) => {
    expect(menuClickTarget({ menutype: 'view', url }, 'o1')).toEqual({ kind: 'external', url: expected });
  });

  it('encodes the openid', () => {
    expect(menuClickTarget({ menutype: 'view', url: 'https://x.example/' }, 'a b&c')).toEqual({ kind: 'external', url: 'https://x.example/?openid=a%20b%26c' });
    expect(menuUrlWithParameter('/p?q=1#h', 'k', 'v')).toBe('/p?q=1&k=v#h');
  });

  it.each([
    [{ menutype: 'click', url: 'https://gov.example/' }, 'https://gov.example/'],
    [{ menutype: 'view', url: '/news' }, '/news'],
    [{ menutype: 'view', url: 'ftp://gov.example/' }, 'ftp://gov.example/'],
    [{ menutype: null, url: null }, ''],
    [{}, ''],
  ])('%j is an in-app path', (menu, path) => {
    expect(menuClickTarget(menu, 'o1')).toMatchObject({ kind: 'internal', path });
  });

  it.each([
    ['/prodoing', true],
    ['/selapp?id=1', true],
    ['/yuyueRecord', true],
    ['/querycert', true],
    ['/querycertrecord', true],
    ['/certificateQuery', true],
    ['/record', true],
    ['/dzzzrecord', true],
    ['/dzzzQuery', true],
    ['/dzzzverification', true],
    ['/progressquery', true],
    ['/news', false],
    ['/guide', false],
    ['/progressQuery', false],
    ['/my', false],
    ['/seladd', false],
  ])('in-app path %s needs validateUserInfo: %s', (path, expected) => {
    expect(menuPathNeedsUserValidation(path)).toBe(expected);
    expect(menuClickTarget({ menutype: 'click', url: path }, 'o1')).toEqual({ kind: 'internal', path, needsUserValidation: expected });
  });
});

describe('validateUserInfo errcodes (part 1 §7, §8)', () => {
  it.each([
    [0, { kind: 'proceed' }],
    ['0', { kind: 'proceed' }],
    ['00', { kind: 'proceed' }],
    [1, { kind: 'alertThenRedirect', message: '请完善用户信息', to: '/userInfo?type=1' }],
    [2, { kind: 'alertThenRedirect', message: '请完善用户信息', to: '/userInfo?type=1' }],
    ['4', { kind: 'alertThenRedirect', message: '请完善用户信息', to: '/userInfo?type=1' }],
    [3, { kind: 'alertThenRedirect', message: '您未实名认证，请实名认证后再办理业务', to: '/userInfo?type=1' }],
    ['03', { kind: 'alertThenRedirect', message: '您未实名认证，请实名认证后再办理业务', to: '/userInfo?type=1' }],
    [9, { kind: 'alertThenRedirect', message: '请完善用户信息', to: '/userInfo?type=1' }],
    [undefined, { kind: 'alertThenRedirect', message: '请完善用户信息', to: '/userInfo?type=1' }],
    ['x', { kind: 'alertThenRedirect', message: '请完善用户信息', to: '/userInfo?type=1' }],
  ])('errcode %j → %j', (errcode, decision) => {
    expect(validateUserDecision(errcode)).toEqual(decision);
  });
});

describe('apply errcodes (part 1 §8, part 2 §8)', () => {
  it.each([
    ['00', undefined, { kind: 'proceed' }],
    ['02', undefined, { kind: 'alertThenRedirect', message: '请完善用户信息', to: '/userInfo' }],
    [2, undefined, { kind: 'alertThenRedirect', message: '请完善用户信息', to: '/userInfo' }],
    ['03', undefined, { kind: 'alertThenRedirect', message: '您未实名认证，请实名认证后再办理业务', to: '/userInfo' }],
    ['01', '业务已关闭', { kind: 'alert', message: '业务已关闭' }],
    ['99', '系统繁忙', { kind: 'alert', message: '系统繁忙' }],
    [null, null, { kind: 'alert', message: '' }],
  ])('errcode %j (errmsg %j) → %j', (errcode, errmsg, decision) => {
    expect(applyCodeDecision(errcode, errmsg)).toEqual(decision);
  });
});

describe('"my business" in the personal centre (part 1 §2, §9)', () => {
  it.each([
    ['150724', false],
    ['150723', false],
    ['150782', false],
    ['150702', false],
    [150702, false],
    ['150700', true],
    ['630100', true],
    [null, true],
  ])('region %s shows my business: %s', (region, expected) => {
    expect(showsMyBusiness(region)).toBe(expected);
  });
});
