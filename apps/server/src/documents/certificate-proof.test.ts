import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import type { RegistryCertificate } from '../adapters/registry/certificates';
import { PROOF_ISSUER, PROOF_NOTE, PROOF_TITLES, proofLines, renderCertificateProof, type ProofInput } from './certificate-proof';
import { cjkFont } from './cjk-font';
import { makeSignerChain } from '../../test/signing-helpers';
import { X509Certificate } from 'node:crypto';
import { PadesSigner } from './signing/pdf-signer';

const CERTIFICATE: RegistryCertificate = {
  qzh: '冀(2023)邯郸市不动产权第0012345号',
  bdcdyh: '130402001001GB00001F00010001',
  ownerName: '欧阳龘犇',
  ownerIdcard: '130402198503151231',
  zl: '邯郸市丛台区中华北大街123号龙湖天街小区8号楼2单元1502室（含地下储藏室B1-0815及地上车位P-0123）',
  yt: '住宅',
  mj: '89.50',
  xzqdm: '130400',
  extra: {},
};
const INPUT: ProofInput = { kind: 'zs', certificate: CERTIFICATE, recordId: '42', queriedAt: '2026-11-22 10:30:05' };
const LABELS = ['不动产权证号', '不动产单元号', '权利人', '身份证号', '坐落', '用途', '面积（平方米）', '查询编号', '查询时间'];

function resolved(doc: PDFDocument, object: PDFObject | undefined): PDFObject | undefined {
  return object === undefined ? undefined : doc.context.lookup(object);
}

/** The page's only font: its Type0 dictionary, CID font, embedded font file and ToUnicode map. */
function pageFont(doc: PDFDocument) {
  const resources = doc.getPage(0).node.Resources()!;
  const fonts = resources.lookup(PDFName.of('Font'), PDFDict);
  // pdf-lib names the font anew for each drawText; every name must point at the one embedded font.
  const refs = new Set(fonts.keys().map((key) => String(fonts.get(key))));
  expect(refs.size).toBe(1);
  const type0 = doc.context.lookup(fonts.get(fonts.keys()[0]!), PDFDict);
  const descendant = doc.context.lookup(type0.lookup(PDFName.of('DescendantFonts'), PDFArray).get(0), PDFDict);
  const descriptor = descendant.lookup(PDFName.of('FontDescriptor'), PDFDict);
  const fontFile = resolved(doc, descriptor.get(PDFName.of('FontFile2')));
  const toUnicode = resolved(doc, type0.get(PDFName.of('ToUnicode')));
  return { type0, descendant, fontFile, toUnicode };
}

/** Every character the ToUnicode CMap maps a glyph to: what a reader can extract from the page. */
function extractableCharacters(stream: PDFRawStream): Set<string> {
  const filter = stream.dict.get(PDFName.of('Filter'));
  const cmap = (filter === PDFName.of('FlateDecode') ? inflateSync(stream.contents) : Buffer.from(stream.contents)).toString('latin1');
  const characters = new Set<string>();
  for (const [, hex] of cmap.matchAll(/<[0-9a-fA-F]+>\s*<([0-9a-fA-F]+)>/g)) {
    const units = hex!.match(/.{4}/g)!.map((unit) => parseInt(unit, 16));
    characters.add(String.fromCharCode(...units));
  }
  return characters;
}

function hasTool(name: string): boolean {
  return !spawnSync(name, ['-v']).error;
}

describe('certificate-proof PDF', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hall-proof-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is one A4 page in Chinese, with a subset of Noto Sans SC embedded and every printed character extractable', async () => {
    const bytes = await renderCertificateProof(INPUT);
    expect(bytes.byteLength).toBeLessThan(100_000);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(doc.getTitle()).toBe('不动产权属证明');
    expect(doc.getSubject()).toContain('权利人：欧阳龘犇');
    expect(doc.getSubject()).toContain('身份证号：130402********1231');
    expect(doc.getSubject()).not.toContain(CERTIFICATE.ownerIdcard);
    expect(doc.getKeywords()).toContain(`坐落：${CERTIFICATE.zl}`);

    const { type0, descendant, fontFile, toUnicode } = pageFont(doc);
    expect(type0.get(PDFName.of('Subtype'))).toBe(PDFName.of('Type0'));
    expect(type0.get(PDFName.of('Encoding'))).toBe(PDFName.of('Identity-H'));
    expect(descendant.get(PDFName.of('Subtype'))).toBe(PDFName.of('CIDFontType2'));
    expect(String(type0.get(PDFName.of('BaseFont')))).toMatch(/NotoSansSC/);
    expect(fontFile).toBeInstanceOf(PDFRawStream);
    expect((fontFile as PDFRawStream).contents.byteLength).toBeLessThan(60_000);
    expect(toUnicode).toBeInstanceOf(PDFRawStream);

    const printed = [PROOF_TITLES.zs, PROOF_ISSUER, ...proofLines(INPUT).flatMap((line) => [line.label, line.value]), ...PROOF_NOTE].join('');
    const characters = extractableCharacters(toUnicode as PDFRawStream);
    const missing = [...new Set(printed.replace(/\s/g, ''))].filter((char) => !characters.has(char));
    expect(missing).toEqual([]);
  });

  it('labels the lines in Chinese and masks the ID number', () => {
    const lines = proofLines(INPUT);
    expect(lines.map((line) => line.label)).toEqual(LABELS);
    expect(lines.find((line) => line.label === '身份证号')!.value).toBe('130402********1231');
  });

  it('loads the font once per process and cuts a small font for any text', async () => {
    const font = await cjkFont();
    expect(await cjkFont()).toBe(font);
    const small = font.subset('张三');
    const larger = font.subset('张三李四王五赵六邯郸市丛台区');
    expect(small.byteLength).toBeLessThan(larger.byteLength);
    expect(larger.byteLength).toBeLessThan(30_000);
    expect(Buffer.from(small.subarray(0, 4)).toString('hex')).toBe('00010000'); // TrueType
  });

  it('the text pdftotext extracts is the Chinese document (needs pdftotext, from poppler-utils)', async (context) => {
    context.skip(!hasTool('pdftotext'), 'pdftotext is not installed (apt-get install poppler-utils)');
    for (const kind of ['zs', 'dzzz'] as const) {
      const file = join(dir, `${kind}.pdf`);
      writeFileSync(file, await renderCertificateProof({ ...INPUT, kind }));
      const run = spawnSync('pdftotext', ['-enc', 'UTF-8', '-layout', file, '-'], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toBe('');
      const text = run.stdout;
      const compact = text.replace(/\s/g, '');
      expect(text).toContain(PROOF_TITLES[kind]);
      expect(text).toContain(PROOF_ISSUER);
      for (const label of LABELS) expect(text).toContain(label);
      expect(text).toContain(CERTIFICATE.qzh);
      expect(text).toContain(CERTIFICATE.bdcdyh);
      expect(text).toContain('欧阳龘犇');
      expect(text).toContain('130402********1231');
      expect(text).not.toContain(CERTIFICATE.ownerIdcard);
      expect(compact).toContain(CERTIFICATE.zl.replace(/\s/g, ''));
      expect(text).toContain('住宅');
      expect(text).toContain('89.50');
      expect(text).toContain('2026-11-22 10:30:05');
      for (const note of PROOF_NOTE) expect(compact).toContain(note);
      expect(text).not.toContain('?');
    }
  });

  it('signed as the hall issues it, the proof keeps its text and poppler reads the signature (needs pdftotext and pdfsig)', async (context) => {
    context.skip(!hasTool('pdftotext') || !hasTool('pdfsig'), 'poppler-utils is not installed');
    const { ca, signer } = makeSignerChain({ ca: '测试根证书', signer: '测试电子签章', organisation: '邯郸市不动产登记中心' });
    const certificate = new X509Certificate(signer.der);
    const pades = new PadesSigner({ key: signer.key, chain: [signer.der, ca.der], certificate, fingerprint: certificate.fingerprint256, stampName: '邯郸市不动产登记中心', source: 'configured' });
    const file = join(dir, 'signed.pdf');
    writeFileSync(file, await pades.sign(await renderCertificateProof({ ...INPUT, kind: 'dzzz' }), { reason: '电子证照' }));
    const text = spawnSync('pdftotext', ['-enc', 'UTF-8', '-layout', file, '-'], { encoding: 'utf8' });
    expect(text.stderr).toBe('');
    expect(text.stdout).toContain('电子证照');
    expect(text.stdout).toContain(CERTIFICATE.qzh);
    expect(text.stdout).toContain('电子签章');
    const sig = spawnSync('pdfsig', [file], { encoding: 'utf8' });
    expect(sig.stdout).toContain('Signature is Valid');
    expect(sig.stdout).toContain('Total document signed');
    expect(sig.stdout).toContain('邯郸市不动产登记中心');
  });

  it('poppler reads the embedded font without complaint (needs pdffonts, from poppler-utils)', async (context) => {
    context.skip(!hasTool('pdffonts'), 'pdffonts is not installed (apt-get install poppler-utils)');
    const file = join(dir, 'fonts.pdf');
    writeFileSync(file, await renderCertificateProof({ ...INPUT, kind: 'dzzz' }));
    const run = spawnSync('pdffonts', [file], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    const row = run.stdout.split('\n').find((line) => line.includes('NotoSansSC'));
    expect(row).toMatch(/CID TrueType\s+Identity-H\s+yes\s+\S+\s+yes/);
  });
});
