import forge from 'node-forge';
import { request } from 'node:https';

/** A CA of the tests' own and a server certificate it issued for 127.0.0.1, as a back-office on an intranet would have. */
export function makeLoopbackTls(): { ca: string; key: string; cert: string } {
  const issue = (subject: string, publicKey: forge.pki.PublicKey, signer: forge.pki.rsa.PrivateKey, issuer: forge.pki.CertificateField[] | null, extensions: object[]) => {
    const certificate = forge.pki.createCertificate();
    certificate.publicKey = publicKey;
    certificate.serialNumber = forge.util.bytesToHex(forge.random.getBytesSync(8)).replace(/^[89a-f]/, '1');
    certificate.validity.notBefore = new Date(Date.now() - 60_000);
    certificate.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
    const name = [{ name: 'commonName', value: subject }];
    certificate.setSubject(name);
    certificate.setIssuer(issuer ?? name);
    certificate.setExtensions(extensions);
    certificate.sign(signer, forge.md.sha256.create());
    return certificate;
  };
  const caKeys = forge.pki.rsa.generateKeyPair(2048);
  const ca = issue('registry test CA', caKeys.publicKey, caKeys.privateKey, null, [
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, critical: true },
  ]);
  const serverKeys = forge.pki.rsa.generateKeyPair(2048);
  const server = issue('127.0.0.1', serverKeys.publicKey, caKeys.privateKey, ca.subject.attributes, [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
  ]);
  return { ca: forge.pki.certificateToPem(ca), key: forge.pki.privateKeyToPem(serverKeys.privateKey), cert: forge.pki.certificateToPem(server) };
}

/**
 * The hall's outgoing fetch, trusting one more CA. Node 20's fetch takes no CA of its own (only
 * NODE_EXTRA_CA_CERTS at process start), so this does what it does over node:https: the request,
 * certificate checks against `ca`, the whole answer read under the caller's signal, and a rejection
 * with the signal's reason (a TimeoutError) when it fires, as fetch does.
 */
export function fetchTrusting(ca: string): typeof fetch {
  return ((input: string | URL, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? undefined;
      if (signal?.aborted) return reject(signal.reason);
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const outgoing = request(String(input), { method: init.method ?? 'GET', headers, ca }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          signal?.removeEventListener('abort', abort);
          resolve(new Response(Buffer.concat(chunks), { status: incoming.statusCode ?? 0 }));
        });
        incoming.on('error', reject);
      });
      const abort = () => {
        outgoing.destroy();
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', abort, { once: true });
      outgoing.on('error', (error) => {
        signal?.removeEventListener('abort', abort);
        reject(error);
      });
      outgoing.end(typeof init.body === 'string' ? init.body : undefined);
    })) as typeof fetch;
}
