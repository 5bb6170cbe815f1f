import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/** A certificate as the back-office's JSON carries it (docs/registry-openapi.yaml, Certificate). */
export interface CertificateJson {
  qzh: string;
  bdcdyh: string;
  qlr: string;
  zjh: string;
  zl: string;
  yt: string;
  mj: string;
  xzqdm: string;
  dyList: Array<{ dyqr: string; zgzqse: string }>;
  cfList: Array<{ cfjg: string }>;
}

export interface CaseJson {
  serialNumber: string;
  name: string;
  processName: string;
  activityName: string;
  actStart: string;
}

/** What reached the fake, and what it answered, with the documented path it answered as. */
export interface Exchange {
  method: string;
  /** The documented path template, e.g. /cases/{acceptanceNumber}; null for a path the interface lacks. */
  operationPath: string | null;
  rawPath: string;
  authorization: string;
  contentType: string;
  requestBody: unknown;
  status: number;
  responseBody: unknown;
}

export const CLIENT = { id: 'hall-client', secret: 's3cret:with-colon' };

/** A back-office's data: a certificate, a licence and a case none of the hall's demo tables hold. */
export const BACK_OFFICE_CERTIFICATE: CertificateJson = {
  qzh: '冀(2025)邯郸市不动产权第0099001号',
  bdcdyh: '130402009001GB00099F00010001',
  qlr: '王五',
  zjh: '11010519491231002X',
  zl: '邯郸市邯山区后台花园 9 号楼 1 单元 901 室',
  yt: '住宅',
  mj: '88.20',
  xzqdm: '130400',
  dyList: [{ dyqr: '中国工商银行邯郸分行', zgzqse: '45' }],
  cfList: [{ cfjg: '邯郸市邯山区人民法院' }],
};
export const BACK_OFFICE_LICENCE: CertificateJson = { ...BACK_OFFICE_CERTIFICATE, qzh: '冀(2025)邯郸市不动产权第0099002号', dyList: [], cfList: [] };
export const BACK_OFFICE_CASE: CaseJson = { serialNumber: 'Bo2025/0042 甲', name: '王五 转移登记', processName: '转移登记', activityName: '审核', actStart: '2025-11-20T09:30:00+08:00' };

type Behaviour = 'documented' | 'slow' | 'malformed' | 'html404' | 'failing' | 'hanging';

/**
 * The registration back-office on loopback, implementing docs/registry-openapi.yaml: HTTP Basic,
 * JSON lookups by owner and number, 404 {"error":"not_found"}. It can also misbehave (answer late,
 * answer broken JSON, 404 as a wrong address would, fail with 500, or take a call and never answer it)
 * and answer the next call with a body it is given. With `tls` it answers over HTTPS, as a real
 * back-office does (registry-tls.ts makes a certificate for it).
 */
export async function startFakeRegistry(options: { basePath?: string; tls?: { key: string; cert: string } } = {}) {
  const basePath = options.basePath ?? '/hall-api/v1';
  const exchanges: Exchange[] = [];
  let behaviour: Behaviour = 'documented';
  let slowMs = 0;
  let nextBody: unknown;
  const expected = `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`;

  const sameOwner = (c: CertificateJson, body: Record<string, unknown>) => c.qlr === body.qlr && c.zjh === String(body.zjh ?? '').toUpperCase();

  function answer(method: string, path: string, body: Record<string, unknown>): { operationPath: string | null; status: number; json: unknown } {
    const found = (operationPath: string, value: unknown) => (value ? { operationPath, status: 200, json: value } : { operationPath, status: 404, json: { error: 'not_found' } });
    if (method === 'POST' && path === '/certificates/lookup') {
      const certificate = [BACK_OFFICE_CERTIFICATE].find((c) => c.qzh === body.qzh && sameOwner(c, body));
      return found(path, certificate && { certificate });
    }
    if (method === 'POST' && path === '/licences/lookup') {
      const certificate = [BACK_OFFICE_LICENCE].find((c) => c.qzh === body.qzh && sameOwner(c, body));
      return found(path, certificate && { certificate });
    }
    if (method === 'POST' && path === '/certificates/search') {
      return { operationPath: path, status: 200, json: { certificates: [BACK_OFFICE_CERTIFICATE].filter((c) => sameOwner(c, body)) } };
    }
    if (method === 'POST' && path === '/property-units/lookup') {
      const c = [BACK_OFFICE_CERTIFICATE].find((x) => x.qzh === body.qzh && sameOwner(x, body));
      return found(path, c && { unit: { bdcdyh: c.bdcdyh, zl: c.zl, yt: c.yt, mj: c.mj, dyList: c.dyList } });
    }
    const caseMatch = /^\/cases\/([^/]+)$/.exec(path);
    if (method === 'GET' && caseMatch) {
      const number = decodeURIComponent(caseMatch[1]!);
      const found_ = [BACK_OFFICE_CASE].find((c) => c.serialNumber === number);
      return found('/cases/{acceptanceNumber}', found_ && { case: found_ });
    }
    return { operationPath: null, status: 404, json: { error: 'no_such_path' } };
  }

  const server: Server = (options.tls ? createTlsServer({ key: options.tls.key, cert: options.tls.cert }, handle) : createServer(handle)) as Server;

  function handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const requestBody = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
      const rawPath = (request.url ?? '').split('?')[0]!;
      const path = rawPath.startsWith(basePath) ? rawPath.slice(basePath.length) : rawPath;
      const method = request.method ?? '';
      const authorization = String(request.headers.authorization ?? '');
      let result =
        authorization === expected
          ? answer(method, path, requestBody ?? {})
          : { operationPath: answer(method, path, {}).operationPath, status: 401, json: { error: 'unauthorized', message: 'bad client credentials' } };
      if (nextBody !== undefined && result.status !== 401) {
        result = { ...result, status: 200, json: nextBody };
        nextBody = undefined;
      }
      const exchange: Exchange = {
        method,
        operationPath: result.operationPath,
        rawPath,
        authorization,
        contentType: String(request.headers['content-type'] ?? ''),
        requestBody,
        status: behaviour === 'failing' ? 500 : result.status,
        responseBody: result.json,
      };
      exchanges.push(exchange);
      const send = () => {
        if (response.destroyed) return;
        if (behaviour === 'malformed') {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end('{"certificate": {"qzh": "冀(2025)邯郸市不动产权第0099001号", ');
        } else if (behaviour === 'failing') {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: 'unavailable', message: 'the registration database is down' }));
        } else if (behaviour === 'html404') {
          response.writeHead(404, { 'content-type': 'text/html' });
          response.end('<html><body>Not Found</body></html>');
        } else {
          response.writeHead(result.status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(result.json));
        }
      };
      if (behaviour === 'slow') setTimeout(send, slowMs);
      // A hanging back-office keeps the connection and says nothing, until the hall gives up.
      else if (behaviour !== 'hanging') send();
    });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}${basePath}`,
    exchanges,
    behave(next: Behaviour, delayMs = 0) {
      behaviour = next;
      slowMs = delayMs;
    },
    /** The next authorised call is answered 200 with this body, whatever it asked. */
    answerNextWith(body: unknown) {
      nextBody = body;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeRegistry = Awaited<ReturnType<typeof startFakeRegistry>>;
