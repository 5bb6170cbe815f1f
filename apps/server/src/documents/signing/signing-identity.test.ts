import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSignerChain, opensslSm2Chain } from '../../../test/signing-helpers';
import { readEnv } from '../../env';
import { missingProductionSettings } from '../../mode';
import { isSm2Key } from './sm2';
import { DEMO_IDENTITY_DIR, loadSigningIdentity, loadTrustRoots } from './signing-identity';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hall-identity-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the signing identity', () => {
  it('demo: a CA and a signing certificate naming the district centre, owner-only, made once and reused', async () => {
    const env = readEnv({ HALL_MODE: 'demo', HALL_DATA_DIR: join(dir, 'demo') });
    const first = await loadSigningIdentity(env);
    expect(first.source).toBe('demo');
    expect(first.stampName).toBe('邯郸市不动产登记中心');
    expect(first.certificate.subject).toContain('O=邯郸市不动产登记中心');
    expect(first.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const folder = join(dir, 'demo', DEMO_IDENTITY_DIR);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    for (const name of ['hall-ca.pem', 'hall-signer-chain.pem', 'hall-signer.key']) expect((await stat(join(folder, name))).mode & 0o777).toBe(0o600);
    const again = await loadSigningIdentity(env);
    expect(again.fingerprint).toBe(first.fingerprint);
    const roots = await loadTrustRoots(env, first);
    expect(roots).toHaveLength(1);
    expect(first.certificate.checkIssued(new X509Certificate(roots[0]!))).toBe(true);
  });

  it('production: a PKCS#12 made by openssl, and the roots of HALL_TRUST_ROOTS_DIR', async () => {
    const { ca, signer } = makeSignerChain({ ca: '正式根证书', signer: '正式电子签章', organisation: '邯郸市不动产登记中心' });
    const other = makeSignerChain({ ca: '外单位根证书', signer: '外单位签章', organisation: '外单位' });
    const key = join(dir, 'p12.key');
    const chain = join(dir, 'p12-chain.pem');
    const p12 = join(dir, 'hall.p12');
    await writeFile(key, signer.key.export({ type: 'pkcs8', format: 'pem' }).toString());
    await writeFile(chain, signer.pem + ca.pem);
    const run = spawnSync('openssl', ['pkcs12', '-export', '-inkey', key, '-in', chain, '-out', p12, '-passout', 'pass:s3cret-Hall'], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const roots = join(dir, 'roots');
    await mkdir(roots);
    await writeFile(join(roots, 'other.pem'), other.ca.pem);
    await writeFile(join(roots, 'notes.txt'), 'not a certificate');
    const env = readEnv({ HALL_MODE: 'production', HALL_SIGNING_P12: p12, HALL_SIGNING_P12_PASSWORD: 's3cret-Hall', HALL_TRUST_ROOTS_DIR: roots });
    const identity = await loadSigningIdentity(env);
    expect(identity).toMatchObject({ source: 'configured', stampName: '邯郸市不动产登记中心' });
    expect(identity.chain.map((der) => new X509Certificate(der).fingerprint256)).toEqual([new X509Certificate(signer.der).fingerprint256, new X509Certificate(ca.der).fingerprint256]);
    const trusted = (await loadTrustRoots(env, identity)).map((der) => new X509Certificate(der).fingerprint256);
    expect(trusted).toEqual([new X509Certificate(ca.der).fingerprint256, new X509Certificate(other.ca.der).fingerprint256]);
  });

  it('production without a signing identity does not start', async () => {
    await expect(loadSigningIdentity(readEnv({ HALL_MODE: 'production', HALL_DATA_DIR: join(dir, 'none') }))).rejects.toThrow(/HALL_SIGNING_P12/);
  });

  it('demo with HALL_SIGNING_ALGORITHM=sm2: an SM2 CA and signer of its own, in a folder beside the RSA one, made once and reused', async () => {
    const env = readEnv({ HALL_MODE: 'demo', HALL_DATA_DIR: join(dir, 'demo-sm2'), HALL_SIGNING_ALGORITHM: 'sm2' });
    const first = await loadSigningIdentity(env);
    expect(isSm2Key(first.key)).toBe(true);
    expect(first).toMatchObject({ source: 'demo', stampName: '邯郸市不动产登记中心' });
    expect(first.chain).toHaveLength(2);
    expect((await stat(join(dir, 'demo-sm2', `${DEMO_IDENTITY_DIR}-sm2`))).mode & 0o777).toBe(0o700);
    expect((await loadSigningIdentity(env)).fingerprint).toBe(first.fingerprint);
    const rsa = await loadSigningIdentity(readEnv({ HALL_MODE: 'demo', HALL_DATA_DIR: join(dir, 'demo-sm2') }));
    expect(isSm2Key(rsa.key)).toBe(false);
  });

  it('production with HALL_SIGNING_ALGORITHM=sm2: an SM2 key and chain made by openssl; without them the hall names both settings; an RSA key is refused', async () => {
    const sm2Dir = join(dir, 'sm2-production');
    const file = (name: string) => join(sm2Dir, name);
    await opensslSm2Chain(sm2Dir, { ca: 'SM2 Root', signer: 'SM2 Seal', organisation: 'Centre' });
    // The chain file lists the root first: the hall orders it by checking each SM2 signature itself.
    await writeFile(file('chain.pem'), (await readFile(file('ca.pem'), 'utf8')) + (await readFile(file('signer.pem'), 'utf8')));
    const settings = { HALL_MODE: 'production', HALL_SIGNING_ALGORITHM: 'sm2', HALL_SIGNING_KEY: file('signer.key'), HALL_SIGNING_CHAIN: file('chain.pem') };
    const identity = await loadSigningIdentity(readEnv(settings));
    expect(identity).toMatchObject({ source: 'configured', stampName: 'Centre' });
    expect(identity.chain.map((der) => new X509Certificate(der).subject)).toEqual(['CN=SM2 Seal\nO=Centre\nC=CN', 'CN=SM2 Root\nO=Centre\nC=CN']);

    expect(missingProductionSettings(readEnv({ HALL_SIGNING_ALGORITHM: 'sm2' })).map((setting) => setting.name)).toContain('HALL_SIGNING_KEY');
    const withoutKey = missingProductionSettings(readEnv({ HALL_SIGNING_ALGORITHM: 'sm2', HALL_SIGNING_P12: file('any.p12') })).map((setting) => setting.name);
    expect(withoutKey.filter((name) => name.startsWith('HALL_SIGNING'))).toEqual(['HALL_SIGNING_KEY', 'HALL_SIGNING_CHAIN']);
    await expect(loadSigningIdentity(readEnv({ HALL_MODE: 'production', HALL_SIGNING_ALGORITHM: 'sm2' }))).rejects.toThrow(/HALL_SIGNING_KEY/);

    const { ca, signer } = makeSignerChain({ ca: 'RSA 根证书', signer: 'RSA 签章', organisation: '中心' });
    await writeFile(file('rsa.key'), signer.key.export({ type: 'pkcs8', format: 'pem' }).toString());
    await writeFile(file('rsa-chain.pem'), signer.pem + ca.pem);
    await expect(loadSigningIdentity(readEnv({ ...settings, HALL_SIGNING_KEY: file('rsa.key'), HALL_SIGNING_CHAIN: file('rsa-chain.pem') }))).rejects.toThrow(/SM2 private key/);
    await expect(loadSigningIdentity(readEnv({ ...settings, HALL_SIGNING_ALGORITHM: 'rsa' }))).rejects.toThrow(/HALL_SIGNING_ALGORITHM=sm2/);
  });
});
