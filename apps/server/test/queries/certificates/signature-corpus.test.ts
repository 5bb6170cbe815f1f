import { spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { PDFDict } from 'pdf-lib';
import { PDFDocument, PDFName, PDFRef, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCertificate, toPem, type IssuedCertificate } from '../../../src/documents/signing/certificates';
import { PadesSigner } from '../../../src/documents/signing/pdf-signer';
import type { SigningIdentity } from '../../../src/documents/signing/signing-identity';
import type { VerificationOutcome } from '../../../src/documents/verification/verdicts';
import { resolvePendingRecords } from '../../../src/services/queries/fulfilment/query-resolver';
import { createTestHall, type TestHall } from '../../hall';
import { citizenWithProfile, OWNER, queryForm, upload } from '../../query-helpers';
import { appendUpdate, makeSignerChain, tail } from '../../signing-helpers';

/**
 * The verification corpus (issue: documents and trust): every file is made here, by the hall's own
 * signer, by a signer of the tests' own CAs, or by openssl over byte ranges computed here, and each
 * is judged by the real verifier (worker thread and all).
 */

const YEAR_MS = 365 * 24 * 3600 * 1000;
let hall: TestHall;
let work: string;
let independent: { ca: IssuedCertificate; signer: IssuedCertificate };
let cookie: string;

function identityOf(signer: IssuedCertificate, ca: IssuedCertificate): SigningIdentity {
  const certificate = new X509Certificate(signer.der);
  return { key: signer.key, chain: [signer.der, ca.der], certificate, fingerprint: certificate.fingerprint256, stampName: '外单位不动产登记中心', source: 'configured' };
}

async function plainPdf(text = 'Registration certificate'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(text, { x: 60, y: 700, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

async function verify(bytes: Uint8Array): Promise<VerificationOutcome> {
  const { outcome } = await hall.app.hall.pdfVerifier.verify(async () => Readable.from([Buffer.from(bytes)]), bytes.length);
  return outcome;
}

function verdictOf(outcome: VerificationOutcome): string {
  return outcome.ok ? outcome.verification.verdict : `failed:${outcome.failure}`;
}

async function hallSigned(): Promise<Buffer> {
  return hall.app.hall.documentSigner.sign(await plainPdf(), { reason: '测试签名' });
}

async function firstPage(bytes: Buffer): Promise<{ ref: PDFRef; dict: PDFDict; doc: PDFDocument }> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPage(0);
  return { ref: page.ref, dict: page.node, doc };
}

/** The two signed byte ranges and the CMS of a file's first signature, as files for openssl. */
async function rangesAndCms(bytes: Buffer, dir: string): Promise<{ content: string; cms: string }> {
  const [, a, b, c, d] = /\/ByteRange \[ ?(\d+) (\d+) (\d+) (\d+)/.exec(bytes.toString('latin1'))!.map(Number);
  const content = join(dir, 'signed-ranges.bin');
  const cms = join(dir, 'signature.der');
  await writeFile(content, Buffer.concat([bytes.subarray(a!, a! + b!), bytes.subarray(c!, c! + d!)]));
  await writeFile(cms, Buffer.from(bytes.toString('latin1', b! + 1, c! - 1), 'hex'));
  return { content, cms };
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'hall-corpus-'));
  independent = makeSignerChain({ ca: '外单位电子认证根证书', signer: '外单位不动产登记中心电子签章', organisation: '外单位不动产登记中心' });
  const roots = join(work, 'roots');
  await import('node:fs/promises').then((fs) => fs.mkdir(roots));
  await writeFile(join(roots, 'independent-ca.pem'), independent.ca.pem);
  hall = await createTestHall({ HALL_QUERY_POLL_MS: 0, HALL_TRUST_ROOTS_DIR: roots });
  cookie = await citizenWithProfile(hall, 'corpus-owner', OWNER);
});
afterAll(async () => {
  await hall.close();
  await rm(work, { recursive: true, force: true });
});

describe('the hall signs what it issues', () => {
  it('a signed document passes openssl cms -verify over its byte ranges with the hall CA, and pdftotext and pdfsig read it', async () => {
    const signed = await hallSigned();
    const dir = await mkdtemp(join(work, 'openssl-'));
    const { content, cms } = await rangesAndCms(signed, dir);
    const ca = join(dir, 'ca.pem');
    await writeFile(ca, toPem(hall.app.hall.documentSigner.identity.chain.at(-1)!));
    const run = spawnSync('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-in', cms, '-content', content, '-CAfile', ca, '-purpose', 'any', '-out', '/dev/null'], { encoding: 'utf8' });
    expect(run.stderr).toContain('Verification successful');
    const attributes = spawnSync('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', cms], { encoding: 'utf8' }).stdout;
    for (const name of ['contentType', 'messageDigest', 'signingTime', 'signingCertificateV2']) expect(attributes).toContain(name);

    const file = join(dir, 'signed.pdf');
    await writeFile(file, signed);
    const text = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    if (!text.error) expect(text.stdout).toContain('Registration certificate');
    const sig = spawnSync('pdfsig', [file], { encoding: 'utf8' });
    if (!sig.error) {
      expect(sig.stdout).toContain('Signature is Valid');
      expect(sig.stdout).toContain('ETSI.CAdES.detached');
      expect(sig.stdout).toContain('Total document signed');
    }
  });

  it('every document a citizen opens from 查看 is signed by the hall and verifies 有效', async () => {
    const verified = await citizenWithProfile(hall, 'corpus-view', OWNER);
    const opened: Buffer[] = [];
    for (const path of ['/online/query/wx/zsquery', '/online/query/wx/dzzzquery']) {
      const { body } = await hall.post(path, queryForm(), verified);
      await resolvePendingRecords(hall.app.hall);
      const id = (body.data as { ID: string }).ID;
      const preview = await hall.app.inject({ method: 'GET', url: `/online/public/dzzz/signature/preview?id=${id}`, headers: { cookie: verified } });
      expect(preview.statusCode).toBe(200);
      opened.push(preview.rawPayload);
    }
    const uploaded = await upload(hall, verified, { filename: '待验证.pdf', content: Buffer.from(await plainPdf()) });
    await resolvePendingRecords(hall.app.hall);
    const report = await hall.app.inject({ method: 'GET', url: `/online/public/dzzz/verification/preview?id=${(uploaded.body.data as { ID: string }).ID}`, headers: { cookie: verified } });
    opened.push(report.rawPayload);
    for (const pdf of opened) {
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const outcome = await verify(pdf);
      expect(verdictOf(outcome)).toBe('valid');
      expect(outcome.ok && outcome.verification.signatures[0]!.coversWholeFile).toBe(true);
    }
  });
});

describe('the verification corpus', () => {
  it("the hall's own signed licence: 有效, with the signer, time and reason", async () => {
    const outcome = await verify(await hallSigned());
    expect(verdictOf(outcome)).toBe('valid');
    const [signature] = outcome.ok ? outcome.verification.signatures : [];
    expect(signature).toMatchObject({ organisation: '邯郸市不动产登记中心', reason: '测试签名', algorithm: 'SHA-256 / RSA', coversWholeFile: true });
    expect(Date.now() - new Date(signature!.signedAt!).getTime()).toBeLessThan(60_000);
  });

  it('one byte changed inside the signed range: 已被修改', async () => {
    const signed = await hallSigned();
    const at = signed.indexOf('Registration certificate') >= 0 ? signed.indexOf('/Producer') : 200;
    signed[at + 3] = signed[at + 3]! ^ 0x01;
    expect(['modified', 'invalid']).toContain(verdictOf(await verify(signed)));
  });

  it("an incremental update that replaces the page's content after signing: 已被修改", async () => {
    const signed = await hallSigned();
    const { ref, dict } = await firstPage(signed);
    const { size } = tail(signed);
    const content = 'BT /F1 24 Tf 60 700 Td (FORGED) Tj ET';
    dict.set(PDFName.of('Contents'), PDFRef.of(size));
    const forged = appendUpdate(signed, [
      { num: size, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` },
      { num: ref.objectNumber, body: dict.toString() },
    ]);
    const outcome = await verify(forged);
    expect(verdictOf(outcome)).toBe('modified');
    expect(outcome.ok && outcome.verification.signatures[0]!.notes.join()).toContain('第1页的内容在签名后被替换');
  });

  it('an annotation added after signing that covers the text: 已被修改', async () => {
    const signed = await hallSigned();
    const { ref, dict, doc } = await firstPage(signed);
    const { size } = tail(signed);
    const annots = doc.context.lookup(dict.get(PDFName.of('Annots')));
    const existing = annots ? annots.toString().replace(/^\[|\]$/g, '') : '';
    dict.set(PDFName.of('Annots'), doc.context.obj([]));
    const pageText = dict.toString().replace('/Annots [ ]', `/Annots [ ${existing} ${size} 0 R ]`);
    const forged = appendUpdate(signed, [
      { num: size, body: '<< /Type /Annot /Subtype /FreeText /Rect [ 50 690 400 730 ] /Contents (FORGED) /DA (/Helv 18 Tf 0 g) /F 4 >>' },
      { num: ref.objectNumber, body: pageText },
    ]);
    expect(verdictOf(await verify(forged))).toBe('modified');
  });

  it('a shadow attack: an update whose xref points an object at other bytes of the signed part: 已被修改', async () => {
    const signed = await hallSigned();
    const { ref } = await firstPage(signed);
    const { size, prev, root } = tail(signed);
    // Object 1's old bytes, without redefining anything: only the cross-reference changes.
    const elsewhere = signed.indexOf(' 0 obj');
    const xrefAt = signed.length;
    const update = `xref\n0 1\n0000000000 65535 f \n${ref.objectNumber} 1\n${String(elsewhere - 1).padStart(10, '0')} 00000 n \ntrailer\n<< /Size ${size} /Root ${root} /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    const forged = Buffer.concat([signed, Buffer.from(update, 'latin1')]);
    const outcome = await verify(forged);
    expect(verdictOf(outcome)).toBe('modified');
    expect(outcome.ok && outcome.verification.signatures[0]!.notes.join()).toContain('影子攻击');
  });

  it('a comment appended after %%EOF changes nothing shown: still 有效, saying so', async () => {
    const signed = await hallSigned();
    const outcome = await verify(Buffer.concat([signed, Buffer.from('% /ByteRange /Contents\n')]));
    expect(verdictOf(outcome)).toBe('valid');
    expect(outcome.ok && outcome.verification.signatures[0]!.notes.join()).toContain('仅追加了空白或注释');
  });

  it('a fake signature with a plausible ByteRange and an all-zero /Contents: 签名无效', async () => {
    const signed = await hallSigned();
    const [, , b, c] = /\/ByteRange \[ ?(\d+) (\d+) (\d+)/.exec(signed.toString('latin1'))!.map(Number);
    signed.write('0'.repeat(c! - b! - 2), b! + 1, 'latin1');
    const outcome = await verify(signed);
    expect(verdictOf(outcome)).toBe('invalid');
  });

  it('a ByteRange that leaves out more than the signature (signature wrapping): 签名无效', async () => {
    const signed = await hallSigned();
    const text = signed.toString('latin1');
    const [whole, a, b, c, d] = /\[ ?(\d+) (\d+) (\d+) (\d+) ?\]/.exec(text.slice(text.indexOf('/ByteRange')))!;
    const moved = `[ ${a} ${Number(b) - 10} ${c} ${d} ]`.padEnd(whole.length, ' ');
    signed.write(moved, signed.indexOf(whole, signed.indexOf('/ByteRange')), 'latin1');
    expect(verdictOf(await verify(signed))).toBe('invalid');
  });

  it('signed by a self-made CA outside the trust roots: 证书不受信任', async () => {
    const stranger = makeSignerChain({ ca: '自建根证书', signer: '自建电子签章', organisation: '某某公司' });
    const signed = await new PadesSigner(identityOf(stranger.signer, stranger.ca)).sign(await plainPdf(), { reason: '自建' });
    const outcome = await verify(signed);
    expect(verdictOf(outcome)).toBe('untrusted');
    expect(outcome.ok && outcome.verification.signatures[0]!.notes[0]).toContain('自建根证书');
  });

  it('signed with a certificate that had expired at the signing time (its CA trusted): 证书不受信任', async () => {
    const expired = issueCertificate(independent.ca, {
      subject: { CN: '过期电子签章', O: '外单位不动产登记中心', C: 'CN' },
      notBefore: new Date(Date.now() - 3 * YEAR_MS),
      notAfter: new Date(Date.now() - 2 * YEAR_MS),
      role: 'signer',
    });
    const signed = await new PadesSigner(identityOf(expired, independent.ca)).sign(await plainPdf(), { reason: '过期' });
    const outcome = await verify(signed);
    expect(verdictOf(outcome)).toBe('untrusted');
    expect(outcome.ok && outcome.verification.signatures[0]!.notes[0]).toContain('不在有效期内');
  });

  it('a CMS naming a signer certificate on the SM2 curve but carrying an RSA signature value: 签名无效', async () => {
    const dir = await mkdtemp(join(work, 'sm2-'));
    const key = join(dir, 'sm2.key');
    const certificate = join(dir, 'sm2.pem');
    expect(spawnSync('openssl', ['ecparam', '-genkey', '-name', 'SM2', '-out', key]).status).toBe(0);
    const made = spawnSync('openssl', ['req', '-new', '-x509', '-key', key, '-sm3', '-subj', '/CN=SM2 signer/O=SM2 centre', '-days', '30', '-out', certificate], { encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    const sm2 = new X509Certificate(await readFile(certificate));
    // The CMS names the SM2 certificate as its signer, but an RSA key signed: no SM2 key can have made that value.
    const pades = new PadesSigner({ ...identityOf(independent.signer, independent.ca), chain: [sm2.raw], certificate: sm2 });
    const outcome = await verify(await pades.sign(await plainPdf(), { reason: '国密签名' }));
    expect(verdictOf(outcome)).toBe('invalid');
    expect(outcome.ok && outcome.verification.signatures[0]).toMatchObject({ algorithm: 'SHA-256 / SM2', notes: ['签名值与签名证书不符，签名无效'] });
  });

  it('no signature: 未包含电子签章', async () => {
    expect(verdictOf(await verify(await plainPdf()))).toBe('unsigned');
  });

  it('signed by an independent tool (openssl cms over byte ranges computed here) chaining to a configured root: 有效', async () => {
    const dir = await mkdtemp(join(work, 'independent-'));
    const key = join(dir, 'signer.key');
    const certificate = join(dir, 'signer.pem');
    await writeFile(key, independent.signer.key.export({ type: 'pkcs8', format: 'pem' }).toString());
    await writeFile(certificate, independent.signer.pem);
    const signer = new PadesSigner(identityOf(independent.signer, independent.ca));
    const signed = await signer.signWith(await plainPdf('Signed elsewhere'), { reason: '外单位签发' }, async ([before, after]) => {
      const content = join(dir, 'ranges.bin');
      await writeFile(content, Buffer.concat([before, after]));
      const out = join(dir, 'cms.der');
      const run = spawnSync('openssl', ['cms', '-sign', '-binary', '-md', 'sha256', '-in', content, '-signer', certificate, '-inkey', key, '-outform', 'DER', '-out', out], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      return readFile(out);
    });
    const outcome = await verify(signed);
    expect(verdictOf(outcome)).toBe('valid');
    expect(outcome.ok && outcome.verification.signatures[0]).toMatchObject({ signer: '外单位不动产登记中心电子签章', issuer: '外单位电子认证根证书' });
  });

  it('a file that is no PDF, and one over the size cap, are answered as failed with a reason', async () => {
    expect(verdictOf(await verify(Buffer.from('%PDF-1.7\nnothing here\n')))).toBe('failed:notPdf');
    const { outcome } = await hall.app.hall.pdfVerifier.verify(async () => Readable.from([Buffer.alloc(0)]), hall.env.HALL_VERIFY_MAX_BYTES + 1);
    expect(verdictOf(outcome)).toBe('failed:tooLarge');
  });

  it('a flate bomb is stopped at the decompression cap: answered as failed', async () => {
    // 64 MB of zeros in an object stream: inflates past the 16 MB cap per stream.
    const { deflateSync } = await import('node:zlib');
    const bomb = deflateSync(Buffer.alloc(64 * 1024 * 1024));
    const head = Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`, 'latin1');
    const rest = Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
    const outcome = await verify(Buffer.concat([head, bomb, rest]));
    expect(verdictOf(outcome)).toBe('failed:tooComplex');
  });

  it('a verification record keeps the verdict, signer and time in its result and opens as the signed report', async () => {
    const uploaded = await hallSigned();
    const { body } = await upload(hall, cookie, { filename: '外单位证明.pdf', content: uploaded });
    const id = (body.data as { ID: string }).ID;
    await resolvePendingRecords(hall.app.hall, { queue: 'verification' });
    const detail = await hall.app.inject({ method: 'GET', url: `/online/public/verify/verifyquery?code=${id}`, headers: { cookie } });
    expect(detail.json()).toMatchObject({
      data: { state: 20, state_msg: '有效', result: { verdict: 'valid', verdictText: '有效', signatures: [{ organisation: '邯郸市不动产登记中心', reason: '测试签名' }] } },
    });
    const digests = { sha256: createHash('sha256').update(uploaded).digest('hex'), sm3: createHash('sm3').update(uploaded).digest('hex') };
    expect(detail.json()).toMatchObject({ data: { result: digests } });
    const report = await hall.app.inject({ method: 'GET', url: `/online/public/dzzz/verification/preview?id=${id}`, headers: { cookie } });
    const file = join(work, 'report.pdf');
    await writeFile(file, report.rawPayload);
    const text = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    if (!text.error) {
      expect(text.stdout).toContain('电子签章验证报告');
      expect(text.stdout).toContain('外单位证明.pdf');
      expect(text.stdout).toContain('邯郸市不动产登记中心');
      // Both digests of the uploaded file, SHA-256 and SM3 (a long value may wrap: its start is enough).
      expect(text.stdout).toContain(`SHA-256 ${digests.sha256.slice(0, 16)}`);
      expect(text.stdout).toContain('国密摘要');
      expect(text.stdout).toContain(`SM3 ${digests.sm3.slice(0, 16)}`);
    }
  });
});
