import { regionName } from '@hall/domain';
import forge from 'node-forge';
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Env } from '../../env';
import { isIssuedBy } from './certificate-issuer';
import { createRootCertificate, issueCertificate, pemBlocks, privateKeyFromPem, type CertificateRequest, type IssuedCertificate } from './certificates';
import { isSm2Key } from './sm2';
import { createSm2RootCertificate, issueSm2Certificate } from './sm2-certificates';

/**
 * Who signs the documents the hall issues: a private key and its certificate chain (signer first).
 * The key stays in this process; nothing here ever logs or returns it to a caller outside signing.
 */
export interface SigningIdentity {
  readonly key: KeyObject;
  /** DER certificates, the signer's first, then its issuers. */
  readonly chain: Buffer[];
  readonly certificate: X509Certificate;
  /** SHA-256 fingerprint of the signer's certificate, AA:BB:… as openssl prints it. */
  readonly fingerprint: string;
  /** The name the visible stamp carries: the certificate's organisation, else its common name. */
  readonly stampName: string;
  /** demo: generated in the data folder; configured: from HALL_SIGNING_P12 or HALL_SIGNING_KEY + HALL_SIGNING_CHAIN. */
  readonly source: 'demo' | 'configured';
}

/** The demo identity's folder inside HALL_DATA_DIR (owner-only), one per signing algorithm. */
export const DEMO_IDENTITY_DIR = 'signing-identity';
const demoIdentityDir = (env: Env) => join(env.HALL_DATA_DIR, env.HALL_SIGNING_ALGORITHM === 'sm2' ? `${DEMO_IDENTITY_DIR}-sm2` : DEMO_IDENTITY_DIR);

/** How the demo CA and its signer are made: RSA by node-forge, SM2 by pkijs and sm2.ts. */
const DEMO_ISSUERS: Record<
  Env['HALL_SIGNING_ALGORITHM'],
  { root: (request: Omit<CertificateRequest, 'role'>) => IssuedCertificate; issue: (issuer: IssuedCertificate, request: CertificateRequest) => IssuedCertificate }
> = {
  rsa: { root: createRootCertificate, issue: issueCertificate },
  sm2: { root: createSm2RootCertificate, issue: issueSm2Certificate },
};
const DEMO_FILES = { ca: 'hall-ca.pem', chain: 'hall-signer-chain.pem', key: 'hall-signer.key' } as const;
const DEMO_YEARS = 10;

/** One attribute of a distinguished name as Node prints it (`CN=…\nO=…`). */
export function nameAttribute(name: string, attribute: string): string | undefined {
  for (const line of name.split('\n')) {
    const [key, ...rest] = line.split('=');
    if (key === attribute) return rest.join('=');
  }
  return undefined;
}

function identityOf(key: KeyObject, chain: Buffer[], source: SigningIdentity['source']): SigningIdentity {
  if (!chain.length) throw new Error('the signing identity has no certificate');
  const certificate = new X509Certificate(chain[0]!);
  if (!certificate.checkPrivateKey(key)) throw new Error('the signing key does not belong to the signing certificate');
  const stampName = nameAttribute(certificate.subject, 'O') ?? nameAttribute(certificate.subject, 'CN') ?? '电子签章';
  return { key, chain, certificate, fingerprint: certificate.fingerprint256, stampName, source };
}

/** The registration centre of this hall's district, e.g. 邯郸市不动产登记中心. */
export function centreName(env: Pick<Env, 'HALL_XZQDM'>): string {
  const city = regionName(env.HALL_XZQDM);
  return `${city ?? ''}不动产登记中心`;
}

/** PKCS#12 (RSA keys; node-forge reads PBES2/AES and the legacy 3DES/RC2 encodings alike). */
function fromPkcs12(bytes: Buffer, password: string): { key: KeyObject; chain: Buffer[] } {
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(bytes.toString('binary')), password);
  const bags = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const keyBag = [...bags(forge.pki.oids.pkcs8ShroudedKeyBag!), ...bags(forge.pki.oids.keyBag!)][0];
  if (!keyBag?.key) throw new Error('HALL_SIGNING_P12 holds no RSA private key (use HALL_SIGNING_KEY and HALL_SIGNING_CHAIN for other keys)');
  const key = createPrivateKey(forge.pki.privateKeyToPem(keyBag.key));
  const certificates = bags(forge.pki.oids.certBag!).flatMap((bag) => (bag.cert ? [Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(bag.cert)).getBytes(), 'binary')] : []));
  return { key, chain: orderChain(certificates, key) };
}

/** The signer (the certificate of the key) first, then each issuer in turn; unrelated certificates are dropped. */
function orderChain(certificates: Buffer[], key: KeyObject): Buffer[] {
  const parsed = certificates.map((der) => ({ der, x509: new X509Certificate(der) }));
  const signer = parsed.find((c) => c.x509.checkPrivateKey(key));
  if (!signer) throw new Error('no certificate of the signing identity belongs to its private key');
  const chain = [signer];
  for (let current = signer; chain.length < 10;) {
    if (current.x509.checkIssued(current.x509)) break;
    const issuer = parsed.find((c) => !chain.includes(c) && isIssuedBy(current.x509, c.x509));
    if (!issuer) break;
    chain.push(issuer);
    current = issuer;
  }
  return chain.map((c) => c.der);
}

async function fromConfiguration(env: Env): Promise<SigningIdentity | null> {
  const sm2Chosen = env.HALL_SIGNING_ALGORITHM === 'sm2';
  if (env.HALL_SIGNING_P12 && !sm2Chosen) {
    const { key, chain } = fromPkcs12(await readFile(env.HALL_SIGNING_P12), env.HALL_SIGNING_P12_PASSWORD ?? '');
    return identityOf(key, chain, 'configured');
  }
  if (!env.HALL_SIGNING_KEY || !env.HALL_SIGNING_CHAIN) return null;
  const key = privateKeyFromPem(await readFile(env.HALL_SIGNING_KEY, 'utf8'), env.HALL_SIGNING_KEY_PASSWORD);
  if (sm2Chosen !== isSm2Key(key)) {
    throw new Error(
      sm2Chosen
        ? 'HALL_SIGNING_ALGORITHM=sm2 needs an SM2 private key in HALL_SIGNING_KEY (openssl genpkey -algorithm SM2)'
        : 'HALL_SIGNING_KEY is an SM2 key: set HALL_SIGNING_ALGORITHM=sm2 to sign with it',
    );
  }
  return identityOf(key, orderChain(pemBlocks(await readFile(env.HALL_SIGNING_CHAIN, 'utf8')), key), 'configured');
}

async function readDemoIdentity(dir: string): Promise<SigningIdentity | null> {
  try {
    const [chainPem, keyPem] = await Promise.all([readFile(join(dir, DEMO_FILES.chain), 'utf8'), readFile(join(dir, DEMO_FILES.key), 'utf8')]);
    return identityOf(privateKeyFromPem(keyPem), pemBlocks(chainPem), 'demo');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The demo hall's CA and signing certificate, made at the first start and kept in
 * `${HALL_DATA_DIR}/signing-identity` (`signing-identity-sm2` for SM2; folder 0700, files 0600). Made in a folder of its own and
 * renamed into place, so processes starting together end up with one identity.
 */
async function demoIdentity(env: Env): Promise<SigningIdentity> {
  const dir = demoIdentityDir(env);
  const existing = await readDemoIdentity(dir);
  if (existing) return existing;
  const centre = centreName(env);
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(notBefore.getTime() + DEMO_YEARS * 365 * 24 * 3600 * 1000);
  const issuers = DEMO_ISSUERS[env.HALL_SIGNING_ALGORITHM];
  const ca = issuers.root({ subject: { CN: `${centre}电子签章根证书（演示）`, O: centre, C: 'CN' }, notBefore, notAfter });
  const signer = issuers.issue(ca, { subject: { CN: `${centre}电子签章`, O: centre, C: 'CN' }, notBefore, notAfter, role: 'signer' });
  await mkdir(env.HALL_DATA_DIR, { recursive: true });
  const staging = `${dir}.${process.pid}.${Date.now()}`;
  await mkdir(staging, { mode: 0o700 });
  try {
    const write = (name: string, text: string) => writeFile(join(staging, name), text, { mode: 0o600 });
    await write(DEMO_FILES.ca, ca.pem);
    await write(DEMO_FILES.chain, signer.pem + ca.pem);
    await write(DEMO_FILES.key, signer.key.export({ type: 'pkcs8', format: 'pem' }).toString());
    await rename(staging, dir);
    await chmod(dir, 0o700);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    // Another process got there first: use its identity.
    const theirs = await readDemoIdentity(dir);
    if (theirs) return theirs;
    throw error;
  }
  return identityOf(signer.key, [signer.der, ca.der], 'demo');
}

/**
 * The hall's signing identity: the configured one (HALL_SIGNING_P12, or HALL_SIGNING_KEY with
 * HALL_SIGNING_CHAIN; only the latter, with an SM2 key, under HALL_SIGNING_ALGORITHM=sm2) in either mode; without one, a demo hall makes its own and a production hall
 * does not start (mode.ts names the setting before this runs).
 */
export async function loadSigningIdentity(env: Env): Promise<SigningIdentity> {
  const configured = await fromConfiguration(env);
  if (configured) return configured;
  if (env.HALL_MODE !== 'demo') {
    throw new Error(
      env.HALL_SIGNING_ALGORITHM === 'sm2'
        ? 'HALL_MODE=production with HALL_SIGNING_ALGORITHM=sm2 needs HALL_SIGNING_KEY (an SM2 key) and HALL_SIGNING_CHAIN'
        : 'HALL_MODE=production needs HALL_SIGNING_P12 (or HALL_SIGNING_KEY and HALL_SIGNING_CHAIN)',
    );
  }
  return demoIdentity(env);
}

/**
 * The roots a signature must chain to: the root of the hall's own chain (its demo CA, or the
 * self-signed end of a configured chain) and every certificate in the PEM/CRT/CER files of
 * HALL_TRUST_ROOTS_DIR. DER, duplicates removed.
 */
export async function loadTrustRoots(env: Env, identity: SigningIdentity): Promise<Buffer[]> {
  const roots: Buffer[] = [];
  const last = identity.chain.at(-1)!;
  const lastCertificate = new X509Certificate(last);
  if (lastCertificate.checkIssued(lastCertificate)) roots.push(last);
  if (env.HALL_TRUST_ROOTS_DIR) {
    const names = (await readdir(env.HALL_TRUST_ROOTS_DIR)).filter((name) => /\.(pem|crt|cer)$/i.test(name)).sort();
    for (const name of names) {
      const content = await readFile(join(env.HALL_TRUST_ROOTS_DIR, name));
      const text = content.toString('latin1');
      roots.push(...(text.includes('-----BEGIN CERTIFICATE-----') ? pemBlocks(text) : [content]));
    }
  }
  const seen = new Set<string>();
  return roots.filter((der) => {
    const fingerprint = new X509Certificate(der).fingerprint256;
    if (seen.has(fingerprint)) return false;
    seen.add(fingerprint);
    return true;
  });
}
