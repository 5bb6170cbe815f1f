import { spawnSync } from 'node:child_process';
import { createHash, createPrivateKey } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSm2Signature, encodeSm2Signature, isSm2Key, Sm2, sm2, sm2PrivateScalar, sm2PublicPoint } from './sm2';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hall-sm2-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const openssl = (args: string[]) => spawnSync('openssl', args, { encoding: 'utf8' });

describe('SM3 (GM/T 0004 appendix A)', () => {
  it('hashes the standard’s two examples', () => {
    expect(createHash('sm3').update('abc').digest('hex')).toBe('66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0');
    expect(createHash('sm3').update('abcd'.repeat(16)).digest('hex')).toBe('debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732');
  });
});

describe('SM2 signatures (GM/T 0003.2 / GB/T 32918.2 appendix A, test curve over Fp-256)', () => {
  const example = new Sm2({
    p: 0x8542d69e4c044f18e8b92435bf6ff7de457283915c45517d722edb8b08f1dfc3n,
    a: 0x787968b4fa32c3fd2417842e73bbfeff2f3c848b6831d7e0ec65228b3937e498n,
    b: 0x63e4c6d3b23b0c849cf84241484bfe48f61d59a5b16ba06e6e12d1da27c5249an,
    Gx: 0x421debd61b62eab6746434ebc3cc315e32220b3badd50bdc4c4e6c147fedd43dn,
    Gy: 0x0680512bcbb42c07d47349d2153b70c4e5d7fdfcbfa36ea1a85841b9e46e09a2n,
    n: 0x8542d69e4c044f18e8b92435bf6ff7dd297720630485628d5ae74ee7c32e79b7n,
    h: 1n,
  });
  const id = Buffer.from('ALICE123@YAHOO.COM');
  const privateKey = 0x128b2fa8bd433c6c068c8d803dff79792a519a55171b1b650c23661d15897263n;
  const message = Buffer.from('message digest');

  it('derives the public key and Z_A, and signs with the given k to the standard’s r and s', () => {
    const publicKey = example.publicKeyOf(privateKey);
    expect(publicKey.toString('hex')).toBe('04' + '0ae4c7798aa0f119471bee11825be46202bb79e2a5844495e97c04ff4df2548a' + '7c0240f88f1cd4e16352a73c17b7f16f07353e53a176d684a9fe0c6bb798e857');
    expect(example.z(publicKey, id).toString('hex')).toBe('f4a38489e32b45b6f876e3ac2168ca392362dc8f23459c1d1146fc3dbfb7bc9a');
    const signature = example.sign(message, privateKey, id, 0x6cb28d99385c175c94f94e934817663fc176d925dd72b727260dbaae1fb2f96fn);
    expect(signature.r.toString(16)).toBe('40f1ec59f793d9f49e09dcef49130d4194f79fb1eed2caa55bacdb49c4e755d1');
    expect(signature.s.toString(16)).toBe('6fc6dac32c5d5cf10c77dfb20f7c2eb667a457872fb09ec56327a67ec7deebe7');
    expect(example.verify(message, signature, publicKey, id)).toBe(true);
    expect(example.verify(Buffer.from('message digesT'), signature, publicKey, id)).toBe(false);
    expect(example.verify(message, signature, publicKey)).toBe(false);
  });
});

describe('SM2 on the recommended curve, against the openssl command line', () => {
  it('verifies what openssl signs with the default ID, and openssl verifies what it signs', async () => {
    const keyFile = join(dir, 'sm2.key');
    expect(openssl(['genpkey', '-algorithm', 'SM2', '-out', keyFile]).status).toBe(0);
    const key = createPrivateKey(await readFile(keyFile));
    expect(isSm2Key(key)).toBe(true);
    const publicKey = sm2PublicPoint(key);
    expect(sm2.publicKeyOf(sm2PrivateScalar(key)).equals(publicKey)).toBe(true);

    const messageFile = join(dir, 'message.bin');
    await writeFile(messageFile, '不动产登记证明');
    const theirs = join(dir, 'theirs.der');
    const signed = openssl(['pkeyutl', '-sign', '-rawin', '-digest', 'sm3', '-pkeyopt', 'distid:1234567812345678', '-inkey', keyFile, '-in', messageFile, '-out', theirs]);
    expect(signed.status, signed.stderr).toBe(0);
    const signature = decodeSm2Signature(await readFile(theirs))!;
    expect(sm2.verify(Buffer.from('不动产登记证明'), signature, publicKey)).toBe(true);
    expect(sm2.verify(Buffer.from('不动产登记证明 '), signature, publicKey)).toBe(false);

    const ours = join(dir, 'ours.der');
    await writeFile(ours, encodeSm2Signature(sm2.sign(Buffer.from('不动产登记证明'), sm2PrivateScalar(key))));
    const publicFile = join(dir, 'sm2.pub');
    expect(openssl(['pkey', '-in', keyFile, '-pubout', '-out', publicFile]).status).toBe(0);
    const verified = openssl(['pkeyutl', '-verify', '-rawin', '-digest', 'sm3', '-pkeyopt', 'distid:1234567812345678', '-pubin', '-inkey', publicFile, '-in', messageFile, '-sigfile', ours]);
    expect(verified.stdout).toContain('Signature Verified Successfully');
  });

  it('answers false, never throws, for a malformed signature or point', () => {
    const privateKey = 0x1234567890abcdefn;
    const publicKey = sm2.publicKeyOf(privateKey);
    const signature = sm2.sign(Buffer.from('x'), privateKey);
    expect(sm2.verify(Buffer.from('x'), signature, publicKey)).toBe(true);
    const offCurve = Buffer.from(publicKey);
    offCurve[64] = offCurve[64]! ^ 1;
    expect(sm2.verify(Buffer.from('x'), signature, offCurve)).toBe(false);
    expect(sm2.verify(Buffer.from('x'), signature, Buffer.from([4, 1, 2]))).toBe(false);
    expect(sm2.verify(Buffer.from('x'), { r: 0n, s: signature.s }, publicKey)).toBe(false);
    expect(sm2.verify(Buffer.from('x'), { r: signature.r, s: sm2.curve.n }, publicKey)).toBe(false);
    expect(decodeSm2Signature(Buffer.from('3003020101', 'hex'))).toBeNull();
    expect(decodeSm2Signature(Buffer.from('not der'))).toBeNull();
    expect(decodeSm2Signature(encodeSm2Signature(signature))).toEqual(signature);
  });
});
