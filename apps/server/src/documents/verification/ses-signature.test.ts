import * as asn1js from 'asn1js';
import { describe, expect, it } from 'vitest';
import { MAX_SEAL_PICTURE_BYTES, MAX_TIME_STAMP_BYTES, readSesSignature } from './ses-signature';

/**
 * The seal's picture (SES_ESPictrueInfo) as both layouts carry it, in SES_SealInfo after the
 * property: read where it is well formed, and left out, never a failed parse, where it is not.
 * Signatures and certificates here are placeholders: reading does not check them.
 */

const SEAL_NAME = '测试市不动产登记中心电子证照专用章';
const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const SM2_WITH_SM3 = '1.2.156.10197.1.501';

const ia5 = (value: string) => new asn1js.IA5String({ value });
const int = (value: number) => new asn1js.Integer({ value });
const octets = (bytes: Buffer | Uint8Array) => new asn1js.OctetString({ valueHex: Uint8Array.from(bytes).buffer });
const bits = (bytes: Buffer) => new asn1js.BitString({ valueHex: Uint8Array.from(bytes).buffer });
const oid = () => new asn1js.ObjectIdentifier({ value: SM2_WITH_SM3 });
const time = () => new asn1js.GeneralizedTime({ valueDate: new Date('2026-03-01T08:00:00Z') });
const sequence = (value: asn1js.AsnType[]) => new asn1js.Sequence({ value });

function pictureInfo(type: asn1js.AsnType, data: asn1js.AsnType, width: asn1js.AsnType = int(40), height: asn1js.AsnType = int(40)) {
  return sequence([type, data, width, height]);
}

/** SES_SealInfo with `picture` after the property (none when undefined). */
function sealInfo(picture?: asn1js.AsnType) {
  const property = sequence([int(1), new asn1js.Utf8String({ value: SEAL_NAME }), sequence([octets(Buffer.from('certificate'))]), time(), time(), time()]);
  return sequence([sequence([ia5('ES'), int(4), ia5('test')]), ia5('ES-330100-0001'), property, ...(picture ? [picture] : [])]);
}

/** GB/T 38540's v4 SES_Signature around the seal information, with `timeStamp` after the signature when given. */
function v4(info: asn1js.Sequence, timeStamp?: asn1js.AsnType): Buffer {
  const eseal = sequence([info, octets(Buffer.from('maker')), oid(), bits(Buffer.alloc(64, 1))]);
  const toSign = sequence([int(4), eseal, time(), bits(Buffer.alloc(32, 2)), ia5('/Doc_0/Signs/Sign_0/Signature.xml')]);
  return Buffer.from(sequence([toSign, octets(Buffer.from('signer')), oid(), bits(Buffer.alloc(64, 3)), ...(timeStamp ? [timeStamp] : [])]).toBER());
}

/** [0] IMPLICIT BIT STRING: the context tag around `unused` then the bytes. */
const implicitBits = (bytes: Buffer, unused = 0) => new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 }, valueHex: Uint8Array.from(Buffer.concat([Buffer.from([unused]), bytes])).buffer });

/** GM/T 0031's v1 SES_Signature around the seal information. */
function v1(info: asn1js.Sequence): Buffer {
  const eseal = sequence([info, sequence([octets(Buffer.from('maker')), oid(), bits(Buffer.alloc(64, 1))])]);
  const toSign = sequence([int(1), eseal, bits(Buffer.from('20260301080000Z')), bits(Buffer.alloc(32, 2)), ia5('/Doc_0/Signs/Sign_0/Signature.xml'), octets(Buffer.from('signer')), oid()]);
  return Buffer.from(sequence([toSign, bits(Buffer.alloc(64, 3))]).toBER());
}

describe('the seal picture of an SES_Signature', () => {
  it('v4 and v1 alike: its type (in lower case), bytes and size in mm', () => {
    const v4Seal = readSesSignature(v4(sealInfo(pictureInfo(ia5('png'), octets(PNG_BYTES), int(42), int(38))))).seal;
    expect(v4Seal.name).toBe(SEAL_NAME);
    expect(v4Seal.picture).toEqual({ type: 'png', data: PNG_BYTES, width: 42, height: 38 });

    const v1Signature = readSesSignature(v1(sealInfo(pictureInfo(ia5('JPG'), octets(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))))));
    expect(v1Signature.version).toBe(1);
    expect(v1Signature.seal.picture).toEqual({ type: 'jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0]), width: 40, height: 40 });
  });

  it('a missing, malformed or oversized picture is absent, and the rest of the seal reads as before', () => {
    const odd: Array<[string, asn1js.AsnType | undefined]> = [
      ['no picture', undefined],
      ['a picture that is no SEQUENCE', octets(PNG_BYTES)],
      ['a type that is no string', pictureInfo(int(1), octets(PNG_BYTES))],
      ['data that is no OCTET STRING', pictureInfo(ia5('png'), ia5('data'))],
      ['empty data', pictureInfo(ia5('png'), octets(Buffer.alloc(0)))],
      ['data over the cap', pictureInfo(ia5('png'), octets(Buffer.alloc(MAX_SEAL_PICTURE_BYTES + 1)))],
      ['a negative width', pictureInfo(ia5('png'), octets(PNG_BYTES), int(-40))],
      ['a height of 2^40 mm', pictureInfo(ia5('png'), octets(PNG_BYTES), int(40), new asn1js.Integer({ valueHex: Uint8Array.from([1, 0, 0, 0, 0, 0]).buffer }))],
      ['no height', sequence([ia5('png'), octets(PNG_BYTES), int(40)])],
    ];
    for (const [what, picture] of odd) {
      for (const layout of [v4, v1]) {
        const seal = readSesSignature(layout(sealInfo(picture))).seal;
        expect({ what, name: seal.name, picture: seal.picture }).toEqual({ what, name: SEAL_NAME, picture: null });
      }
    }
  });
});

describe('the time stamp of an SES_Signature (v4 timeStamp [0] BIT STRING OPTIONAL)', () => {
  const TOKEN = Buffer.from('a time-stamp token, judged elsewhere');

  it('its bytes, implicitly or explicitly tagged; null when absent and always for v1', () => {
    expect(readSesSignature(v4(sealInfo(), implicitBits(TOKEN))).timeStamp).toEqual(TOKEN);
    const explicit = new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [bits(TOKEN)] });
    expect(readSesSignature(v4(sealInfo(), explicit)).timeStamp).toEqual(TOKEN);
    expect(readSesSignature(v4(sealInfo())).timeStamp).toBeNull();
    expect(readSesSignature(v1(sealInfo())).timeStamp).toBeNull();
  });

  it('anything else in its place is malformed, and the rest of the signature reads as before', () => {
    const odd: Array<[string, asn1js.AsnType]> = [
      ['another tag', new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 1 }, valueHex: Uint8Array.from([0, 1, 2]).buffer })],
      ['a universal OCTET STRING', octets(TOKEN)],
      ['unused bits', implicitBits(TOKEN, 3)],
      ['no bytes', implicitBits(Buffer.alloc(0))],
      ['over the cap', implicitBits(Buffer.alloc(MAX_TIME_STAMP_BYTES + 1, 7))],
      ['an explicit tag around no BIT STRING', new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [octets(TOKEN)] })],
    ];
    for (const [what, timeStamp] of odd) {
      const read = readSesSignature(v4(sealInfo(), timeStamp));
      expect({ what, timeStamp: read.timeStamp, name: read.seal.name, signature: read.signature }).toEqual({ what, timeStamp: 'malformed', name: SEAL_NAME, signature: Buffer.alloc(64, 3) });
    }
    const largest = Buffer.alloc(MAX_TIME_STAMP_BYTES, 7);
    expect(readSesSignature(v4(sealInfo(), implicitBits(largest))).timeStamp).toEqual(largest);
  });
});
