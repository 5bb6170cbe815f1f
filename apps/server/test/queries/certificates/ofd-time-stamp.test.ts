import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatShanghaiDateTime } from '../../../src/lib/shanghai-time';
import { PdfWorkers } from '../../../src/documents/pdf-worker';
import { WorkerPdfVerifier } from '../../../src/documents/pdf-verifier';
import { renderVerificationReport } from '../../../src/documents/verification-report';
import type { SignatureFinding, VerificationOutcome } from '../../../src/documents/verification/verdicts';
import { derOf, ofdOf, opensslTimeStamp, opensslTimeStampByNonTsa, opensslTsa, sealedOfdFiles, sesSignature, type SesOptions, type Tsa } from '../../ofd-helpers';
import { opensslSm2Chain } from '../../signing-helpers';

/**
 * The time stamp of an OFD seal (SES_Signature v4's timeStamp, RFC 3161, over the signature value):
 * every token here is made by `openssl ts` with an RSA TSA, independent of the hall's code, and the
 * e-licence is judged by the real verifier in its worker.
 */

let work: string;
let workers: PdfWorkers;
let verifier: WorkerPdfVerifier;
let trusted: { caFile: string; signerFile: string; keyFile: string };
let tsa: Tsa;
let strangeTsa: Tsa;

const MB = 1024 * 1024;
/** The seal's own timeInfo, an hour after the time stamp (within every validity here), so the two cannot be mistaken. */
const CLAIMED = new Date(Math.floor((Date.now() + 3_600_000) / 1000) * 1000);

async function verify(bytes: Buffer): Promise<VerificationOutcome> {
  const { outcome } = await verifier.verify(async () => Readable.from([bytes]), bytes.length);
  return outcome;
}

const stamped = async (timeStamp: SesOptions['timeStamp'], claimed = CLAIMED) => {
  const options: SesOptions = {
    maker: { certFile: trusted.caFile, keyFile: join(work, 'trusted', 'ca.key') },
    signer: { certFile: trusted.signerFile, keyFile: trusted.keyFile },
    seal: { signedAt: claimed },
    timeStamp,
  };
  return verify(ofdOf(await sealedOfdFiles((description) => sesSignature(work, description, options))));
};

const firstSignature = (outcome: VerificationOutcome): SignatureFinding => {
  if (!outcome.ok) throw new Error(`verification failed: ${outcome.failure}`);
  return outcome.verification.signatures[0]!;
};

const pdftotext = (pdf: Uint8Array) => spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' }).stdout;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'hall-ofd-time-stamp-'));
  trusted = await opensslSm2Chain(join(work, 'trusted'), { ca: 'SM2 Trusted Root', signer: 'SM2 Sealing Officer' });
  tsa = await opensslTsa(join(work, 'tsa'), { ca: 'TSA Trusted Root', tsa: 'Test Time Stamping Authority' });
  strangeTsa = await opensslTsa(join(work, 'strange-tsa'), { ca: 'TSA Unknown Root', tsa: 'Stranger Time Stamping Authority' });
  workers = new PdfWorkers({ timeoutMs: 20_000, memoryMb: 96, maxStreamBytes: 16 * MB, maxInflatedBytes: 48 * MB });
  verifier = new WorkerPdfVerifier([await derOf(trusted.caFile), await derOf(tsa.caFile)], workers, 64 * MB, true);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('OFD seals with a time stamp made by openssl ts', () => {
  it('a time stamp of the signature value by a trusted TSA: 有效, and the signing time is its genTime, marked as a trusted time stamp in the report', async () => {
    const before = Date.now();
    const outcome = await stamped((signature) => opensslTimeStamp(tsa, signature));
    const signature = firstSignature(outcome);
    expect(signature.verdict).toBe('valid');
    expect(signature.timeStamped).toBe(true);
    const genTime = new Date(signature.signedAt!);
    // openssl's genTime is now (to the second), not the seal's own claimed time an hour later.
    expect(genTime.getTime()).toBeGreaterThanOrEqual(before - 2000);
    expect(genTime.getTime()).toBeLessThanOrEqual(Date.now());
    expect(signature.notes).toContain('时间戳校验通过（时间戳服务机构：Test Time Stamping Authority）');

    const report = await renderVerificationReport({ recordId: '1', fileName: '不动产权证书.ofd', size: 1, sha256: null, sm3: null, uploadedAt: new Date(), verifiedAt: new Date(), outcome });
    expect(pdftotext(report).replace(/\s/g, '')).toContain(`签名时间${formatShanghaiDateTime(genTime).replace(/\s/g, '')}（可信时间戳）`);
  });

  it('a seal whose own time is before its certificates existed: 证书不受信任 alone, 有效 with a trusted time stamp, whose time is the one judged', async () => {
    const longAgo = new Date('2020-01-01T00:00:00Z');
    expect(firstSignature(await stamped(undefined, longAgo)).verdict).toBe('untrusted');
    expect(firstSignature(await stamped((signature) => opensslTimeStamp(tsa, signature), longAgo))).toMatchObject({ verdict: 'valid', timeStamped: true });
  });

  it('a time stamp of another value: 签名无效, 时间戳与签名值不符', async () => {
    const signature = firstSignature(await stamped(() => opensslTimeStamp(tsa, Buffer.from('another signature value'))));
    expect(signature.verdict).toBe('invalid');
    expect(signature.notes).toEqual(['时间戳与签名值不符，时间戳不是为该签章签发的']);
  });

  it('a time stamp whose TSA signature was altered: 签名无效, 时间戳签名无效', async () => {
    const signature = firstSignature(
      await stamped(async (value) => {
        const token = await opensslTimeStamp(tsa, value);
        // The TSA's RSA signature ends the token: its last byte changed, the token still reads.
        token[token.length - 1]! ^= 0x01;
        return token;
      }),
    );
    expect(signature.verdict).toBe('invalid');
    expect(signature.notes).toEqual(['时间戳签名无效，时间戳可能是伪造或被改动的']);
  });

  it('a time stamp by a TSA outside the trust roots: the seal stays 有效, its own time is shown unmarked, and the finding says why', async () => {
    const signature = firstSignature(await stamped((value) => opensslTimeStamp(strangeTsa, value)));
    expect(signature.verdict).toBe('valid');
    expect(signature.timeStamped).toBeUndefined();
    expect(signature.signedAt).toBe(CLAIMED.toISOString());
    expect(signature.notes).toContain('时间戳服务机构不受信任（签发证书的机构（TSA Unknown Root）不在本大厅信任的根证书中），签章时间以签章自身声明的为准');
  });

  it('a time stamp signed under a trusted root by a certificate that is no TSA’s: the seal stays 有效, its own time is shown unmarked', async () => {
    const signature = firstSignature(await stamped((value) => opensslTimeStampByNonTsa(tsa, value)));
    expect(signature).toMatchObject({ verdict: 'valid', signedAt: CLAIMED.toISOString() });
    expect(signature.timeStamped).toBeUndefined();
    expect(signature.notes).toContain('时间戳服务机构不受信任（“TSA Trusted Root”的证书不是时间戳服务证书），签章时间以签章自身声明的为准');
  });

  it('garbage bytes in the timeStamp: 签名无效 with a reason, never a failure', async () => {
    const outcome = await stamped(() => randomBytes(300));
    expect(outcome.ok).toBe(true);
    const signature = firstSignature(outcome);
    expect(signature.verdict).toBe('invalid');
    expect(signature.notes).toEqual(['签章中的时间戳不是有效的时间戳数据，可能是伪造或损坏的']);
  });

  it('without a time stamp nothing changes: the seal’s own time, unmarked', async () => {
    const signature = firstSignature(await stamped(undefined));
    expect(signature).toMatchObject({ verdict: 'valid', signedAt: CLAIMED.toISOString() });
    expect(signature.timeStamped).toBeUndefined();
    expect(signature.notes.some((note) => note.includes('时间戳'))).toBe(false);
  });
});
