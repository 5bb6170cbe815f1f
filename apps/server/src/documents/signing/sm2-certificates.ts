import * as asn1js from 'asn1js';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import * as pkijs from 'pkijs';
import { toPem, type CertificateRequest, type IssuedCertificate } from './certificates';
import { arrayBufferOf, OID } from './cms-signature';
import { encodeSm2Signature, sm2, sm2PrivateScalar, spkiOf } from './sm2';

/**
 * SM2 certificates (GM/T 0015): an SM2 key, signed with SM2 over SM3 and the standard ID. node-forge,
 * which issues the RSA ones, knows no SM2, so these are laid out with pkijs and signed by sm2.ts.
 */

const NAME_OIDS: Record<string, string> = { CN: '2.5.4.3', O: '2.5.4.10', OU: '2.5.4.11', C: '2.5.4.6', L: '2.5.4.7', ST: '2.5.4.8' };

function nameOf(subject: Record<string, string>): pkijs.RelativeDistinguishedNames {
  // One attribute per RDN (pkijs would put them all in one multi-valued RDN); countryName stays
  // PrintableString, the rest UTF8String (Chinese names).
  const rdns = Object.entries(subject).map(
    ([short, value]) =>
      new asn1js.Set({
        value: [new pkijs.AttributeTypeAndValue({ type: NAME_OIDS[short] ?? short, value: short === 'C' ? new asn1js.PrintableString({ value }) : new asn1js.Utf8String({ value }) }).toSchema()],
      }),
  );
  return pkijs.RelativeDistinguishedNames.fromBER(new asn1js.Sequence({ value: rdns }).toBER());
}

const extension = (extnID: string, critical: boolean, value: asn1js.AsnType) => new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });

/** The key identifier: the SHA-1 of the public key bits (RFC 5280 §4.2.1.2, method 1). */
function keyIdentifier(publicKeyInfo: pkijs.PublicKeyInfo): ArrayBuffer {
  return arrayBufferOf(createHash('sha1').update(publicKeyInfo.subjectPublicKey.valueBlock.valueHexView).digest());
}

function publicKeyInfoOf(key: KeyObject): pkijs.PublicKeyInfo {
  return pkijs.PublicKeyInfo.fromBER(arrayBufferOf(spkiOf(key)));
}

/** The certificate of `subjectKey`, signed with `signingKey` (the issuer's, or the subject's own for a root). */
function build(request: CertificateRequest, subjectKey: KeyObject, signingKey: KeyObject, issuer: { subject: Record<string, string>; publicKeyInfo: pkijs.PublicKeyInfo } | null): Buffer {
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  const serial = randomBytes(16);
  // Positive (top bit clear) and minimal in DER (first byte not zero).
  serial[0]! &= 0x7f;
  serial[0]! |= 0x01;
  certificate.serialNumber = new asn1js.Integer({ valueHex: arrayBufferOf(serial) });
  certificate.subject = nameOf(request.subject);
  certificate.issuer = nameOf(issuer ? issuer.subject : request.subject);
  certificate.notBefore.value = request.notBefore;
  certificate.notAfter.value = request.notAfter;
  certificate.subjectPublicKeyInfo = publicKeyInfoOf(subjectKey);
  const ca = request.role === 'ca';
  certificate.extensions = [
    extension('2.5.29.19', true, new pkijs.BasicConstraints({ cA: ca }).toSchema()),
    // keyCertSign + cRLSign (bits 5, 6), or digitalSignature + nonRepudiation (bits 0, 1).
    extension('2.5.29.15', true, ca ? new asn1js.BitString({ valueHex: Uint8Array.of(0x06).buffer, unusedBits: 1 }) : new asn1js.BitString({ valueHex: Uint8Array.of(0xc0).buffer, unusedBits: 6 })),
    extension('2.5.29.14', false, new asn1js.OctetString({ valueHex: keyIdentifier(certificate.subjectPublicKeyInfo) })),
    ...(issuer ? [extension('2.5.29.35', false, new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: keyIdentifier(issuer.publicKeyInfo) }) }).toSchema())] : []),
  ];
  const algorithm = new pkijs.AlgorithmIdentifier({ algorithmId: OID.sm2WithSm3 });
  certificate.signature = algorithm;
  certificate.signatureAlgorithm = algorithm;
  const tbs = Buffer.from(certificate.encodeTBS().toBER());
  certificate.signatureValue = new asn1js.BitString({ valueHex: arrayBufferOf(encodeSm2Signature(sm2.sign(tbs, sm2PrivateScalar(signingKey)))) });
  return Buffer.from(certificate.toSchema(true).toBER());
}

function newSm2KeyPair(): { privateKey: KeyObject; publicKey: KeyObject } {
  const generated = generateKeyPairSync('ec', { namedCurve: 'SM2' }).privateKey;
  // Read back from PKCS#8, so OpenSSL types it SM2 as it types the key of an SM2 certificate
  // (X509Certificate.checkPrivateKey compares the types too).
  const privateKey = createPrivateKey({ key: generated.export({ type: 'pkcs8', format: 'der' }), format: 'der', type: 'pkcs8' });
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

/** A self-signed SM2 root (SM2 with SM3). */
export function createSm2RootCertificate(request: Omit<CertificateRequest, 'role'>): IssuedCertificate {
  const { privateKey, publicKey } = newSm2KeyPair();
  const der = build({ ...request, role: 'ca' }, publicKey, privateKey, null);
  return { der, pem: toPem(der), key: privateKey, subject: request.subject };
}

/** An SM2 certificate issued by an SM2 `issuer`. */
export function issueSm2Certificate(issuer: IssuedCertificate, request: CertificateRequest): IssuedCertificate {
  const { privateKey, publicKey } = newSm2KeyPair();
  const issuerInfo = pkijs.Certificate.fromBER(arrayBufferOf(issuer.der)).subjectPublicKeyInfo;
  const der = build(request, publicKey, issuer.key, { subject: issuer.subject, publicKeyInfo: issuerInfo });
  return { der, pem: toPem(der), key: privateKey, subject: request.subject };
}
