import type { FastifyBaseLogger } from 'fastify';
import { jsSdkNonce, jsSdkSignature, signableUrl } from '../../adapters/wechat/js-sdk';
import type { WechatPlatform } from '../../adapters/wechat/platform';
import { HallError, badRequest } from '../../lib/errors';

export const PAGE_URL_INVALID = '页面地址有误';
export const WX_CONFIG_FAILED = '微信配置获取失败，请稍后重试';

/**
 * createWxConfig: the JS-SDK config for a page of the hall. The ticket comes from the WeChat adapter
 * (cached in settings until it expires); the url is signed as the page sends it, without its fragment
 * (docs/architecture.md §14: the app sends the landing URL on iOS, the current one on Android).
 */
export async function createWxConfig(wechat: WechatPlatform, url: string, log?: FastifyBaseLogger): Promise<{ appId: string; timestamp: number; nonceStr: string; signature: string }> {
  const page = signableUrl(url.trim());
  let parsed: URL;
  try {
    parsed = new URL(page);
  } catch {
    throw badRequest(PAGE_URL_INVALID);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw badRequest(PAGE_URL_INVALID);
  const ticket = await wechat.jsapiTicket().catch((error: unknown) => {
    log?.warn({ err: error }, 'could not get the WeChat jsapi ticket');
    throw new HallError(502, WX_CONFIG_FAILED);
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const nonceStr = jsSdkNonce();
  return { appId: wechat.appid, timestamp, nonceStr, signature: jsSdkSignature({ ticket, nonceStr, timestamp, url: page }) };
}
