import type { X509Certificate } from 'node:crypto';
import * as pkijs from 'pkijs';
import { arrayBufferOf, OID } from './cms-signature';
import { decodeSm2Signature, isSm2Key, sm2, sm2PublicPoint } from './sm2';

/**
 * Whether `issuer` issued `certificate`: the names and key identifiers match (OpenSSL's check) and the
 * certificate's signature verifies with the issuer's key. An SM2 issuer's signature is checked here
 * with the standard ID (OpenSSL 3.0 checks SM2 certificates with an empty one and fails them); any other
 * key by OpenSSL. Never throws: a malformed certificate or key is not an issuer.
 */
export function isIssuedBy(certificate: X509Certificate, issuer: X509Certificate): boolean {
  try {
    if (!certificate.checkIssued(issuer)) return false;
    if (!isSm2Key(issuer.publicKey)) return certificate.verify(issuer.publicKey);
    const parsed = pkijs.Certificate.fromBER(arrayBufferOf(certificate.raw));
    if (parsed.signatureAlgorithm.algorithmId !== OID.sm2WithSm3) return false;
    const signature = decodeSm2Signature(parsed.signatureValue.valueBlock.valueHexView);
    return signature !== null && sm2.verify(parsed.tbsView, signature, sm2PublicPoint(issuer.publicKey));
  } catch {
    return false;
  }
}
