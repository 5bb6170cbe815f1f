import * as asn1js from 'asn1js';
import { arrayBufferOf } from '../signing/cms-signature';

/**
 * The electronic seal signature of an OFD file (SignedValue.dat): SES_Signature of GB/T 38540-2020
 * (version 4) or of GM/T 0031-2014 (version 1, still in many issuers' files).
 *
 *   v4  SES_Signature ::= SEQUENCE { toSign TBS_Sign, cert OCTET STRING, signatureAlgID OID,
 *                                    signature BIT STRING, timeStamp [0] BIT STRING OPTIONAL }
 *       TBS_Sign ::= SEQUENCE { version INTEGER, eseal SESeal, timeInfo GeneralizedTime,
 *                               dataHash BIT STRING, propertyInfo IA5String, extDatas … OPTIONAL }
 *       SESeal ::= SEQUENCE { esealInfo SES_SealInfo, cert OCTET STRING, signAlgID OID, signedValue BIT STRING }
 *   v1  SES_Signature ::= SEQUENCE { toSign TBS_Sign, signature BIT STRING }
 *       TBS_Sign ::= SEQUENCE { version INTEGER, eseal SESeal, timeInfo BIT STRING, dataHash BIT STRING,
 *                               propertyInfo IA5String, cert OCTET STRING, signatureAlgorithm OID }
 *       SESeal ::= SEQUENCE { esealInfo SES_SealInfo, signInfo SEQUENCE { cert, signatureAlgorithm, signData } }
 *   SES_SealInfo ::= SEQUENCE { header SEQUENCE { ID "ES", version, Vid }, esID IA5String,
 *                               property SEQUENCE { type, name UTF8String, [certListType,] certList,
 *                               createDate, validStart, validEnd }, picture SES_ESPictrueInfo, extDatas OPTIONAL }
 *   SES_ESPictrueInfo ::= SEQUENCE { type IA5String ("png", "jpg", "gif", "ofd" …), data OCTET STRING,
 *                                    width INTEGER, height INTEGER }   (both versions; width and height in mm)
 *
 * The signer signs the DER of TBS_Sign; the seal's maker signs the seal information (with v4, the
 * SEQUENCE of esealInfo, cert and signAlgID; some makers sign esealInfo alone, so both are tried).
 */
export interface SesSignature {
  version: 1 | 4;
  /** The encoded TBS_Sign, as the signer signed it. */
  signedBytes: Buffer;
  signerCertificate: Buffer;
  signatureAlgorithm: string;
  signature: Buffer;
  /** SM3 of the Signature.xml the seal was put on. */
  dataHash: Buffer;
  signedAt: Date | null;
  propertyInfo: string;
  seal: SesSeal;
  /**
   * v4's timeStamp (GB/T 38540 §7.1): the RFC 3161 TimeStampToken's bytes, 'malformed' when the field is
   * there but is no BIT STRING of a size the hall reads (it is judged, never a reason to refuse the parse),
   * null when absent (always for v1).
   */
  timeStamp: Buffer | 'malformed' | null;
}

export interface SesSeal {
  esId: string;
  name: string;
  /** The seal's picture, as the page shows it; null when the seal has none the hall can take. */
  picture: SealPicture | null;
  validFrom: Date | null;
  validTo: Date | null;
  /** The certificates the seal may be used with (certList of certificates; empty for a list of digests). */
  signerCertificates: Buffer[];
  makerCertificate: Buffer;
  algorithm: string;
  signedValue: Buffer;
  /** What the maker's signature may cover, most standard first. */
  signedCandidates: Buffer[];
}

/** The picture of a seal (SES_ESPictrueInfo): its declared type, its bytes, its size in mm. */
export interface SealPicture {
  /** As declared, lower case ("png", "jpg", "ofd" …): what the bytes are is for their reader to find out. */
  type: string;
  data: Buffer;
  width: number;
  height: number;
}

/** Bytes of a seal's picture: a seal's PNG is some tens of KB; a larger picture is left out. */
export const MAX_SEAL_PICTURE_BYTES = 1024 * 1024;
/** A picture's declared side in mm; past this (a seal is some 40 mm) the size is nonsense. */
const MAX_SEAL_PICTURE_MM = 1000;

/** A TimeStampToken is a few KB (the TSA's certificate chain inside); past this it is not one. */
export const MAX_TIME_STAMP_BYTES = 64 * 1024;

export class SesFormatError extends Error {}

const bytes = (view: Uint8Array): Buffer => Buffer.from(view);
const raw = (block: asn1js.AsnType): Buffer => bytes((block as asn1js.BaseBlock).valueBeforeDecodeView);

function expect<T>(value: unknown, type: new (...args: never[]) => T, what: string): T {
  if (!(value instanceof type)) throw new SesFormatError(`${what} is not a ${type.name}`);
  return value;
}

function elements(block: unknown, what: string): asn1js.AsnType[] {
  return expect(block, asn1js.Sequence, what).valueBlock.value;
}

/** A BIT STRING's bytes (an SES value is always whole bytes). */
function bitString(block: unknown, what: string): Buffer {
  return bytes(expect(block, asn1js.BitString, what).valueBlock.valueHexView);
}

function octets(block: unknown, what: string): Buffer {
  return bytes(expect(block, asn1js.OctetString, what).valueBlock.valueHexView);
}

function oid(block: unknown, what: string): string {
  return expect(block, asn1js.ObjectIdentifier, what).valueBlock.toString();
}

function stringOf(block: unknown): string {
  if (block instanceof asn1js.Utf8String || block instanceof asn1js.IA5String || block instanceof asn1js.PrintableString || block instanceof asn1js.BmpString) return block.valueBlock.value;
  return '';
}

/** A time as either version writes it: GeneralizedTime, UTCTime, or (v1's timeInfo) their text in a BIT STRING. */
function timeOf(block: unknown): Date | null {
  if (block instanceof asn1js.GeneralizedTime || block instanceof asn1js.UTCTime) return block.toDate();
  if (block instanceof asn1js.BitString) {
    const text = Buffer.from(block.valueBlock.valueHexView).toString('latin1');
    const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(text);
    if (match) return new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!, +match[4]!, +match[5]!, +match[6]!));
  }
  return null;
}

/** DER of a SEQUENCE around already-encoded elements. */
function sequenceOf(parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const length = body.length;
  const lengthBytes =
    length < 0x80
      ? Buffer.from([length])
      : (() => {
          const hex = length.toString(16);
          const digits = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
          return Buffer.concat([Buffer.from([0x80 | digits.length]), digits]);
        })();
  return Buffer.concat([Buffer.from([0x30]), lengthBytes, body]);
}

/** A picture's width or height: a whole number of mm within reason, else null. */
function sideOf(block: unknown): number | null {
  if (!(block instanceof asn1js.Integer) || block.valueBlock.valueHexView.length > 4) return null;
  const value = block.valueBlock.valueDec;
  return Number.isSafeInteger(value) && value >= 0 && value <= MAX_SEAL_PICTURE_MM ? value : null;
}

/**
 * SES_ESPictrueInfo, or null for anything else: the picture only shows where the seal sits, so a
 * missing, odd or oversized one leaves the seal without it and never fails the parse.
 */
function readPicture(block: unknown): SealPicture | null {
  if (!(block instanceof asn1js.Sequence)) return null;
  const [type, data, width, height] = block.valueBlock.value;
  const name = stringOf(type).trim().toLowerCase();
  if (!name || name.length > 16 || !(data instanceof asn1js.OctetString)) return null;
  const bytes = data.valueBlock.valueHexView;
  const [w, h] = [sideOf(width), sideOf(height)];
  if (!bytes.length || bytes.length > MAX_SEAL_PICTURE_BYTES || w === null || h === null) return null;
  return { type: name, data: Buffer.from(bytes), width: w, height: h };
}

function readSealInfo(block: asn1js.AsnType): Pick<SesSeal, 'esId' | 'name' | 'picture' | 'validFrom' | 'validTo' | 'signerCertificates'> {
  const [header, esId, property, picture] = elements(block, 'SES_SealInfo');
  const [id] = elements(header, 'SES_Header');
  if (stringOf(id) !== 'ES') throw new SesFormatError('the seal header is not ES');
  const fields = elements(property, 'SES_ESPropertyInfo');
  const name = fields.map(stringOf).find((value) => value !== '') ?? '';
  const times = fields.map(timeOf).filter((time): time is Date => time !== null);
  // certList: certificates as OCTET STRINGs (v1, and v4 with certListType 1), or digests of them (v4, type 2).
  const list = fields.find((field) => field instanceof asn1js.Sequence) as asn1js.Sequence | undefined;
  const signerCertificates = (list?.valueBlock.value ?? []).flatMap((item) => (item instanceof asn1js.OctetString ? [bytes(item.valueBlock.valueHexView)] : []));
  return { esId: stringOf(esId), name, picture: readPicture(picture), validFrom: times.at(-2) ?? null, validTo: times.at(-1) ?? null, signerCertificates };
}

function readSeal(block: asn1js.AsnType, version: 1 | 4): SesSeal {
  const parts = elements(block, 'SESeal');
  const sealInfo = parts[0]!;
  const info = readSealInfo(sealInfo);
  if (version === 4) {
    const [, cert, algorithm, signedValue] = parts;
    return {
      ...info,
      makerCertificate: octets(cert, 'the maker certificate'),
      algorithm: oid(algorithm, 'the seal signature algorithm'),
      signedValue: bitString(signedValue, 'the seal signature'),
      signedCandidates: [sequenceOf([raw(sealInfo), raw(cert!), raw(algorithm!)]), raw(sealInfo)],
    };
  }
  const signInfo = parts[1];
  const [cert, algorithm, signData] = elements(signInfo, 'SES_SignInfo');
  return {
    ...info,
    makerCertificate: octets(cert, 'the maker certificate'),
    algorithm: oid(algorithm, 'the seal signature algorithm'),
    signedValue: bitString(signData, 'the seal signature'),
    signedCandidates: [sequenceOf([raw(sealInfo), raw(cert!), raw(algorithm!)]), raw(sealInfo)],
  };
}

/**
 * The [0] IMPLICIT BIT STRING after v4's signature; an EXPLICIT [0] around a BIT STRING, as some
 * makers write it, is read too. Whatever else sits there is 'malformed'.
 */
function readTimeStamp(block: asn1js.AsnType | undefined): SesSignature['timeStamp'] {
  if (block === undefined) return null;
  const tag = block.idBlock;
  if (tag.tagClass !== 3 || tag.tagNumber !== 0) return 'malformed';
  let content: Uint8Array;
  if (block instanceof asn1js.Constructed) {
    const [inner] = block.valueBlock.value;
    if (block.valueBlock.value.length !== 1 || !(inner instanceof asn1js.BitString) || inner.valueBlock.unusedBits !== 0) return 'malformed';
    content = inner.valueBlock.valueHexView;
  } else {
    // Implicit: the primitive's content is the BIT STRING's, its first byte the count of unused bits.
    const view = (block as asn1js.Primitive).valueBlock.valueHexView;
    if (view.length < 2 || view[0] !== 0) return 'malformed';
    content = view.subarray(1);
  }
  return content.length > MAX_TIME_STAMP_BYTES ? 'malformed' : bytes(content);
}

/** The fields both layouts share, read from where each keeps them. */
function signatureOf(version: 1 | 4, toSign: asn1js.AsnType, fields: asn1js.AsnType[], cert: unknown, algorithm: unknown, signature: unknown, timeStamp?: asn1js.AsnType): SesSignature {
  const [, eseal, timeInfo, dataHash, propertyInfo] = fields;
  return {
    version,
    signedBytes: raw(toSign),
    signerCertificate: octets(cert, 'the signer certificate'),
    signatureAlgorithm: oid(algorithm, 'the signature algorithm'),
    signature: bitString(signature, 'the signature'),
    dataHash: bitString(dataHash, 'dataHash'),
    signedAt: timeOf(timeInfo),
    propertyInfo: stringOf(propertyInfo),
    seal: readSeal(eseal!, version),
    timeStamp: readTimeStamp(timeStamp),
  };
}

/** Reads SignedValue.dat; throws SesFormatError when it is not an SES_Signature of either version. */
export function readSesSignature(der: Buffer): SesSignature {
  let top: asn1js.AsnType;
  try {
    const parsed = asn1js.fromBER(arrayBufferOf(der));
    if (parsed.offset === -1 || parsed.offset !== der.length) throw new SesFormatError('not one DER value');
    top = parsed.result;
  } catch (error) {
    throw error instanceof SesFormatError ? error : new SesFormatError(String(error));
  }
  const outer = elements(top, 'SES_Signature');
  try {
    // v4 (GB/T 38540) signs the TBS_Sign alone and carries the certificate and algorithm beside it;
    // v1 (GM/T 0031) carries them inside the TBS_Sign.
    if (outer.length >= 4) {
      const [toSign, cert, algorithm, signature, timeStamp] = outer;
      return signatureOf(4, toSign!, elements(toSign, 'TBS_Sign'), cert, algorithm, signature, timeStamp);
    }
    if (outer.length === 2) {
      const [toSign, signature] = outer;
      const fields = elements(toSign, 'TBS_Sign');
      return signatureOf(1, toSign!, fields, fields[5], fields[6], signature);
    }
  } catch (error) {
    if (error instanceof SesFormatError) throw error;
    throw new SesFormatError(error instanceof Error ? error.message : String(error));
  }
  throw new SesFormatError(`an SES_Signature of ${outer.length} fields`);
}
