// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen, preloadScreens, ScreenOutlet, type ScreenModule } from './lazy-screen';

/** A screen module whose download the test settles by hand. */
function download() {
  let settle: { resolve: (module: ScreenModule) => void; reject: (error: Error) => void } | undefined;
  let calls = 0;
  const load = () => {
    calls += 1;
    return new Promise<ScreenModule>((resolve, reject) => (settle = { resolve, reject }));
  };
  return { load, settle: () => settle!, calls: () => calls };
}

describe('lazyScreen in ScreenOutlet', () => {
  it('shows 加载中 while the screen’s code downloads, then the screen', async () => {
    const code = download();
    const { element } = lazyScreen(code.load);
    render(createElement(ScreenOutlet, { resetKey: '/my', children: element }));
    expect(screen.getByText('加载中')).toBeTruthy();
    code.settle().resolve({ Component: () => createElement('p', null, '个人中心') });
    await screen.findByText('个人中心');
    expect(screen.queryByText('加载中')).toBeNull();
  });

  it('says 加载失败 and the network message with 重新加载 when the code cannot be downloaded', async () => {
    // The failure the boundary catches is also reported to the window (the page's error event), where
    // jsdom would print it; here it is the expected one.
    const expected = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener('error', expected);
    try {
      const code = download();
      const { element } = lazyScreen(code.load);
      render(createElement(ScreenOutlet, { resetKey: '/my', children: element }));
      code.settle().reject(new TypeError('Failed to fetch dynamically imported module'));
      await screen.findByText('加载失败');
      expect(screen.getByText('网络连接失败，请检查网络后重试')).toBeTruthy();
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    } finally {
      window.removeEventListener('error', expected);
    }
  });

  it('starts the downloads of the matched lazy routes ahead of time, and a failed one stays quiet', async () => {
    const code = download();
    const screenRoute = lazyScreen(code.load);
    preloadScreens([{ route: {} }, { route: { handle: screenRoute.handle } }]);
    expect(code.calls()).toBe(1);
    code.settle().reject(new Error('offline'));
    await Promise.resolve();
  });
});
