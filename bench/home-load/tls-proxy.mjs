// The reverse proxy of docs/deploy.md step 3 (nginx: `listen 443 ssl http2`), in Node for the
// benchmark: it ends TLS, speaks HTTP/2 to the browser (HTTP/1.1 too) and passes each request to the
// hall process over kept-alive HTTP/1.1 with X-Forwarded-For and X-Forwarded-Proto, streaming
// bodies both ways. Its certificate is made for 127.0.0.1 with openssl and trusted by the browser
// by its key's hash (Chromium's --ignore-certificate-errors-spki-list), so the page is a secure one.
import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { constants, createSecureServer } from 'node:http2';
import { join } from 'node:path';

/** A throw-away certificate for 127.0.0.1 in `folder`, and its key's SPKI hash for Chromium. */
export function makeCertificate(folder) {
  const key = join(folder, 'proxy-key.pem');
  const cert = join(folder, 'proxy-cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const spki = createPublicKey(readFileSync(key)).export({ type: 'spki', format: 'der' });
  return { key: readFileSync(key), cert: readFileSync(cert), spkiHash: createHash('sha256').update(spki).digest('base64') };
}

// Headers that describe one hop's connection, not the message (RFC 9113 §8.2.2).
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'http2-settings']);

/** Starts the proxy on 127.0.0.1 (a free port) in front of `upstream` (http://127.0.0.1:port). */
export async function startTlsProxy({ key, cert }, upstream) {
  const target = new URL(upstream);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const server = createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (name.startsWith(':') || HOP_BY_HOP.has(name)) continue;
      headers[name] = value;
    }
    headers.host = req.headers[':authority'] ?? req.headers.host;
    headers['x-forwarded-for'] = req.socket.remoteAddress;
    headers['x-forwarded-proto'] = 'https';
    const upstreamRequest = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent }, (answer) => {
      const out = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
      res.writeHead(answer.statusCode, out);
      answer.pipe(res);
    });
    upstreamRequest.on('error', () => {
      if (!res.headersSent) res.writeHead(constants.HTTP_STATUS_BAD_GATEWAY);
      res.end();
    });
    req.pipe(upstreamRequest);
  });
  const sessions = new Set();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return {
    origin: `https://127.0.0.1:${server.address().port}`,
    port: server.address().port,
    close: () =>
      new Promise((done) => {
        agent.destroy();
        server.close(() => done());
        // Open HTTP/2 sessions would keep close() waiting.
        for (const session of sessions) session.destroy();
      }),
  };
}
