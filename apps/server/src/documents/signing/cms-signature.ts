import * as asn1js from 'asn1js';
import { createHash, sign, type KeyObject } from 'node:crypto';
import * as pkijs from 'pkijs';
import { encodeSm2Signature, isSm2Key, sm2, sm2PrivateScalar } from './sm2';

/** Object identifiers of CMS (RFC 5652), ESS (RFC 5035) and the algorithms the hall signs with. */
export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  sm3: '1.2.156.10197.1.401',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  sha384WithRsa: '1.2.840.113549.1.1.12',
  sha512WithRsa: '1.2.840.113549.1.1.13',
  sha1WithRsa: '1.2.840.113549.1.1.5',
  rsaPss: '1.2.840.113549.1.1.10',
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  ecdsaWithSha384: '1.2.840.10045.4.3.3',
  ecdsaWithSha512: '1.2.840.10045.4.3.4',
  sm2WithSm3: '1.2.156.10197.1.501',
  /** GM/T 0006's SM2 signature OID (sm2-1), which some CMS producers put in the SignerInfo. */
  sm2Sign: '1.2.156.10197.1.301.1',
  sm2Curve: '1.2.156.10197.1.301',
} as const;

/** The bytes in an ArrayBuffer of their own (a Buffer's .buffer may be a shared pool). */
export function arrayBufferOf(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy.buffer;
}
const view = arrayBufferOf;

/**
 * ESS signing-certificate-v2 (RFC 5035): the SHA-256 of the signer's certificate and its issuer and
 * serial, so the certificate cannot be swapped for another with the same key.
 */
function signingCertificateV2(certificate: pkijs.Certificate, der: Buffer): asn1js.Sequence {
  const issuerSerial = new asn1js.Sequence({
    value: [new asn1js.Sequence({ value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [certificate.issuer.toSchema()] })] }), certificate.serialNumber],
  });
  // hashAlgorithm is left out: its default is SHA-256.
  const essCertId = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: view(createHash('sha256').update(der).digest()) }), issuerSerial] });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertId] })] });
}

function attribute(type: string, value: asn1js.AsnType): pkijs.Attribute {
  return new pkijs.Attribute({ type, values: [value] });
}

/**
 * How a key signs: RSA PKCS#1 v1.5 or ECDSA over SHA-256, or SM2 over SM3 with the standard ID
 * (GB/T 35275: digest SM3, signature algorithm SM2-with-SM3).
 */
interface SigningScheme {
  digest: { oid: string; node: string };
  algorithm: pkijs.AlgorithmIdentifier;
  sign(data: Buffer): Buffer;
}

function signingSchemeOf(key: KeyObject): SigningScheme {
  const sha256 = { oid: OID.sha256, node: 'sha256' };
  if (isSm2Key(key)) {
    const scalar = sm2PrivateScalar(key);
    return { digest: { oid: OID.sm3, node: 'sm3' }, algorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sm2WithSm3 }), sign: (data) => encodeSm2Signature(sm2.sign(data, scalar)) };
  }
  if (key.asymmetricKeyType === 'rsa')
    return { digest: sha256, algorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.rsaEncryption, algorithmParams: new asn1js.Null() }), sign: (data) => sign('sha256', data, key) };
  if (key.asymmetricKeyType === 'ec') return { digest: sha256, algorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 }), sign: (data) => sign('sha256', data, key) };
  throw new Error(`the hall signs with RSA, EC or SM2 keys, not ${key.asymmetricKeyType ?? 'this key'}`);
}

export interface CmsSigningInput {
  /** The signed bytes (a PDF's byte ranges), in order. */
  content: Buffer[];
  /** The signer's certificate (DER) and the rest of its chain, signer first. */
  chain: Buffer[];
  key: KeyObject;
  signingTime: Date;
}

/**
 * A detached CMS SignedData (RFC 5652) over content, as PAdES wants it: SHA-256 (SM3 for an SM2 key), the signer's certificate
 * and chain, and signed attributes content-type, message-digest, signing-time and ESS
 * signing-certificate-v2. The attributes are DER-sorted, so verifiers that re-encode them (OpenSSL) agree.
 */
export function createDetachedCms(input: CmsSigningInput): Buffer {
  const certificates = input.chain.map((der) => pkijs.Certificate.fromBER(view(der)));
  const signer = certificates[0]!;
  const scheme = signingSchemeOf(input.key);
  const hash = createHash(scheme.digest.node);
  for (const part of input.content) hash.update(part);
  const digest = hash.digest();
  const attributes = [
    attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.data })),
    attribute(OID.signingTime, new asn1js.UTCTime({ valueDate: input.signingTime })),
    attribute(OID.messageDigest, new asn1js.OctetString({ valueHex: view(digest) })),
    attribute(OID.signingCertificateV2, signingCertificateV2(signer, input.chain[0]!)),
  ];
  // DER orders a SET OF by the encodings of its members.
  const encoded = attributes.map((a) => ({ a, der: Buffer.from(a.toSchema().toBER()) }));
  encoded.sort((x, y) => Buffer.compare(x.der, y.der));
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: encoded.map((e) => e.a) });
  // What is signed is the attributes as a SET (tag 0x31), not as the [0] they are stored under.
  const toSign = Buffer.from(signedAttrs.toSchema().toBER());
  toSign[0] = 0x31;
  const signature = scheme.sign(toSign);

  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.issuer, serialNumber: signer.serialNumber }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: scheme.digest.oid }),
    signedAttrs,
    signatureAlgorithm: scheme.algorithm,
    signature: new asn1js.OctetString({ valueHex: view(signature) }),
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: scheme.digest.oid })],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    certificates,
    signerInfos: [signerInfo],
  });
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return Buffer.from(contentInfo.toSchema().toBER());
}
