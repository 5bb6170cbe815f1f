import { invert, mod } from '@noble/curves/abstract/modular.js';
import { weierstrass, type WeierstrassOpts } from '@noble/curves/abstract/weierstrass.js';
import * as asn1js from 'asn1js';
import { createHash, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';

/**
 * SM2 signatures over SM3 (GB/T 32918.2, GM/T 0003) in JavaScript on @noble/curves' point arithmetic
 * (docs/decisions/013-sm2-seals-in-javascript.md). Node's OpenSSL has the curve and SM3 but no way to set
 * the signer's distinguishing ID that SM2's Z value hashes, so the signature itself is computed here;
 * SM3 stays OpenSSL's (`createHash('sm3')`), which is correct.
 */

/** The distinguishing ID every GB/T 35276 and GB/T 38540 signature uses unless agreed otherwise. */
export const SM2_DEFAULT_ID = Buffer.from('1234567812345678', 'latin1');

export type Sm2CurveParameters = WeierstrassOpts<bigint>;

/** The recommended curve of GM/T 0003.5 (OID 1.2.156.10197.1.301). */
export const SM2_CURVE: Sm2CurveParameters = {
  p: 0xfffffffeffffffffffffffffffffffffffffffff00000000ffffffffffffffffn,
  a: 0xfffffffeffffffffffffffffffffffffffffffff00000000fffffffffffffffcn,
  b: 0x28e9fa9e9d9f5e344d5a9e4bcf6509a7f39789f515ab8f92ddbcbd414d940e93n,
  n: 0xfffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123n,
  h: 1n,
  Gx: 0x32c4ae2c1f1981195f9904466a39c9948fe30bbff2660be1715a4589334c74c7n,
  Gy: 0xbc3736a2f4f6779c59bdcee36b692153d0a9877cc62a474002df32e52139f0a0n,
};

const sm3 = (...parts: Uint8Array[]): Buffer => {
  const hash = createHash('sm3');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

const toBytes = (value: bigint, length: number): Buffer => Buffer.from(value.toString(16).padStart(length * 2, '0'), 'hex');
const toBigInt = (bytes: Uint8Array): bigint => (bytes.length ? BigInt(`0x${Buffer.from(bytes).toString('hex')}`) : 0n);

/** One SM2 curve: the recommended one for documents; the standard's worked example uses a test curve of its own. */
export class Sm2 {
  private readonly Point;
  private readonly size: number;

  constructor(readonly curve: Sm2CurveParameters = SM2_CURVE) {
    this.Point = weierstrass(curve);
    this.size = Math.ceil(curve.p.toString(16).length / 2);
  }

  /** The point of a public key given as SEC 1 bytes (04‖x‖y, or compressed); throws on one not on the curve. */
  private point(publicKey: Uint8Array) {
    const point = this.Point.fromBytes(publicKey);
    point.assertValidity();
    return point;
  }

  /** Z = SM3(ENTL ‖ ID ‖ a ‖ b ‖ xG ‖ yG ‖ xA ‖ yA), the signer's identity that SM2 hashes before the message. */
  z(publicKey: Uint8Array, id: Uint8Array = SM2_DEFAULT_ID): Buffer {
    const { x, y } = this.point(publicKey).toAffine();
    const bits = id.length * 8;
    const { a, b, Gx, Gy } = this.curve;
    return sm3(Buffer.from([(bits >> 8) & 0xff, bits & 0xff]), id, ...[a, b, Gx, Gy, x, y].map((v) => toBytes(v, this.size)));
  }

  /** e = SM3(Z ‖ M) as an integer. */
  private digest(message: Uint8Array, publicKey: Uint8Array, id: Uint8Array): bigint {
    return toBigInt(sm3(this.z(publicKey, id), message));
  }

  /** The public key (04‖x‖y) of a private scalar. */
  publicKeyOf(privateKey: bigint): Buffer {
    return Buffer.from(this.Point.BASE.multiply(privateKey).toBytes(false));
  }

  /** Signs `message` (the signer's ID hashed in); `nonce` only for the standard's worked example, random otherwise. */
  sign(message: Uint8Array, privateKey: bigint, id: Uint8Array = SM2_DEFAULT_ID, nonce?: bigint): { r: bigint; s: bigint } {
    const { n } = this.curve;
    if (privateKey <= 0n || privateKey >= n - 1n) throw new Error('the SM2 private key is out of range');
    const e = this.digest(message, this.publicKeyOf(privateKey), id);
    for (;;) {
      const k = nonce ?? mod(toBigInt(randomBytes(this.size + 8)), n - 1n) + 1n;
      const x1 = this.Point.BASE.multiply(k).toAffine().x;
      const r = mod(e + x1, n);
      if (r === 0n || r + k === n) continue;
      const s = mod(invert(1n + privateKey, n) * (k - r * privateKey), n);
      if (s !== 0n) return { r, s };
    }
  }

  /** Whether (r, s) is `message`'s signature by `publicKey` under `id`; false for any malformed key or value, never a throw. */
  verify(message: Uint8Array, signature: { r: bigint; s: bigint }, publicKey: Uint8Array, id: Uint8Array = SM2_DEFAULT_ID): boolean {
    const { n } = this.curve;
    const { r, s } = signature;
    if (r < 1n || r >= n || s < 1n || s >= n) return false;
    try {
      const key = this.point(publicKey);
      const t = mod(r + s, n);
      if (t === 0n) return false;
      const sum = this.Point.BASE.multiply(s).add(key.multiply(t));
      if (sum.is0()) return false;
      return mod(this.digest(message, publicKey, id) + sum.toAffine().x, n) === r;
    } catch {
      return false;
    }
  }
}

export const sm2 = new Sm2();

/** An SM2 signature as X.509 and CMS carry it: SEQUENCE { INTEGER r, INTEGER s }. */
export function encodeSm2Signature({ r, s }: { r: bigint; s: bigint }): Buffer {
  // DER: minimal big-endian bytes, with a zero byte in front when the top bit is set (a positive INTEGER).
  const integer = (value: bigint) => {
    const hex = value.toString(16).padStart(2 * Math.ceil(value.toString(16).length / 2), '0');
    return new asn1js.Integer({ valueHex: Uint8Array.from(Buffer.from(/^[89a-f]/.test(hex) ? `00${hex}` : hex, 'hex')) });
  };
  return Buffer.from(new asn1js.Sequence({ value: [integer(r), integer(s)] }).toBER());
}

/** (r, s) of a DER signature; null when it is not two positive INTEGERs in a SEQUENCE. */
export function decodeSm2Signature(der: Uint8Array): { r: bigint; s: bigint } | null {
  const copy = Uint8Array.from(der);
  const parsed = asn1js.fromBER(copy.buffer);
  if (parsed.offset === -1 || parsed.offset !== copy.length || !(parsed.result instanceof asn1js.Sequence)) return null;
  const [r, s, extra] = parsed.result.valueBlock.value;
  if (!(r instanceof asn1js.Integer) || !(s instanceof asn1js.Integer) || extra) return null;
  const value = (integer: asn1js.Integer) => {
    const bytes = integer.valueBlock.valueHexView;
    if (bytes.length > 33 || (bytes[0] ?? 0) & 0x80) return null;
    return toBigInt(bytes);
  };
  const [rv, sv] = [value(r), value(s)];
  return rv === null || sv === null ? null : { r: rv, s: sv };
}

const SM2_CURVE_OID = '1.2.156.10197.1.301';

/** The curve OID of an EC key's SubjectPublicKeyInfo (Node names SM2 keys no type of their own). */
function curveOf(der: Buffer): string | null {
  try {
    const parsed = asn1js.fromBER(Uint8Array.from(der).buffer);
    const body = (parsed.result as asn1js.Sequence).valueBlock.value;
    const algorithm = body.find((part): part is asn1js.Sequence => part instanceof asn1js.Sequence);
    const curve = algorithm?.valueBlock.value[1];
    return curve instanceof asn1js.ObjectIdentifier ? curve.valueBlock.toString() : null;
  } catch {
    return null;
  }
}

/** Whether a Node key is an SM2 key (an EC key on the SM2 curve). */
export function isSm2Key(key: KeyObject): boolean {
  if (key.asymmetricKeyType !== undefined && key.asymmetricKeyType !== 'ec' && key.asymmetricKeyType !== ('sm2' as string)) return false;
  try {
    return curveOf(spkiOf(key)) === SM2_CURVE_OID;
  } catch {
    return false;
  }
}

/** The private scalar of an SM2 key (PKCS#8 → ECPrivateKey → privateKey). */
export function sm2PrivateScalar(key: KeyObject): bigint {
  const pkcs8 = asn1js.fromBER(Uint8Array.from(key.export({ type: 'pkcs8', format: 'der' })).buffer).result as asn1js.Sequence;
  const inner = pkcs8.valueBlock.value[2] as asn1js.OctetString;
  const ecPrivateKey = asn1js.fromBER(Uint8Array.from(inner.valueBlock.valueHexView).buffer).result as asn1js.Sequence;
  return toBigInt((ecPrivateKey.valueBlock.value[1] as asn1js.OctetString).valueBlock.valueHexView);
}

/** The SubjectPublicKeyInfo (DER) of a public key, or of a private key's public half. */
export function spkiOf(key: KeyObject): Buffer {
  return (key.type === 'public' ? key : createPublicKey(key)).export({ type: 'spki', format: 'der' });
}

/** The public point (04‖x‖y) of a key (public or private), from its SubjectPublicKeyInfo. */
export function sm2PublicPoint(key: KeyObject): Buffer {
  const spki = asn1js.fromBER(Uint8Array.from(spkiOf(key)).buffer).result as asn1js.Sequence;
  return Buffer.from((spki.valueBlock.value[1] as asn1js.BitString).valueBlock.valueHexView);
}
