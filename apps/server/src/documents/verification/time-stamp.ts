import * as asn1js from 'asn1js';
import { createHash, type X509Certificate } from 'node:crypto';
import * as pkijs from 'pkijs';
import { arrayBufferOf, OID } from '../signing/cms-signature';
import { checkCms, HASHES } from './cms-check';

/** id-ct-TSTInfo (RFC 3161 §2.4.2): the eContentType of a TimeStampToken. */
const TST_INFO = '1.2.840.113549.1.9.16.1.4';

/** id-kp-timeStamping (RFC 3161 §2.3): the one purpose of a TSA's certificate. */
const TIME_STAMPING = '1.3.6.1.5.5.7.3.8';

/** What a signature's time stamp proves: a time, or why it proves none. */
export type TimeStampCheck =
  | { status: 'valid'; genTime: Date; notes: string[] }
  /** broken: the token is not one, does not imprint this signature, or its signature fails. */
  | { status: 'broken' | 'untrusted' | 'unsupported'; notes: string[] };

/** The eContent's bytes, whether DER (one OCTET STRING) or BER (constructed, in pieces). */
function eContentOf(content: asn1js.OctetString): Buffer {
  if (!content.idBlock.isConstructed) return Buffer.from(content.valueBlock.valueHexView);
  return Buffer.concat(content.valueBlock.value.map((piece) => Buffer.from((piece as asn1js.OctetString).valueBlock.valueHexView)));
}

function readToken(token: Buffer): { tstInfo: pkijs.TSTInfo; content: Buffer } | null {
  try {
    const asn = asn1js.fromBER(arrayBufferOf(token));
    if (asn.offset === -1 || asn.offset !== token.length) return null;
    const info = new pkijs.ContentInfo({ schema: asn.result });
    if (info.contentType !== OID.signedData) return null;
    const signedData = new pkijs.SignedData({ schema: info.content });
    const encapsulated = signedData.encapContentInfo;
    if (encapsulated.eContentType !== TST_INFO || !(encapsulated.eContent instanceof asn1js.OctetString)) return null;
    const content = eContentOf(encapsulated.eContent);
    const inner = asn1js.fromBER(arrayBufferOf(content));
    if (inner.offset === -1 || inner.offset !== content.length) return null;
    return { tstInfo: new pkijs.TSTInfo({ schema: inner.result }), content };
  } catch {
    return null;
  }
}

/**
 * Checks the RFC 3161 time stamp of a seal's signature (GB/T 38540 §7: it imprints the signature
 * value): the token is CMS SignedData over a TSTInfo; its messageImprint is the digest, by its own
 * algorithm, of `signatureValue`; and the token's CMS, its signature and its signer's chain to the
 * hall's trust roots at genTime, is judged by checkCms as a PDF's signature is; its signer must be a
 * TSA (extendedKeyUsage timeStamping), or the time is not vouched for.
 */
export function checkTimeStamp(token: Buffer | 'malformed', signatureValue: Buffer, roots: X509Certificate[]): TimeStampCheck {
  const notAToken: TimeStampCheck = { status: 'broken', notes: ['签章中的时间戳不是有效的时间戳数据，可能是伪造或损坏的'] };
  if (token === 'malformed') return notAToken;
  const read = readToken(token);
  if (!read) return notAToken;
  const { tstInfo, content } = read;
  const imprint = tstInfo.messageImprint;
  const hash = HASHES[imprint.hashAlgorithm.algorithmId];
  if (!hash) return { status: 'unsupported', notes: ['时间戳使用了本大厅不支持的摘要算法，签章时间以签章自身声明的为准'] };
  const expected = createHash(hash.node).update(signatureValue).digest();
  if (!Buffer.from(imprint.hashedMessage.valueBlock.valueHexView).equals(expected)) return { status: 'broken', notes: ['时间戳与签名值不符，时间戳不是为该签章签发的'] };

  const cms = checkCms(token, [content], roots, tstInfo.genTime);
  // Any certificate under the roots signs a valid CMS; only a TSA's (extendedKeyUsage timeStamping) may vouch for a time.
  if (cms.verdict === 'valid' && !(cms.signerCertificate?.keyUsage ?? []).includes(TIME_STAMPING)) {
    return { status: 'untrusted', notes: [`时间戳服务机构不受信任（“${cms.signer}”的证书不是时间戳服务证书），签章时间以签章自身声明的为准`] };
  }
  if (cms.verdict === 'valid') return { status: 'valid', genTime: tstInfo.genTime, notes: [`时间戳校验通过（时间戳服务机构：${cms.signer || cms.organisation || '未知'}）`] };
  if (cms.verdict === 'untrusted') return { status: 'untrusted', notes: [`时间戳服务机构不受信任（${cms.notes[0] ?? ''}），签章时间以签章自身声明的为准`] };
  if (cms.verdict === 'unsupported') return { status: 'unsupported', notes: ['时间戳的签名算法本大厅暂不能校验，签章时间以签章自身声明的为准'] };
  return { status: 'broken', notes: ['时间戳签名无效，时间戳可能是伪造或被改动的'] };
}
