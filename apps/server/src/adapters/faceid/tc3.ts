import { createHash, createHmac } from 'node:crypto';

/**
 * Tencent Cloud API 3.0 request signing, TC3-HMAC-SHA256, step by step as Tencent documents it
 * ("签名方法 v3"): a canonical request, the string to sign over its hash, a signing key derived
 * from the secret key through the credential scope (date/service/tc3_request), and the
 * Authorization header naming the credential, the signed headers and the signature.
 */

export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';
/** JSON POST is the form every FaceID call takes. */
export const TC3_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface Tc3Request {
  secretId: string;
  secretKey: string;
  /** The product, the first label of the host: faceid for faceid.tencentcloudapi.com. */
  service: string;
  /** The Host header as sent (host name, and the port when it is not the scheme's). */
  host: string;
  action: string;
  version: string;
  /** Seconds since the epoch; the credential scope's date is its UTC date. */
  timestamp: number;
  /** The exact JSON text sent as the body. */
  payload: string;
  region?: string;
}

/** Every intermediate value, so a test can hold each step to a worked example. */
export interface Tc3Signature {
  hashedPayload: string;
  canonicalRequest: string;
  credentialScope: string;
  stringToSign: string;
  signature: string;
  authorization: string;
  /**
   * The headers to send: Content-Type, X-TC-Action, X-TC-Timestamp, X-TC-Version (X-TC-Region if
   * given), Authorization. Host is signed too; the HTTP client sends it from the URL.
   */
  headers: Record<string, string>;
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string): Buffer => createHmac('sha256', key).update(text, 'utf8').digest();

/** The UTC date (YYYY-MM-DD) of a timestamp in seconds. */
export function tc3Date(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}

/** The signed headers in the documented canonical form: lower-case names, sorted, trimmed values, the action lower-cased. */
function canonicalHeaders(host: string, action: string): { canonical: string; signed: string } {
  const headers: [string, string][] = [
    ['content-type', TC3_CONTENT_TYPE],
    ['host', host],
    ['x-tc-action', action.toLowerCase()],
  ];
  return {
    canonical: headers.map(([name, value]) => `${name}:${value.trim()}\n`).join(''),
    signed: headers.map(([name]) => name).join(';'),
  };
}

/** The signing key: HMAC-SHA256 chained from "TC3" + secret key over the date, the service and "tc3_request". */
export function tc3SigningKey(secretKey: string, date: string, service: string): Buffer {
  const secretDate = hmac(`TC3${secretKey}`, date);
  const secretService = hmac(secretDate, service);
  return hmac(secretService, 'tc3_request');
}

export function signTc3(request: Tc3Request): Tc3Signature {
  const { canonical, signed } = canonicalHeaders(request.host, request.action);
  const hashedPayload = sha256Hex(request.payload);
  // POST to the root with no query string: CanonicalURI "/", CanonicalQueryString "".
  const canonicalRequest = ['POST', '/', '', canonical, signed, hashedPayload].join('\n');

  const date = tc3Date(request.timestamp);
  const credentialScope = `${date}/${request.service}/tc3_request`;
  const stringToSign = [TC3_ALGORITHM, String(request.timestamp), credentialScope, sha256Hex(canonicalRequest)].join('\n');

  const signature = createHmac('sha256', tc3SigningKey(request.secretKey, date, request.service))
    .update(stringToSign, 'utf8')
    .digest('hex');

  const authorization = `${TC3_ALGORITHM} Credential=${request.secretId}/${credentialScope}, SignedHeaders=${signed}, Signature=${signature}`;
  const headers: Record<string, string> = {
    'Content-Type': TC3_CONTENT_TYPE,
    'X-TC-Action': request.action,
    'X-TC-Timestamp': String(request.timestamp),
    'X-TC-Version': request.version,
    Authorization: authorization,
  };
  if (request.region) headers['X-TC-Region'] = request.region;
  return { hashedPayload, canonicalRequest, credentialScope, stringToSign, signature, authorization, headers };
}

/** The parts of an Authorization header, for a receiver that checks a signature (the test's fake service). */
export function parseTc3Authorization(header: string): { secretId: string; credentialScope: string; signedHeaders: string; signature: string } | null {
  const match = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2}\/[^/]+\/tc3_request), SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(header);
  if (!match) return null;
  return { secretId: match[1]!, credentialScope: match[2]!, signedHeaders: match[3]!, signature: match[4]! };
}
