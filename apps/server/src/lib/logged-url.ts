/**
 * A request's address as the log keeps it: query values that may be personal data (a phone, an ID
 * number, a name) or a one-time secret (a code) are starred, so the log never holds them in clear.
 */
const PERSONAL_PARAMETER = /phone|tel|mobile|zjh|idcard|cardnum|name|code|qlr/i;

export function loggedUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = new URLSearchParams(url.slice(question + 1));
  for (const [key] of query) if (PERSONAL_PARAMETER.test(key)) query.set(key, '*');
  return `${url.slice(0, question)}?${query.toString()}`;
}
