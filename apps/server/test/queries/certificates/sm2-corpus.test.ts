import * as asn1js from 'asn1js';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { PDFDocument, PDFName, PDFRef, StandardFonts } from 'pdf-lib';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfWorkers } from '../../../src/documents/pdf-worker';
import { WorkerPdfVerifier } from '../../../src/documents/pdf-verifier';
import { pemBlocks, toPem } from '../../../src/documents/signing/certificates';
import { fillSignature, PadesSigner } from '../../../src/documents/signing/pdf-signer';
import { PLACEHOLDER_TEXT } from '../../../src/documents/signing/signature-layout';
import { loadSigningIdentity, loadTrustRoots } from '../../../src/documents/signing/signing-identity';
import type { VerificationOutcome } from '../../../src/documents/verification/verdicts';
import { readEnv } from '../../../src/env';
import { appendUpdate, DISTID, openssl, opensslSm2Chain, tail } from '../../signing-helpers';

/**
 * SM2 seals (GB/T 38540, GB/T 35275): every signature here is made by the openssl command line over the
 * DER of signed attributes this file assembles, with SM2 keys and certificates openssl makes, and judged
 * by the real verifier in its worker. Then a hall in SM2 mode signs, and openssl checks its signature.
 */

const OIDS = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  sm3: '1.2.156.10197.1.401',
  sm2WithSm3: '1.2.156.10197.1.501',
};

let work: string;
let workers: PdfWorkers;
let verifier: WorkerPdfVerifier;
/** An SM2 CA among the trust roots and a signer it issued; and a CA outside them with its signer. */
let trusted: { caFile: string; signerFile: string; keyFile: string };
let stranger: { caFile: string; signerFile: string; keyFile: string };

const derOf = async (pemFile: string) => pemBlocks(await readFile(pemFile, 'utf8'))[0]!;

interface SealOptions {
  /** The signer ID openssl hashes into Z; the standard one unless a case says otherwise. */
  distid?: string;
  /** Changes the CMS's pieces before it is encoded, for the malformed cases. */
  tamper?: (parts: { signature: Buffer; certificates: Buffer[] }) => void;
}

/**
 * A detached CMS SignedData over `content` as a GB/T 35275 signer writes it: digest SM3, signed attributes
 * content-type, signing-time and message-digest, signature SM2-with-SM3 computed by openssl pkeyutl.
 */
async function sm2Cms(content: Buffer[], chain: { signerFile: string; keyFile: string; caFile: string }, options: SealOptions = {}): Promise<Buffer> {
  const dir = await mkdtemp(join(work, 'cms-'));
  const digest = createHash('sm3');
  for (const part of content) digest.update(part);
  const attribute = (type: string, value: asn1js.AsnType) => new pkijs.Attribute({ type, values: [value] });
  const attributes = [
    attribute(OIDS.contentType, new asn1js.ObjectIdentifier({ value: OIDS.data })),
    attribute(OIDS.signingTime, new asn1js.UTCTime({ valueDate: new Date() })),
    attribute(OIDS.messageDigest, new asn1js.OctetString({ valueHex: Uint8Array.from(digest.digest()).buffer })),
  ]
    .map((a) => ({ a, der: Buffer.from(a.toSchema().toBER()) }))
    .sort((x, y) => Buffer.compare(x.der, y.der))
    .map((e) => e.a);
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes });
  const toSign = Buffer.from(signedAttrs.toSchema().toBER());
  toSign[0] = 0x31;
  await writeFile(join(dir, 'attributes.der'), toSign);
  openssl(['pkeyutl', '-sign', '-rawin', '-digest', 'sm3', '-pkeyopt', options.distid ?? DISTID, '-inkey', chain.keyFile, '-in', join(dir, 'attributes.der'), '-out', join(dir, 'signature.der')]);

  const parts = { signature: await readFile(join(dir, 'signature.der')), certificates: [await derOf(chain.signerFile), await derOf(chain.caFile)] };
  options.tamper?.(parts);
  const certificates = parts.certificates.map((der) => pkijs.Certificate.fromBER(Uint8Array.from(der).buffer));
  const signer = pkijs.Certificate.fromBER(Uint8Array.from(await derOf(chain.signerFile)).buffer);
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.issuer, serialNumber: signer.serialNumber }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OIDS.sm3 }),
    signedAttrs,
    signatureAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OIDS.sm2WithSm3 }),
    signature: new asn1js.OctetString({ valueHex: Uint8Array.from(parts.signature).buffer }),
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: OIDS.sm3 })],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OIDS.data }),
    certificates,
    signerInfos: [signerInfo],
  });
  return Buffer.from(new pkijs.ContentInfo({ contentType: OIDS.signedData, content: signedData.toSchema(true) }).toSchema().toBER());
}

async function plainPdf(text = 'SM2 sealed licence'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(text, { x: 60, y: 700, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save({ useObjectStreams: false });
}

/** A PDF sealed by openssl's SM2 signature; the stamp's layout is the hall's, the CMS is this file's. */
async function sealed(chain: typeof trusted, options: SealOptions = {}): Promise<Buffer> {
  const layoutOnly = new PadesSigner(await loadSigningIdentity(readEnv({ HALL_MODE: 'demo', HALL_DATA_DIR: join(work, 'layout-identity') })));
  return layoutOnly.signWith(await plainPdf(), { reason: '国密电子签章' }, (signed) => sm2Cms(signed, chain, options));
}

async function verify(bytes: Uint8Array): Promise<VerificationOutcome> {
  const { outcome } = await verifier.verify(async () => Readable.from([Buffer.from(bytes)]), bytes.length);
  return outcome;
}

const verdictOf = (outcome: VerificationOutcome) => (outcome.ok ? outcome.verification.verdict : `failed:${outcome.failure}`);
const firstSignature = (outcome: VerificationOutcome) => (outcome.ok ? outcome.verification.signatures[0]! : undefined);

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'hall-sm2-corpus-'));
  trusted = await opensslSm2Chain(join(work, 'trusted'), { ca: 'SM2 Trusted Root', signer: 'SM2 Sealing Officer' });
  stranger = await opensslSm2Chain(join(work, 'stranger'), { ca: 'SM2 Unknown Root', signer: 'SM2 Stranger' });
  workers = new PdfWorkers({ timeoutMs: 20_000, memoryMb: 96, maxStreamBytes: 16 * 1024 * 1024, maxInflatedBytes: 48 * 1024 * 1024 });
  verifier = new WorkerPdfVerifier([await derOf(trusted.caFile)], workers, 64 * 1024 * 1024);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('SM2 seals made by openssl', () => {
  it('the certificates are SM2 with SM3 as openssl made them, and openssl checks the chain with the standard ID', () => {
    const text = openssl(['x509', '-in', trusted.signerFile, '-noout', '-text']);
    expect(text).toContain('SM2-with-SM3');
    expect(text).toContain('ASN1 OID: SM2');
    expect(openssl(['verify', '-CAfile', trusted.caFile, '-vfyopt', DISTID, trusted.signerFile])).toContain('OK');
  });

  it('signed with SM2 over SM3 and the standard ID, chaining to a trusted SM2 root: 有效', async () => {
    const outcome = await verify(await sealed(trusted));
    expect(verdictOf(outcome)).toBe('valid');
    expect(firstSignature(outcome)).toMatchObject({ signer: 'SM2 Sealing Officer', issuer: 'SM2 Trusted Root', algorithm: 'SM3 / SM2', reason: '国密电子签章', coversWholeFile: true });
    expect(firstSignature(outcome)!.notes).toContain('签名证书可追溯到本大厅信任的根证书，签名时在有效期内');
  });

  it('one byte changed inside the signed range: 已被修改', async () => {
    const bytes = await sealed(trusted);
    // A letter of the document information's /Producer key: the SM3 digest no longer matches.
    const at = bytes.indexOf('/Producer');
    expect(at).toBeGreaterThan(0);
    bytes[at + 3] = bytes[at + 3]! ^ 0x01;
    const outcome = await verify(bytes);
    expect(verdictOf(outcome)).toBe('modified');
    expect(firstSignature(outcome)!.notes[0]).toContain('摘要不符');
  });

  it('an SM2 signature made with another signer ID: 签名无效', async () => {
    const outcome = await verify(await sealed(trusted, { distid: 'distid:ALICE123@YAHOO.COM' }));
    expect(verdictOf(outcome)).toBe('invalid');
    expect(firstSignature(outcome)).toMatchObject({ algorithm: 'SM3 / SM2', notes: ['签名值与签名证书不符，签名无效'] });
  });

  it('signed under an SM2 CA outside the trust roots: 证书不受信任, naming it', async () => {
    const outcome = await verify(await sealed(stranger));
    expect(verdictOf(outcome)).toBe('untrusted');
    expect(firstSignature(outcome)!.notes[0]).toContain('SM2 Unknown Root');
  });

  it('an SM2 signature added to an existing document in an incremental update: 有效; a later update replacing the page: 已被修改', async () => {
    const original = Buffer.from(await plainPdf('Issued first, sealed later'));
    const doc = await PDFDocument.load(original);
    const page = doc.getPage(0);
    const { size, root } = tail(original);
    const [signatureNumber, fieldNumber] = [size, size + 1];
    const catalog = doc.catalog.clone();
    catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [PDFRef.of(fieldNumber)], SigFlags: 3 }));
    const pageDict = page.node.clone();
    pageDict.set(PDFName.of('Annots'), doc.context.obj([PDFRef.of(fieldNumber)]));
    const withPlaceholder = appendUpdate(original, [
      { num: signatureNumber, body: `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /ByteRange ${PLACEHOLDER_TEXT} /Contents <${'0'.repeat(16384)}> /Reason (SM2 update) >>` },
      { num: fieldNumber, body: `<< /Type /Annot /Subtype /Widget /FT /Sig /T (SM2Seal) /V ${signatureNumber} 0 R /F 132 /Rect [ 0 0 0 0 ] /P ${page.ref.toString()} >>` },
      { num: Number(root.split(' ')[0]), body: catalog.toString() },
      { num: page.ref.objectNumber, body: pageDict.toString() },
    ]);
    const signed = await fillSignature(withPlaceholder, (ranges) => sm2Cms(ranges, trusted));
    const outcome = await verify(signed);
    expect(verdictOf(outcome)).toBe('valid');
    expect(firstSignature(outcome)).toMatchObject({ field: 'SM2Seal', algorithm: 'SM3 / SM2', coversWholeFile: true });

    const content = 'BT /F1 24 Tf 60 700 Td (FORGED) Tj ET';
    const next = tail(signed).size;
    pageDict.set(PDFName.of('Contents'), PDFRef.of(next));
    const forged = appendUpdate(signed, [
      { num: next, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` },
      { num: page.ref.objectNumber, body: pageDict.toString() },
    ]);
    expect(verdictOf(await verify(forged))).toBe('modified');
  });

  it('a malformed SM2 signature value, certificate point or certificate: 签名无效 with a reason, never a failure', async () => {
    const cases: Array<SealOptions['tamper']> = [
      (parts) => {
        parts.signature = Buffer.from('3006020100020100', 'hex');
      },
      (parts) => {
        parts.signature = Buffer.from('not der at all');
      },
      (parts) => {
        // The signer's public point moved off the curve (its last byte flipped), the certificate otherwise intact.
        const der = Buffer.from(parts.certificates[0]!);
        const point = der.indexOf(Buffer.from('03420004', 'hex'));
        der[point + 4 + 63] = der[point + 4 + 63]! ^ 0x01;
        parts.certificates[0] = der;
      },
    ];
    for (const tamper of cases) {
      const outcome = await verify(await sealed(trusted, { tamper }));
      expect(verdictOf(outcome)).toBe('invalid');
      expect(firstSignature(outcome)!.notes[0]).toMatch(/签名/);
    }
    // A certificate that is no certificate: the CMS itself does not parse.
    const broken = await sealed(trusted);
    const signerDer = await derOf(trusted.signerFile);
    const at = broken.indexOf(signerDer.subarray(0, 48).toString('hex'), 0, 'latin1');
    expect(at).toBeGreaterThan(0);
    broken.write('ff', at + 8, 'latin1');
    const outcome = await verify(broken);
    expect(verdictOf(outcome)).toBe('invalid');
    expect(firstSignature(outcome)!.notes[0]).toMatch(/签名/);
  });
});

describe('the hall signs in SM2 when HALL_SIGNING_ALGORITHM=sm2', () => {
  it('a demo hall makes an SM2 CA; what it signs is 有效 in its own verifier, and openssl verifies the SM2 signature with the standard ID', async () => {
    const env = readEnv({ HALL_MODE: 'demo', HALL_DATA_DIR: join(work, 'sm2-hall'), HALL_SIGNING_ALGORITHM: 'sm2' });
    const identity = await loadSigningIdentity(env);
    const own = new WorkerPdfVerifier(await loadTrustRoots(env, identity), workers, 64 * 1024 * 1024);
    const signed = await new PadesSigner(identity).sign(await plainPdf('Hall licence'), { reason: '测试签名' });
    const { outcome } = await own.verify(async () => Readable.from([signed]), signed.length);
    expect(verdictOf(outcome)).toBe('valid');
    expect(firstSignature(outcome)).toMatchObject({ organisation: '邯郸市不动产登记中心', algorithm: 'SM3 / SM2', coversWholeFile: true });

    // openssl, independently: the chain, then the signature over the DER of the signed attributes.
    const dir = await mkdtemp(join(work, 'openssl-'));
    const file = (name: string) => join(dir, name);
    await writeFile(file('signer.pem'), toPem(identity.chain[0]!));
    await writeFile(file('ca.pem'), toPem(identity.chain.at(-1)!));
    expect(openssl(['x509', '-in', file('signer.pem'), '-noout', '-text'])).toContain('ASN1 OID: SM2');
    expect(openssl(['verify', '-CAfile', file('ca.pem'), '-vfyopt', DISTID, file('signer.pem')])).toContain('OK');
    const [, a, b, c, d] = /\/ByteRange \[ ?(\d+) (\d+) (\d+) (\d+)/.exec(signed.toString('latin1'))!.map(Number);
    const cms = Buffer.from(signed.toString('latin1', b! + 1, c! - 1), 'hex');
    const info = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(Uint8Array.from(cms).buffer).content });
    const signerInfo = info.signerInfos[0]!;
    expect([signerInfo.digestAlgorithm.algorithmId, signerInfo.signatureAlgorithm.algorithmId]).toEqual([OIDS.sm3, OIDS.sm2WithSm3]);
    const attributes = Buffer.from(signerInfo.signedAttrs!.encodedValue);
    attributes[0] = 0x31;
    await writeFile(file('attributes.der'), attributes);
    await writeFile(file('signature.der'), Buffer.from(signerInfo.signature.valueBlock.valueHexView));
    openssl(['x509', '-in', file('signer.pem'), '-noout', '-pubkey', '-out', file('signer.pub')]);
    const verified = spawnSync(
      'openssl',
      ['pkeyutl', '-verify', '-rawin', '-digest', 'sm3', '-pkeyopt', DISTID, '-pubin', '-inkey', file('signer.pub'), '-in', file('attributes.der'), '-sigfile', file('signature.der')],
      { encoding: 'utf8' },
    );
    expect(verified.stdout).toContain('Signature Verified Successfully');
    // The message digest the signature covers is the SM3 of the signed byte ranges.
    const ranges = Buffer.concat([signed.subarray(a!, a! + b!), signed.subarray(c!, c! + d!)]);
    const messageDigest = signerInfo.signedAttrs!.attributes.find((attribute) => attribute.type === OIDS.messageDigest)!.values[0] as asn1js.OctetString;
    expect(Buffer.from(messageDigest.valueBlock.valueHexView).toString('hex')).toBe(createHash('sm3').update(ranges).digest('hex'));
  });
});
