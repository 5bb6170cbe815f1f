import { captureLanding } from '@hall/app/session';

/**
 * Read when this module loads, before the router is created, so the /waiting guard never carries
 * a used OAuth code along.
 */
const landing = captureLanding();

/** The address the page was opened at (for JS-SDK signatures on iOS WeChat and the OAuth return). */
export const landingUrl = landing.url;
export const oauthReturn = () => landing.takeOauthReturn();
export { isIos, isWechatBrowser } from '@hall/app/session';
