import * as asn1js from 'asn1js';
import { X509Certificate, createHash, verify as verifySignature, constants, type KeyObject } from 'node:crypto';
import * as pkijs from 'pkijs';
import { isIssuedBy } from '../signing/certificate-issuer';
import { arrayBufferOf, OID } from '../signing/cms-signature';
import { nameAttribute } from '../signing/signing-identity';
import { decodeSm2Signature, isSm2Key, sm2, sm2PublicPoint } from '../signing/sm2';

/** What the CMS of one signature says, before the document's own checks (byte range, changes after). */
export interface CmsCheck {
  /** invalid: the signature cannot be what it claims; modified: it is sound but the signed bytes changed. */
  verdict: 'valid' | 'modified' | 'invalid' | 'untrusted' | 'unsupported';
  signer: string;
  organisation: string;
  issuer: string;
  signedAt: Date | null;
  algorithm: string;
  notes: string[];
  /** The signer's certificate, once read: for a caller with rules of its own (a time stamp's TSA). */
  signerCertificate: X509Certificate | null;
}

/** The digests the hall computes, by OID: for a CMS signature and for what a time stamp imprints. */
export const HASHES: Record<string, { node: string; label: string }> = {
  [OID.sha1]: { node: 'sha1', label: 'SHA-1' },
  [OID.sha256]: { node: 'sha256', label: 'SHA-256' },
  [OID.sha384]: { node: 'sha384', label: 'SHA-384' },
  [OID.sha512]: { node: 'sha512', label: 'SHA-512' },
  [OID.sm3]: { node: 'sm3', label: 'SM3' },
};
const RSA_WITH_HASH: Record<string, string> = { [OID.sha1WithRsa]: OID.sha1, [OID.sha256WithRsa]: OID.sha256, [OID.sha384WithRsa]: OID.sha384, [OID.sha512WithRsa]: OID.sha512 };
const ECDSA_WITH_HASH: Record<string, string> = { [OID.ecdsaWithSha256]: OID.sha256, [OID.ecdsaWithSha384]: OID.sha384, [OID.ecdsaWithSha512]: OID.sha512 };

const bytesOf = (view: ArrayBuffer | Uint8Array): Buffer => Buffer.from(view instanceof Uint8Array ? view : new Uint8Array(view));

function certificateDer(certificate: pkijs.Certificate): Buffer {
  return Buffer.from(certificate.toSchema().toBER());
}

function findSigner(signedData: pkijs.SignedData, signerInfo: pkijs.SignerInfo): pkijs.Certificate | undefined {
  const certificates = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const sid = signerInfo.sid;
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return certificates.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber));
  }
  // subjectKeyIdentifier: [0] IMPLICIT OCTET STRING
  const keyId = bytesOf((sid as asn1js.Primitive).valueBlock.valueHexView);
  return certificates.find((c) => {
    const ski = c.extensions?.find((e) => e.extnID === '2.5.29.14');
    return ski !== undefined && bytesOf((ski.parsedValue as asn1js.OctetString).valueBlock.valueHexView).equals(keyId);
  });
}

function attributeValue(signerInfo: pkijs.SignerInfo, type: string): asn1js.AsnType | undefined {
  return signerInfo.signedAttrs?.attributes.find((a) => a.type === type)?.values[0] as asn1js.AsnType | undefined;
}

function signingTimeOf(signerInfo: pkijs.SignerInfo): Date | null {
  const value = attributeValue(signerInfo, OID.signingTime);
  if (value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime) return value.toDate();
  return null;
}

/** The hash an ESS signing-certificate(-v2) attribute claims for the signer's certificate, and its algorithm. */
function essCertificateHash(signerInfo: pkijs.SignerInfo): { hash: Buffer; algorithm: string } | null {
  for (const [type, fallback] of [
    [OID.signingCertificateV2, OID.sha256],
    [OID.signingCertificate, OID.sha1],
  ] as const) {
    const value = attributeValue(signerInfo, type);
    if (!(value instanceof asn1js.Sequence)) continue;
    const certs = value.valueBlock.value[0];
    const first = certs instanceof asn1js.Sequence ? certs.valueBlock.value[0] : undefined;
    if (!(first instanceof asn1js.Sequence)) return { hash: Buffer.alloc(0), algorithm: fallback };
    const [head, next] = first.valueBlock.value;
    if (head instanceof asn1js.Sequence && next instanceof asn1js.OctetString) {
      const algorithm = new pkijs.AlgorithmIdentifier({ schema: head }).algorithmId;
      return { hash: bytesOf(next.valueBlock.valueHexView), algorithm };
    }
    if (head instanceof asn1js.OctetString) return { hash: bytesOf(head.valueBlock.valueHexView), algorithm: fallback };
    return { hash: Buffer.alloc(0), algorithm: fallback };
  }
  return null;
}

/** The signature algorithms that name SM2 in a SignerInfo; with an SM2 key, id-ecPublicKey means SM2 too. */
const SM2_ALGORITHMS = new Set<string>([OID.sm2WithSm3, OID.sm2Sign, OID.ecPublicKey]);

/**
 * Verifies the signature value: SM2 over SM3 with the standard ID in JavaScript (sm2.ts), the rest with
 * Node's OpenSSL; null when the algorithm is not one the hall can check.
 */
function checkSignatureValue(signerInfo: pkijs.SignerInfo, key: KeyObject, data: Buffer): { ok: boolean; label: string } | null {
  const algorithmId = signerInfo.signatureAlgorithm.algorithmId;
  const digest = HASHES[signerInfo.digestAlgorithm.algorithmId];
  const signature = bytesOf(signerInfo.signature.valueBlock.valueHexView);
  if (isSm2Key(key)) {
    // An SM2 key makes no RSA or ECDSA signature; SM2 with a digest other than SM3 is not GB/T 35275's.
    if (!SM2_ALGORITHMS.has(algorithmId)) return { ok: false, label: `${digest?.label ?? ''} / SM2` };
    if (digest?.node !== 'sm3') return null;
    const value = decodeSm2Signature(signature);
    let ok = false;
    try {
      ok = value !== null && sm2.verify(data, value, sm2PublicPoint(key));
    } catch {
      // A key whose point cannot be read verifies nothing.
    }
    return { ok, label: 'SM3 / SM2' };
  }
  if (algorithmId === OID.sm2WithSm3 || algorithmId === OID.sm2Sign) return { ok: false, label: 'SM3 / SM2' };
  const attempt = (hash: string, options: { padding?: number; saltLength?: number } = {}) => {
    try {
      return verifySignature(hash, data, { key, ...options }, signature);
    } catch {
      return false;
    }
  };
  if (algorithmId === OID.rsaEncryption && digest && key.asymmetricKeyType === 'rsa') return { ok: attempt(digest.node), label: `${digest.label} / RSA` };
  if (RSA_WITH_HASH[algorithmId] && key.asymmetricKeyType === 'rsa') {
    const hash = HASHES[RSA_WITH_HASH[algorithmId]!]!;
    return { ok: attempt(hash.node), label: `${hash.label} / RSA` };
  }
  if (algorithmId === OID.rsaPss && key.asymmetricKeyType === 'rsa') {
    const params = new pkijs.RSASSAPSSParams({ schema: signerInfo.signatureAlgorithm.algorithmParams });
    const hash = HASHES[params.hashAlgorithm.algorithmId];
    if (!hash) return null;
    return { ok: attempt(hash.node, { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: params.saltLength }), label: `${hash.label} / RSA-PSS` };
  }
  if ((ECDSA_WITH_HASH[algorithmId] || algorithmId === OID.ecPublicKey) && key.asymmetricKeyType === 'ec') {
    const hash = HASHES[ECDSA_WITH_HASH[algorithmId] ?? signerInfo.digestAlgorithm.algorithmId];
    if (!hash) return null;
    return { ok: attempt(hash.node), label: `${hash.label} / ECDSA` };
  }
  return null;
}

function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The path from the signer to a trust root, and what keeps it from being trusted at `at`. */
export function checkChain(signer: X509Certificate, pool: X509Certificate[], roots: X509Certificate[], at: Date): string[] {
  const isRoot = (c: X509Certificate) => roots.some((r) => r.fingerprint256 === c.fingerprint256);
  const path = [signer];
  let current = signer;
  while (!isRoot(current)) {
    if (path.length > 8) return ['证书链过长，无法确认签署人身份'];
    const issuedBy = (candidate: X509Certificate) => candidate !== current && isIssuedBy(current, candidate);
    const issuer = roots.find(issuedBy) ?? pool.find(issuedBy);
    if (!issuer || path.some((c) => c.fingerprint256 === issuer.fingerprint256)) {
      const issuerName = nameAttribute(current.issuer, 'CN') ?? nameAttribute(current.issuer, 'O') ?? '未知机构';
      return [`签发证书的机构（${issuerName}）不在本大厅信任的根证书中`];
    }
    if (!issuer.ca) return [`证书链中的“${nameAttribute(issuer.subject, 'CN') ?? ''}”不是证书签发机构`];
    path.push(issuer);
    current = issuer;
  }
  const problems: string[] = [];
  for (const certificate of path) {
    const from = new Date(certificate.validFrom);
    const to = new Date(certificate.validTo);
    if (at < from || at > to) {
      const name = nameAttribute(certificate.subject, 'CN') ?? '';
      problems.push(`证书“${name}”在签名时不在有效期内（有效期 ${formatDate(from)} 至 ${formatDate(to)}）`);
    }
  }
  return problems;
}

/**
 * Checks a signature's CMS (RFC 5652) against the bytes it signs: the message digest, the signature
 * value with the signer's certificate, the ESS signing-certificate binding, and the chain to a trust
 * root, valid at the signing time the signature claims (B-B has no time-stamp; `fallbackTime` is
 * the signature dictionary's /M, else now).
 */
export function checkCms(contents: Uint8Array, signed: Buffer[], roots: X509Certificate[], fallbackTime: Date | null): CmsCheck {
  const result: CmsCheck = { verdict: 'invalid', signer: '', organisation: '', issuer: '', signedAt: fallbackTime, algorithm: '', notes: [], signerCertificate: null };
  const fail = (note: string, verdict: CmsCheck['verdict'] = 'invalid'): CmsCheck => ({ ...result, verdict, notes: [note, ...result.notes] });

  let signedData: pkijs.SignedData;
  try {
    const asn = asn1js.fromBER(arrayBufferOf(contents));
    if (asn.offset === -1) return fail('签名数据不是有效的CMS结构（可能是伪造或空白的签名）');
    const info = new pkijs.ContentInfo({ schema: asn.result });
    if (info.contentType !== OID.signedData) return fail('签名数据不是CMS SignedData');
    signedData = new pkijs.SignedData({ schema: info.content });
  } catch {
    return fail('签名数据不是有效的CMS结构（可能是伪造或空白的签名）');
  }
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo) return fail('签名数据中没有签名者信息');
  const signerCertificate = findSigner(signedData, signerInfo);
  if (!signerCertificate) return fail('签名数据中找不到签名证书');
  const der = certificateDer(signerCertificate);
  let signer: X509Certificate;
  let signerKey: KeyObject;
  try {
    signer = new X509Certificate(der);
    // OpenSSL decodes the key only now: a point off its curve fails here.
    signerKey = signer.publicKey;
  } catch {
    return fail('签名证书无法读取');
  }
  result.signerCertificate = signer;
  result.signer = nameAttribute(signer.subject, 'CN') ?? '';
  result.organisation = nameAttribute(signer.subject, 'O') ?? '';
  result.issuer = nameAttribute(signer.issuer, 'CN') ?? nameAttribute(signer.issuer, 'O') ?? '';
  result.signedAt = signingTimeOf(signerInfo) ?? fallbackTime;

  const digest = HASHES[signerInfo.digestAlgorithm.algorithmId];
  if (!digest) return fail('签名使用了本大厅不支持的摘要算法', 'unsupported');
  const hash = createHash(digest.node);
  for (const part of signed) hash.update(part);
  const contentDigest = hash.digest();

  const attributes = signerInfo.signedAttrs;
  let toVerify: Buffer;
  let digestMatches = true;
  if (attributes) {
    const messageDigest = attributeValue(signerInfo, OID.messageDigest);
    if (!(messageDigest instanceof asn1js.OctetString)) return fail('签名缺少摘要属性');
    digestMatches = bytesOf(messageDigest.valueBlock.valueHexView).equals(contentDigest);
    // The signature covers the attributes encoded as a SET, not as the [0] they are stored under.
    toVerify = Buffer.from(new Uint8Array(attributes.encodedValue));
    toVerify[0] = 0x31;
  } else {
    toVerify = Buffer.concat(signed);
  }
  const value = checkSignatureValue(signerInfo, signerKey, toVerify);
  if (!value) return fail('签名使用了本大厅不支持的签名算法', 'unsupported');
  result.algorithm = value.label;
  if (!value.ok) return fail('签名值与签名证书不符，签名无效');

  const ess = essCertificateHash(signerInfo);
  if (ess) {
    const essHash = HASHES[ess.algorithm];
    if (!essHash || !createHash(essHash.node).update(der).digest().equals(ess.hash)) return fail('签名中声明的签名证书与所附证书不一致');
  }
  if (!digestMatches) return fail('签名覆盖的内容与签名时不一致（摘要不符），文件在签名后被改动', 'modified');
  result.notes.push('签名覆盖的内容与签名时一致', '签名值校验通过');

  const pool = (signedData.certificates ?? []).flatMap((c) => {
    if (!(c instanceof pkijs.Certificate)) return [];
    try {
      return [new X509Certificate(certificateDer(c))];
    } catch {
      return [];
    }
  });
  const problems = checkChain(signer, pool, roots, result.signedAt ?? new Date());
  if (problems.length) return { ...result, verdict: 'untrusted', notes: [...problems, ...result.notes] };
  result.notes.push('签名证书可追溯到本大厅信任的根证书，签名时在有效期内');
  return { ...result, verdict: 'valid' };
}
