import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfWorkers } from '../../../src/documents/pdf-worker';
import { WorkerPdfVerifier } from '../../../src/documents/pdf-verifier';
import { VERIFICATION_FAILURES, type VerificationOutcome } from '../../../src/documents/verification/verdicts';
import { DOC_INFO, derOf, ofdOf, ofdXml, sealedOfdFiles, sesSignature, signaturesXml, zip, type SesOptions } from '../../ofd-helpers';
import { opensslSm2Chain } from '../../signing-helpers';

/**
 * OFD e-licences (GB/T 33190) sealed as GB/T 38540 says: every SM2 signature here, the signer's over
 * TBS_Sign and the seal maker's over the seal, is computed by openssl with the standard ID, and the
 * container is judged by the real verifier in its worker, under the caps the hall runs with.
 */

let work: string;
let workers: PdfWorkers;
let verifier: WorkerPdfVerifier;
let trusted: { caFile: string; signerFile: string; keyFile: string };
let stranger: { caFile: string; signerFile: string; keyFile: string };

const MB = 1024 * 1024;

async function verify(bytes: Buffer, using = verifier): Promise<VerificationOutcome> {
  const { outcome } = await using.verify(async () => Readable.from([bytes]), bytes.length);
  return outcome;
}

const verdictOf = (outcome: VerificationOutcome) => (outcome.ok ? outcome.verification.verdict : `failed:${outcome.failure}`);
const firstSignature = (outcome: VerificationOutcome) => (outcome.ok ? outcome.verification.signatures[0]! : undefined);

/** The seal as the trusted centre makes it: its CA is the maker, its officer the signer. */
const sealOptions = (extra: Partial<SesOptions> = {}): SesOptions => ({
  maker: { certFile: trusted.caFile, keyFile: join(work, 'trusted', 'ca.key') },
  signer: { certFile: trusted.signerFile, keyFile: trusted.keyFile },
  ...extra,
});

const sealedFiles = (extra: Partial<SesOptions> = {}) => sealedOfdFiles((description) => sesSignature(work, description, sealOptions(extra)));

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'hall-ofd-corpus-'));
  trusted = await opensslSm2Chain(join(work, 'trusted'), { ca: 'SM2 Trusted Root', signer: 'SM2 Sealing Officer' });
  stranger = await opensslSm2Chain(join(work, 'stranger'), { ca: 'SM2 Unknown Root', signer: 'SM2 Stranger' });
  workers = new PdfWorkers({ timeoutMs: 20_000, memoryMb: 96, maxStreamBytes: 16 * MB, maxInflatedBytes: 48 * MB });
  verifier = new WorkerPdfVerifier([await derOf(trusted.caFile)], workers, 64 * MB, true);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('OFD seals made by openssl', () => {
  it('sealed with SM2 over SM3 by a signer the seal names, chaining to a trusted root: 有效, with the document information', async () => {
    const outcome = await verify(ofdOf(await sealedFiles()));
    expect(verdictOf(outcome)).toBe('valid');
    expect(firstSignature(outcome)).toMatchObject({
      field: '测试市不动产登记中心电子证照专用章（签章1）',
      signer: 'SM2 Sealing Officer',
      issuer: 'SM2 Trusted Root',
      algorithm: 'SM3 / SM2',
      reason: '',
      coversWholeFile: true,
    });
    expect(firstSignature(outcome)!.notes).toEqual([
      '签章保护的4个文件与签章时一致',
      '签名值校验通过',
      '电子印章的制章人签名校验通过',
      '签章者证书可追溯到本大厅信任的根证书，签章时证书与印章均在有效期内',
    ]);
    expect(outcome.ok && outcome.verification.document).toEqual({ format: 'OFD', title: DOC_INFO.title, author: DOC_INFO.author, createdOn: DOC_INFO.creationDate, pages: 2 });
  });

  it('a page changed after sealing: 已被修改, naming the page', async () => {
    const files = await sealedFiles();
    const page = files.get('Doc_0/Pages/Page_0/Content.xml')!.toString('utf8');
    files.set('Doc_0/Pages/Page_0/Content.xml', Buffer.from(page.replace('0001234', '0009999'), 'utf8'));
    const outcome = await verify(ofdOf(files));
    expect(verdictOf(outcome)).toBe('modified');
    expect(firstSignature(outcome)!.notes).toEqual(['签章保护的文件“/Doc_0/Pages/Page_0/Content.xml”在签章后被改动']);
  });

  it('a page removed after sealing, or Signature.xml edited to match a changed page: 已被修改', async () => {
    const removed = await sealedFiles();
    removed.delete('Doc_0/Pages/Page_1/Content.xml');
    expect(firstSignature(await verify(ofdOf(removed)))).toMatchObject({ verdict: 'modified', notes: ['签章保护的文件“/Doc_0/Pages/Page_1/Content.xml”已被删除'] });

    // Whoever rewrites a CheckValue changes Signature.xml, whose SM3 the seal signed.
    const rewritten = await sealedFiles();
    const description = rewritten.get('Doc_0/Signs/Sign_0/Signature.xml')!.toString('utf8');
    rewritten.set('Doc_0/Signs/Sign_0/Signature.xml', Buffer.from(description.replace('hall-test', 'hall-tesT'), 'utf8'));
    expect(firstSignature(await verify(ofdOf(rewritten)))).toMatchObject({ verdict: 'modified', notes: ['签章描述文件（Signature.xml）在签章后被改动'] });
  });

  it('a removed signature: no Signatures entry or an empty list is 未包含电子签章; a listed seal whose files are gone is 签名无效', async () => {
    const files = await sealedFiles();
    const noEntry = new Map(files).set('OFD.xml', Buffer.from(ofdXml({ signatures: false }), 'utf8'));
    expect(verdictOf(await verify(ofdOf(noEntry)))).toBe('unsigned');
    const emptyList = new Map(files).set('Doc_0/Signs/Signatures.xml', Buffer.from(signaturesXml([]), 'utf8'));
    expect(verdictOf(await verify(ofdOf(emptyList)))).toBe('unsigned');

    const gone = new Map(files);
    gone.delete('Doc_0/Signs/Sign_0/Signature.xml');
    gone.delete('Doc_0/Signs/Sign_0/SignedValue.dat');
    const outcome = await verify(ofdOf(gone));
    expect(verdictOf(outcome)).toBe('invalid');
    expect(firstSignature(outcome)!.notes).toEqual(['签章描述文件“Sign_0/Signature.xml”不存在，签章已被移除或损坏']);
  });

  it('sealed under a CA outside the trust roots: 证书不受信任, naming it', async () => {
    const outcome = await verify(
      ofdOf(
        await sealedOfdFiles((description) =>
          sesSignature(work, description, { maker: { certFile: stranger.caFile, keyFile: join(work, 'stranger', 'ca.key') }, signer: { certFile: stranger.signerFile, keyFile: stranger.keyFile } }),
        ),
      ),
    );
    expect(verdictOf(outcome)).toBe('untrusted');
    expect(firstSignature(outcome)!.notes[0]).toBe('签发证书的机构（SM2 Unknown Root）不在本大厅信任的根证书中');
  });

  it('a seal used outside its validity: 证书不受信任, saying so', async () => {
    const outcome = await verify(ofdOf(await sealedFiles({ seal: { validFrom: new Date('2020-01-01T00:00:00Z'), validTo: new Date('2021-01-01T00:00:00Z') } })));
    expect(verdictOf(outcome)).toBe('untrusted');
    expect(firstSignature(outcome)!.notes[0]).toBe('电子印章在签章时不在有效期内（有效期 2020-01-01 至 2021-01-01）');
  });

  it('a seal whose maker signature is not the maker’s, or a signer the seal does not name: 签名无效', async () => {
    const forged = await verify(ofdOf(await sealedFiles({ maker: { certFile: trusted.caFile, keyFile: join(work, 'stranger', 'ca.key') } })));
    expect(firstSignature(forged)).toMatchObject({ verdict: 'invalid', notes: ['电子印章的制章人签名无效，印章数据可能被伪造或改动'] });

    // The stranger signs, with their own certificate, under a seal made out to the trusted officer.
    const borrowed = await verify(ofdOf(await sealedFiles({ signer: { certFile: stranger.signerFile, keyFile: stranger.keyFile }, listedCertFile: trusted.signerFile })));
    expect(firstSignature(borrowed)).toMatchObject({ verdict: 'invalid', signer: 'SM2 Stranger', notes: ['签章者证书不在电子印章授权使用的证书之中'] });
  });

  it('an SM2 signature made with another signer ID: 签名无效', async () => {
    const outcome = await verify(ofdOf(await sealedFiles({ distid: 'distid:ALICE123@YAHOO.COM' })));
    expect(firstSignature(outcome)).toMatchObject({ verdict: 'invalid', algorithm: 'SM3 / SM2', notes: ['电子签章的签名值与签章者证书不符，签名无效'] });
  });

  // Five containers sealed by openssl and five worker checks: minutes, not seconds, on a loaded machine.
  it('a malformed SM2 signature value, certificate point or certificate, or SignedValue.dat: 签名无效 with a reason, never a failure', async () => {
    const truncated = await verify(ofdOf(await sealedFiles({ tamper: (parts) => void (parts.signature = parts.signature.subarray(0, 20)) })));
    expect(firstSignature(truncated)).toMatchObject({ verdict: 'invalid', notes: ['电子签章的签名值与签章者证书不符，签名无效'] });

    const zeroR = await verify(ofdOf(await sealedFiles({ tamper: (parts) => void (parts.signature = Buffer.from('3006020100020101', 'hex')) })));
    expect(firstSignature(zeroR)).toMatchObject({ verdict: 'invalid' });

    // The public key's point moved off the curve: the certificate's last bytes of x.
    const offCurve = await verify(
      ofdOf(
        await sealedFiles({
          tamper: (parts) => {
            const certificate = Buffer.from(parts.signerCertificate);
            const at = certificate.indexOf(Buffer.from([0x03, 0x42, 0x00, 0x04]));
            certificate[at + 10] = certificate[at + 10]! ^ 0xff;
            parts.signerCertificate = certificate;
          },
        }),
      ),
    );
    expect(firstSignature(offCurve)).toMatchObject({ verdict: 'invalid' });
    expect(firstSignature(offCurve)!.notes[0]).toMatch(/签章者证书无法读取|签名值与签章者证书不符/);

    const garbage = await verify(ofdOf(await sealedFiles({ tamper: (parts) => void (parts.signerCertificate = Buffer.from('not a certificate')) })));
    expect(firstSignature(garbage)).toMatchObject({ verdict: 'invalid', notes: ['签章者证书无法读取（证书或其公钥已损坏）'] });

    const files = await sealedFiles();
    files.set('Doc_0/Signs/Sign_0/SignedValue.dat', Buffer.from([0x30, 0x82, 0xff, 0xff, 0x01]));
    expect(firstSignature(await verify(ofdOf(files)))).toMatchObject({ verdict: 'invalid', notes: ['签名值不是有效的电子签章数据（GB/T 38540），可能是伪造或损坏的签章'] });
  }, 120_000);
});

describe('hostile OFD containers: a reason, never a crash or a freeze', () => {
  it('a zip bomb, declared honestly or lying about its size: not verifiable (too complex), quickly', async () => {
    const zeros = Buffer.alloc(40 * MB);
    const started = Date.now();
    const honest = await verify(
      zip([
        { name: 'OFD.xml', data: Buffer.from(ofdXml()) },
        { name: 'Doc_0/bomb.bin', data: zeros },
      ]),
    );
    expect(honest).toMatchObject({ ok: false, failure: 'tooComplex' });
    const lying = await verify(
      zip([
        { name: 'OFD.xml', data: Buffer.from(ofdXml()) },
        { name: 'Doc_0/bomb.bin', data: zeros, declaredSize: 1024 },
      ]),
    );
    expect(lying).toMatchObject({ ok: false, failure: 'tooComplex' });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(VERIFICATION_FAILURES.tooComplex).toBe('文件结构过于复杂或压缩数据过大，无法验签，请联系出具单位获取标准格式的文件');
  });

  it('entity expansion (a DOCTYPE of nested entities) in OFD.xml: unsafe, refused unread', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE ofd:OFD [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>${ofdXml()
      .replace(/^<\?xml[^>]*>\s*/, '')
      .replace(DOC_INFO.title, '&d;&d;&d;&d;')}`;
    const files = await sealedFiles();
    files.set('OFD.xml', Buffer.from(laughs, 'utf8'));
    const outcome = await verify(ofdOf(files));
    expect(outcome).toMatchObject({ ok: false, failure: 'unsafeOfd' });
    expect(VERIFICATION_FAILURES.unsafeOfd).toContain('实体声明');
  });

  it('a huge attribute: unsafe', async () => {
    const files = await sealedFiles();
    files.set('OFD.xml', Buffer.from(ofdXml({ docInfoExtra: `<ofd:Keywords><ofd:Keyword Note="${'x'.repeat(3 * MB)}">证照</ofd:Keyword></ofd:Keywords>` }), 'utf8'));
    expect(await verify(ofdOf(files))).toMatchObject({ ok: false, failure: 'unsafeOfd' });
  });

  it('a path out of the container, in the XML or as an entry name: unsafe', async () => {
    const files = await sealedFiles();
    files.set('Doc_0/Signs/Signatures.xml', Buffer.from(signaturesXml([{ id: '1', baseLoc: '../../../../etc/passwd' }]), 'utf8'));
    expect(await verify(ofdOf(files))).toMatchObject({ ok: false, failure: 'unsafeOfd' });

    const slipped = zip([
      { name: 'OFD.xml', data: Buffer.from(ofdXml()) },
      { name: '../../outside.xml', data: Buffer.from('<x/>') },
    ]);
    expect(await verify(slipped)).toMatchObject({ ok: false, failure: 'unsafeOfd' });
    const absolute = zip([
      { name: 'OFD.xml', data: Buffer.from(ofdXml()) },
      { name: '/etc/outside.xml', data: Buffer.from('<x/>') },
    ]);
    expect(await verify(absolute)).toMatchObject({ ok: false, failure: 'unsafeOfd' });
  });

  it('a zip that is no OFD, or no zip at all past its header: 文件不是有效的OFD文件', async () => {
    expect(await verify(zip([{ name: 'readme.txt', data: Buffer.from('hello') }]))).toMatchObject({ ok: false, failure: 'notOfd' });
    expect(await verify(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]))).toMatchObject({ ok: false, failure: 'notOfd' });
    expect(VERIFICATION_FAILURES.notOfd).toBe('文件不是有效的OFD文件，无法验签');
  });

  it('with HALL_VERIFY_OFD off, a sealed OFD is no PDF: 文件不是有效的PDF文件', async () => {
    const pdfOnly = new WorkerPdfVerifier([await derOf(trusted.caFile)], workers, 64 * MB);
    expect(await verify(ofdOf(await sealedFiles()), pdfOnly)).toMatchObject({ ok: false, failure: 'notPdf' });
  });
});
