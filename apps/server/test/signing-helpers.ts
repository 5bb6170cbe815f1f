import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRootCertificate, issueCertificate, type IssuedCertificate } from '../src/documents/signing/certificates';

const YEAR_MS = 365 * 24 * 3600 * 1000;

/** A CA of the tests' own and a signer it issued, valid from a minute ago for `years`. */
export function makeSignerChain(names: { ca: string; signer: string; organisation: string }, validity: { from?: Date; to?: Date } = {}): { ca: IssuedCertificate; signer: IssuedCertificate } {
  const from = validity.from ?? new Date(Date.now() - 60_000);
  const to = validity.to ?? new Date(from.getTime() + 5 * YEAR_MS);
  const ca = createRootCertificate({ subject: { CN: names.ca, O: names.organisation, C: 'CN' }, notBefore: new Date(Date.now() - 10 * YEAR_MS), notAfter: new Date(Date.now() + 10 * YEAR_MS) });
  const signer = issueCertificate(ca, { subject: { CN: names.signer, O: names.organisation, C: 'CN' }, notBefore: from, notAfter: to, role: 'signer' });
  return { ca, signer };
}

let productionFiles: { key: string; chain: string } | undefined;

/**
 * A signing key and chain on disk for production-mode halls (HALL_SIGNING_KEY, HALL_SIGNING_CHAIN):
 * made once per test process, removed when it exits.
 */
export function productionSigningFiles(): { key: string; chain: string } {
  if (productionFiles) return productionFiles;
  const dir = mkdtempSync(join(tmpdir(), 'hall-test-signing-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const { ca, signer } = makeSignerChain({ ca: '测试登记中心根证书', signer: '测试登记中心电子签章', organisation: '测试市不动产登记中心' });
  const key = join(dir, 'signer.key');
  const chain = join(dir, 'chain.pem');
  writeFileSync(key, signer.key.export({ type: 'pkcs8', format: 'pem' }).toString(), { mode: 0o600 });
  writeFileSync(chain, signer.pem + ca.pem);
  productionFiles = { key, chain };
  return productionFiles;
}
