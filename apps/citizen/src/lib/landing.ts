/**
 * The address the page was first opened at, kept before the router changes it: iOS WeChat signs
 * JS-SDK configs for the landing URL (Android for the current one), the known cause of
 * 'invalid signature' in single-page apps.
 */
export const landingUrl: string = window.location.href.split('#')[0]!;

const landingParams = new URLSearchParams(window.location.search);
/** The OAuth code and state WeChat returned with, if any, read before the router moves anything. */
const landingReturn = { code: landingParams.get('code') ?? undefined, state: landingParams.get('state') ?? undefined };

/** The code WeChat came back with (single use: handed out once). */
export function oauthReturn(): { code?: string; state?: string } {
  const taken = { ...landingReturn };
  landingReturn.code = undefined;
  landingReturn.state = undefined;
  return taken;
}

/** Removes code and state from the address bar, so a reload, a share or a back step never repeats a used code. */
export function dropOauthParameters(): void {
  const url = new URL(window.location.href);
  // WeChat's authorize page hands its #wechat_redirect fragment on to the return address.
  if (url.hash === '#wechat_redirect') url.hash = '';
  else if (!url.searchParams.has('code') && !url.searchParams.has('state')) return;
  url.searchParams.delete('code');
  url.searchParams.delete('state');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

export function isWechatBrowser(): boolean {
  return /MicroMessenger/i.test(navigator.userAgent);
}

export function isIos(): boolean {
  return /iPhone|iPad|iPod/i.test(navigator.userAgent);
}

// Dropped at once: the router's redirects and the /waiting guard then never carry a used code along.
dropOauthParameters();
