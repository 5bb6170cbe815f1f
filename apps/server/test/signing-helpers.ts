import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
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

/** SM2's standard signer ID (1234567812345678), which it hashes into Z, as openssl's option. */
export const DISTID = 'distid:1234567812345678';

/** Runs the openssl command line; answers its output, or throws with what it said on stderr. */
export function openssl(args: string[]): string {
  const run = spawnSync('openssl', args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`openssl ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

/** A test CA's lifetime and extensions, as `openssl req -x509` takes them. */
export const CA_FOR_TEN_YEARS = ['-days', '3650', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'];

/** An SM2 CA (self-signed, SM2 with SM3 and the standard ID) and a signer it issued, all by openssl, in `dir`. */
export async function opensslSm2Chain(dir: string, names: { ca: string; signer: string; organisation?: string }): Promise<{ caFile: string; signerFile: string; keyFile: string }> {
  const organisation = names.organisation ?? 'SM2 Test Centre';
  await mkdir(dir, { recursive: true });
  const file = (name: string) => join(dir, name);
  openssl(['genpkey', '-algorithm', 'SM2', '-out', file('ca.key')]);
  openssl(['req', '-x509', '-new', '-key', file('ca.key'), '-sm3', '-sigopt', DISTID, '-subj', `/CN=${names.ca}/O=${organisation}/C=CN`, ...CA_FOR_TEN_YEARS, '-out', file('ca.pem')]);
  openssl(['genpkey', '-algorithm', 'SM2', '-out', file('signer.key')]);
  openssl(['req', '-new', '-key', file('signer.key'), '-sm3', '-sigopt', DISTID, '-subj', `/CN=${names.signer}/O=${organisation}/C=CN`, '-out', file('signer.csr')]);
  await writeFile(file('signer.ext'), 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n');
  openssl([
    'x509',
    '-req',
    '-in',
    file('signer.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-sm3',
    '-sigopt',
    DISTID,
    '-vfyopt',
    DISTID,
    '-days',
    '365',
    '-extfile',
    file('signer.ext'),
    '-out',
    file('signer.pem'),
  ]);
  return { caFile: file('ca.pem'), signerFile: file('signer.pem'), keyFile: file('signer.key') };
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

/** The last object number and startxref of a file, for writing an incremental update by hand. */
export function tail(bytes: Buffer): { size: number; prev: number; root: string } {
  const text = bytes.toString('latin1');
  const size = Number(/\/Size (\d+)/g.exec(text.slice(text.lastIndexOf('trailer')))![1]);
  const prev = Number(/startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf('startxref')))![1]);
  const root = /\/Root (\d+ \d+ R)/.exec(text.slice(text.lastIndexOf('trailer')))![1]!;
  return { size, prev, root };
}

/** Appends an incremental update that (re)defines the given objects, with its own xref table and trailer. */
export function appendUpdate(bytes: Buffer, objects: Array<{ num: number; body: string }>, extraSize = 0): Buffer {
  const { size, prev, root } = tail(bytes);
  let out = bytes.toString('latin1');
  if (!out.endsWith('\n')) out += '\n';
  const offsets: Array<[number, number]> = [];
  for (const object of objects) {
    offsets.push([object.num, Buffer.byteLength(out, 'latin1')]);
    out += `${object.num} 0 obj\n${object.body}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(out, 'latin1');
  out += 'xref\n0 1\n0000000000 65535 f \n';
  for (const [num, offset] of offsets) out += `${num} 1\n${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${Math.max(size, ...objects.map((o) => o.num + 1)) + extraSize} /Root ${root} /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
