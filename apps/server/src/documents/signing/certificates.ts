import forge from 'node-forge';
import { createPrivateKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';

/** A certificate with its key, as the hall's own CA, its signing certificate and the tests' signers use them. */
export interface IssuedCertificate {
  /** The certificate, DER. */
  der: Buffer;
  pem: string;
  /** The private key, for signing (never logged, never sent anywhere). */
  key: KeyObject;
  /** The subject it was issued to, to name it as the issuer of further certificates. */
  subject: Record<string, string>;
}

export interface CertificateRequest {
  /** The subject's attributes, e.g. { CN: '…', O: '…', C: 'CN' } (values kept as UTF8String). */
  subject: Record<string, string>;
  notBefore: Date;
  notAfter: Date;
  /** A CA may issue certificates; a signer may sign documents. */
  role: 'ca' | 'signer';
}

const SHORT_NAMES: Record<string, string> = { CN: 'commonName', O: 'organizationName', OU: 'organizationalUnitName', C: 'countryName', L: 'localityName', ST: 'stateOrProvinceName' };

function attributes(subject: Record<string, string>): forge.pki.CertificateField[] {
  return Object.entries(subject).map(([short, value]) => ({
    name: SHORT_NAMES[short] ?? short,
    // forge encodes UTF8String values itself; countryName must stay PrintableString.
    value,
    ...(short === 'C' ? {} : { valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class }),
  }));
}

/** A new RSA 2048 key pair, made by Node (forge's own key generation is slow JavaScript). */
function newKeyPair(): { key: KeyObject; forgePrivate: forge.pki.rsa.PrivateKey; forgePublic: forge.pki.rsa.PublicKey } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    key: privateKey,
    forgePrivate: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
    forgePublic: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
}

function build(request: CertificateRequest, publicKey: forge.pki.rsa.PublicKey, issuer: { subject: Record<string, string>; publicKey: forge.pki.rsa.PublicKey } | null): forge.pki.Certificate {
  const certificate = forge.pki.createCertificate();
  // A positive serial of 16 random bytes (the first bit cleared).
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  certificate.serialNumber = serial.toString('hex');
  certificate.validity.notBefore = request.notBefore;
  certificate.validity.notAfter = request.notAfter;
  certificate.publicKey = publicKey;
  certificate.setSubject(attributes(request.subject));
  certificate.setIssuer(attributes(issuer ? issuer.subject : request.subject));
  certificate.setExtensions([
    { name: 'basicConstraints', cA: request.role === 'ca', critical: true },
    request.role === 'ca' ? { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true } : { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
    ...(issuer ? [{ name: 'authorityKeyIdentifier', keyIdentifier: forge.pki.getPublicKeyFingerprint(issuer.publicKey, { type: 'RSAPublicKey' }).getBytes() }] : []),
  ]);
  return certificate;
}

function toIssued(certificate: forge.pki.Certificate, key: KeyObject, subject: Record<string, string>): IssuedCertificate {
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');
  return { der, pem: toPem(der), key, subject };
}

/** A self-signed root (RSA 2048, SHA-256). */
export function createRootCertificate(request: Omit<CertificateRequest, 'role'>): IssuedCertificate {
  const keys = newKeyPair();
  const certificate = build({ ...request, role: 'ca' }, keys.forgePublic, null);
  certificate.sign(keys.forgePrivate, forge.md.sha256.create());
  return toIssued(certificate, keys.key, request.subject);
}

/** A certificate issued by `issuer` (RSA 2048, SHA-256). */
export function issueCertificate(issuer: IssuedCertificate, request: CertificateRequest): IssuedCertificate {
  const keys = newKeyPair();
  const issuerPublic = forge.pki.certificateFromPem(issuer.pem).publicKey as forge.pki.rsa.PublicKey;
  const certificate = build(request, keys.forgePublic, { subject: issuer.subject, publicKey: issuerPublic });
  const issuerKey = forge.pki.privateKeyFromPem(issuer.key.export({ type: 'pkcs1', format: 'pem' }).toString());
  certificate.sign(issuerKey, forge.md.sha256.create());
  return toIssued(certificate, keys.key, request.subject);
}

/** PEM blocks of one kind in a text (a chain file, a folder's root file), as DER. */
export function pemBlocks(text: string, label = 'CERTIFICATE'): Buffer[] {
  const pattern = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`, 'g');
  return [...text.matchAll(pattern)].map((match) => Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64'));
}

export function toPem(der: Buffer, label = 'CERTIFICATE'): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** A private key from PEM (PKCS#8 or PKCS#1, optionally encrypted with `passphrase`). */
export function privateKeyFromPem(pem: string, passphrase?: string): KeyObject {
  return createPrivateKey({ key: pem, format: 'pem', ...(passphrase ? { passphrase } : {}) });
}
