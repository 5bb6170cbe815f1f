import { createHash, randomBytes } from 'node:crypto';

/** The page address WeChat signs: the full URL without its #fragment (the JS-SDK's rule). */
export function signableUrl(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/**
 * The JS-SDK permission signature: SHA-1 over `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, the
 * keys in ASCII order, the values raw (not URL-escaped), the url without its fragment.
 */
export function jsSdkSignature(input: { ticket: string; nonceStr: string; timestamp: number | string; url: string }): string {
  const text = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${signableUrl(input.url)}`;
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

/** A nonce of letters and digits, as WeChat's examples use. */
export function jsSdkNonce(length = 16): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}
