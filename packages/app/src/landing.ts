/**
 * The page's landing address and the OAuth code WeChat came back with, read before a router moves
 * anything, and then dropped from the address bar (single use: WeChat answers 40163 to a second
 * exchange, so a reload, a share or a back step must never repeat it).
 * iOS WeChat signs JS-SDK configs for the landing URL (Android for the current one), the known cause
 * of 'invalid signature' in single-page apps, so the landing URL is kept.
 */
export interface Landing {
  /** The address the page was opened at, without its fragment. */
  url: string;
  /** The code and state, handed out once. */
  takeOauthReturn(): { code?: string; state?: string };
}

export function captureLanding(location: Location = window.location, history: History = window.history): Landing {
  const url = location.href.split('#')[0]!;
  const params = new URLSearchParams(location.search);
  let pending: { code?: string; state?: string } = { code: params.get('code') ?? undefined, state: params.get('state') ?? undefined };

  const current = new URL(location.href);
  // WeChat's authorize page hands its #wechat_redirect fragment on to the return address.
  const hadFragment = current.hash === '#wechat_redirect';
  if (hadFragment) current.hash = '';
  if (hadFragment || current.searchParams.has('code') || current.searchParams.has('state')) {
    current.searchParams.delete('code');
    current.searchParams.delete('state');
    history.replaceState(history.state, '', current.pathname + current.search + current.hash);
  }

  return {
    url,
    takeOauthReturn() {
      const taken = pending;
      pending = {};
      return taken;
    },
  };
}

export function isWechatBrowser(userAgent: string = navigator.userAgent): boolean {
  return /MicroMessenger/i.test(userAgent);
}

export function isIos(userAgent: string = navigator.userAgent): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent);
}
