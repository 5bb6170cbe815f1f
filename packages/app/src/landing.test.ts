import { describe, expect, it } from 'vitest';
import { captureLanding, isIos, isWechatBrowser } from './landing';

function fakeWindow(href: string) {
  const replaced: string[] = [];
  const url = new URL(href);
  const location = { href, search: url.search } as Location;
  const history = { state: null, replaceState: (_: unknown, __: string, next: string) => replaced.push(next) } as unknown as History;
  return { location, history, replaced };
}

describe('captureLanding', () => {
  it('keeps the landing address, hands the code out once and drops it from the address bar', () => {
    const page = fakeWindow('https://hall.example/my?x=1&code=abc&state=hall#wechat_redirect');
    const landing = captureLanding(page.location, page.history);
    expect(landing.url).toBe('https://hall.example/my?x=1&code=abc&state=hall');
    expect(page.replaced).toEqual(['/my?x=1']);
    expect(landing.takeOauthReturn()).toEqual({ code: 'abc', state: 'hall' });
    expect(landing.takeOauthReturn()).toEqual({});
  });

  it('leaves an address without a code alone', () => {
    const page = fakeWindow('https://hall.example/feedBackList?id=3');
    const landing = captureLanding(page.location, page.history);
    expect(page.replaced).toEqual([]);
    expect(landing.takeOauthReturn()).toEqual({ code: undefined, state: undefined });
  });
});

describe('browser detection', () => {
  it('tells WeChat and iOS by the user agent', () => {
    expect(isWechatBrowser('Mozilla/5.0 (iPhone) MicroMessenger/8.0.47')).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (Linux; Android 14) Chrome/126')).toBe(false);
    expect(isIos('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)')).toBe(true);
    expect(isIos('Mozilla/5.0 (Linux; Android 14)')).toBe(false);
  });
});
