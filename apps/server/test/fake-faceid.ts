import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake answers for a token's GetDetectInfoEnhanced: Tencent's Text part. */
export interface FakeOutcome {
  ErrCode: number | null;
  ErrMsg?: string;
  Name?: string;
  IdCard?: string;
}

export interface FakeFaceIdCall {
  action: string;
  body: Record<string, unknown>;
  /** Whether the TC3 signature checked out with the fake's secret. */
  signatureValid: boolean;
}

export interface FakeFaceId {
  url: string;
  calls: FakeFaceIdCall[];
  /** Sets what GetDetectInfoEnhanced answers for a token (default: not finished, Text null). */
  setOutcome(bizToken: string, outcome: FakeOutcome): void;
  close(): Promise<void>;
}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/**
 * Checks a TC3-HMAC-SHA256 request as Tencent would, from what actually arrived: the headers named
 * in SignedHeaders with the values received, the body's hash, the credential scope's date against
 * X-TC-Timestamp. Written separately from the hall's signer so the two check each other.
 */
function verifyTc3(request: IncomingMessage, body: Buffer, secretId: string, secretKey: string): boolean {
  const authorization = String(request.headers.authorization ?? '');
  const match = /^TC3-HMAC-SHA256 Credential=(.+?)\/(\d{4}-\d{2}-\d{2})\/(\w+)\/tc3_request, SignedHeaders=([\w;-]+), Signature=([0-9a-f]{64})$/.exec(authorization);
  if (!match) return false;
  const [, id, date, service, signedHeaders, signature] = match as unknown as [string, string, string, string, string, string];
  if (id !== secretId) return false;
  const timestamp = String(request.headers['x-tc-timestamp'] ?? '');
  if (new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) !== date) return false;
  const names = signedHeaders.split(';');
  if (!names.includes('content-type') || !names.includes('host')) return false;
  const canonicalHeaders = names
    .map((name) => {
      const value = String(request.headers[name] ?? '').trim();
      return `${name}:${name === 'x-tc-action' ? value.toLowerCase() : value}\n`;
    })
    .join('');
  const [path, query = ''] = (request.url ?? '/').split('?');
  const canonicalRequest = `${request.method}\n${path}\n${query}\n${canonicalHeaders}\n${signedHeaders}\n${sha256(body)}`;
  const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256(canonicalRequest)}`;
  const key = hmac(hmac(hmac(`TC3${secretKey}`, date), service), 'tc3_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex') === signature;
}

/** A stand-in for faceid.tencentcloudapi.com on a loopback port, answering DetectAuth and GetDetectInfoEnhanced. */
export async function startFakeFaceId(credentials: { secretId: string; secretKey: string }): Promise<FakeFaceId> {
  const calls: FakeFaceIdCall[] = [];
  const outcomes = new Map<string, FakeOutcome>();

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const action = String(request.headers['x-tc-action'] ?? '');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        // answered below as a parameter error
      }
      const signatureValid = verifyTc3(request, raw, credentials.secretId, credentials.secretKey) && request.headers['x-tc-version'] === '2018-03-01';
      calls.push({ action, body, signatureValid });
      const requestId = randomUUID();
      const answer = (payload: Record<string, unknown>) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ Response: { ...payload, RequestId: requestId } }));
      };
      if (!signatureValid) return answer({ Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' } });
      if (action === 'DetectAuth') {
        if (!body.RuleId) return answer({ Error: { Code: 'InvalidParameter', Message: 'RuleId is required' } });
        const bizToken = randomUUID().toUpperCase();
        return answer({ BizToken: bizToken, Url: `https://faceid.qq.com/api/v1/detect?token=${bizToken}` });
      }
      if (action === 'GetDetectInfoEnhanced') {
        const outcome = outcomes.get(String(body.BizToken));
        return answer({ Text: outcome ?? null, IdCardData: null, BestFrame: null });
      }
      return answer({ Error: { Code: 'InvalidAction', Message: `unknown action ${action}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    setOutcome: (bizToken, outcome) => outcomes.set(bizToken, outcome),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
