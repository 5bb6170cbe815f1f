import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfWorkers } from '../../../src/documents/pdf-worker';
import { WorkerPdfVerifier, type VerifiedFile } from '../../../src/documents/pdf-verifier';
import { renderVerificationReport } from '../../../src/documents/verification-report';
import { MAX_PAGE_OBJECTS, MAX_PATH_CHARS } from '../../../src/documents/verification/ofd-pages';
import { derOf, ofdOf, ofdXml, sealedOfdFiles, sesSignature, STAMP_BOUNDARY, type SealParts, type StampAnnotSpec } from '../../ofd-helpers';
import { opensslSm2Chain } from '../../signing-helpers';

/**
 * The pages of an OFD e-licence drawn for the viewer (GB/T 33190 §7.7), by the real verifier in its
 * worker: the PDF is read back by poppler (pdftotext for its text, pdftoppm at one pixel per mm for
 * its paths), and hostile pages leave the report's metadata fallback, never a crash.
 */

const MB = 1024 * 1024;
const workers = new PdfWorkers({ timeoutMs: 20_000, memoryMb: 96, maxStreamBytes: 16 * MB, maxInflatedBytes: 48 * MB });
const verifier = new WorkerPdfVerifier([], workers, 64 * MB, true);
const NS = 'xmlns:ofd="http://www.ofdspec.org/2016"';
const LICENCE_TEXT = '浙（2026）测试市不动产权第0001234号';

const documentXml = (pages: number) =>
  `<?xml version="1.0" encoding="UTF-8"?><ofd:Document ${NS}><ofd:CommonData><ofd:MaxUnitID>99</ofd:MaxUnitID><ofd:PageArea><ofd:PhysicalBox>0 0 210 297</ofd:PhysicalBox></ofd:PageArea></ofd:CommonData><ofd:Pages>${Array.from(
    { length: pages },
    (_, i) => `<ofd:Page ID="${i + 1}" BaseLoc="Pages/Page_${i}/Content.xml"/>`,
  ).join('')}</ofd:Pages></ofd:Document>`;

const page = (objects: string, area = '') => `<?xml version="1.0" encoding="UTF-8"?><ofd:Page ${NS}>${area}<ofd:Content><ofd:Layer ID="3">${objects}</ofd:Layer></ofd:Content></ofd:Page>`;

/** A text line, positioned glyph by glyph as producers write them, and a filled black square 60 mm wide. */
const LICENCE_PAGE = page(
  `<ofd:TextObject ID="4" Boundary="20 20 170 10" Font="5" Size="5"><ofd:TextCode X="0" Y="5" DeltaX="g ${[...LICENCE_TEXT].length - 1} 5">${LICENCE_TEXT}</ofd:TextCode></ofd:TextObject>` +
    `<ofd:PathObject ID="6" Boundary="70 120 60 60" Fill="true" Stroke="false"><ofd:FillColor Value="0 0 0"/><ofd:AbbreviatedData>M 0 0 L 60 0 L 60 60 L 0 60 C</ofd:AbbreviatedData></ofd:PathObject>`,
);

function unsignedOfd(pages: string[]): Buffer {
  return ofdOf(
    new Map([
      ['OFD.xml', Buffer.from(ofdXml({ signatures: false }))],
      ['Doc_0/Document.xml', Buffer.from(documentXml(pages.length))],
      ...pages.map((content, i): [string, Buffer] => [`Doc_0/Pages/Page_${i}/Content.xml`, Buffer.from(content)]),
    ]),
  );
}

const verify = (bytes: Buffer): Promise<VerifiedFile> => verifier.verify(async () => Readable.from([bytes]), bytes.length);

const pdftotext = (pdf: Uint8Array) => spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' }).stdout;

/** A page drawn by poppler, `perMm` pixels to the mm, grey or in colour: its pixels at points given in mm, to read back where ink landed. */
function pixelsOf(pdf: Uint8Array, { page = 1, perMm = 1, colour = false } = {}): (xMm: number, yMm: number) => number[] {
  const run = spawnSync('pdftoppm', [...(colour ? [] : ['-gray']), '-r', String(25.4 * perMm), '-f', String(page), '-l', String(page), '-singlefile', '-'], { input: pdf, maxBuffer: 64 * MB });
  const image = run.stdout;
  // PGM (P5) or PPM (P6): magic, width, height, maximum, then one byte per channel of each pixel.
  const header = image
    .subarray(0, 32)
    .toString('latin1')
    .match(/^P[56]\s+(\d+)\s+(\d+)\s+(\d+)\s/)!;
  const width = Number(header[1]);
  const start = header[0].length;
  const channels = colour ? 3 : 1;
  return (x, y) => {
    const at = start + (Math.round(y * perMm) * width + Math.round(x * perMm)) * channels;
    return [...image.subarray(at, at + channels)];
  };
}

/** The first page as grey pixels, one per mm. */
function greyAt(pdf: Uint8Array): (xMm: number, yMm: number) => number {
  const at = pixelsOf(pdf);
  return (x, y) => at(x, y)[0]!;
}

const report = (verified: VerifiedFile) =>
  renderVerificationReport({
    recordId: '1',
    fileName: '不动产权证书.ofd',
    size: 1,
    sha256: null,
    sm3: null,
    uploadedAt: new Date(),
    verifiedAt: new Date(),
    outcome: verified.outcome,
    pages: verified.pages,
  });

describe('OFD pages drawn for the viewer', () => {
  it('an OFD with a text object and a path: its pages as a PDF whose text is the OFD’s and whose square is inked where the OFD puts it', async () => {
    const verified = await verify(unsignedOfd([LICENCE_PAGE, page('')]));
    expect(verified.outcome.ok && verified.outcome.verification.verdict).toBe('unsigned');
    expect(verified.pages).toBeInstanceOf(Uint8Array);
    const drawn = await PDFDocument.load(verified.pages!);
    expect(drawn.getPageCount()).toBe(2);
    // 210 × 297 mm is A4: 595.3 × 841.9 points.
    expect(drawn.getPage(0).getSize().width).toBeCloseTo(595.28, 1);
    expect(drawn.getPage(0).getSize().height).toBeCloseTo(841.89, 1);
    expect(pdftotext(verified.pages!).replace(/\s/g, '')).toContain(LICENCE_TEXT);
    const grey = greyAt(verified.pages!);
    expect(grey(100, 150)).toBeLessThan(60);
    expect(grey(60, 150)).toBeGreaterThan(200);
    expect(grey(100, 110)).toBeGreaterThan(200);
  });

  it('the report is followed by the drawn pages and says so', async () => {
    const pdf = await report(await verify(unsignedOfd([LICENCE_PAGE])));
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2);
    const text = pdftotext(pdf).replace(/\s/g, '');
    expect(text).toContain('OFD版式文件（页面附在本报告之后）');
    expect(text).toContain(LICENCE_TEXT);
  });

  it('a page with a path over the cap, or too many objects, is not drawn: the verdict stands and the report keeps the metadata alone', async () => {
    const hugePath = page(`<ofd:PathObject ID="6" Boundary="0 0 210 297"><ofd:AbbreviatedData>M 0 0 ${'L 1 1 '.repeat(MAX_PATH_CHARS / 6 + 10)}</ofd:AbbreviatedData></ofd:PathObject>`);
    const crowded = page(
      Array.from({ length: MAX_PAGE_OBJECTS + 1 }, (_, i) => `<ofd:PathObject ID="${i + 10}" Boundary="0 0 10 10"><ofd:AbbreviatedData>M 0 0 L 1 1</ofd:AbbreviatedData></ofd:PathObject>`).join(''),
    );
    for (const hostile of [hugePath, crowded]) {
      const verified = await verify(unsignedOfd([hostile]));
      expect(verified.outcome.ok && verified.outcome.verification.verdict).toBe('unsigned');
      expect(verified.pages).toBeUndefined();
      const pdf = await report(verified);
      expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
      expect(pdftotext(pdf).replace(/\s/g, '')).toContain('OFD版式文件（页面未在此显示，以下为文档信息）');
    }
  });

  it('a hostile page beside a good one: the good one is drawn; a malformed object is left out, the rest of its page still shows', async () => {
    const broken = page(
      `<ofd:PathObject ID="6" Boundary="0 0 10 10"><ofd:AbbreviatedData>M 0 0 X 9 9</ofd:AbbreviatedData></ofd:PathObject><ofd:ImageObject ID="7" ResourceID="404" Boundary="0 0 10 10"/>` +
        `<ofd:TextObject ID="8" Boundary="20 20 170 10" Size="5"><ofd:TextCode X="0" Y="5">附记</ofd:TextCode></ofd:TextObject>`,
      '<ofd:Area><ofd:PhysicalBox>0 0 297 210</ofd:PhysicalBox></ofd:Area>',
    );
    const hugePath = page(`<ofd:PathObject ID="6" Boundary="0 0 1 1"><ofd:AbbreviatedData>${'M 0 0 '.repeat(MAX_PATH_CHARS)}</ofd:AbbreviatedData></ofd:PathObject>`);
    const verified = await verify(unsignedOfd([hugePath, broken]));
    const drawn = await PDFDocument.load(verified.pages!);
    expect(drawn.getPageCount()).toBe(1);
    expect(drawn.getPage(0).getSize().width).toBeCloseTo(841.89, 1);
    expect(pdftotext(verified.pages!)).toContain('附记');
  });
});

/** Seal red, as the test seal's picture and the outline draw it: a strong red, little green or blue. */
const isRed = ([r, g, b]: number[]) => r! > 150 && g! < 110 && b! < 110;
const isWhite = ([r, g, b]: number[]) => r! > 235 && g! > 235 && b! > 235;
const MM = 72 / 25.4;

/** The image XObjects a page of a PDF draws, each with where its unit square lands (the CTM at its Do: a b c d e f). */
function imagesDrawn(page: PDFPage): Array<{ width: number; height: number; ctm: number[] }> {
  const context = page.doc.context;
  const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  const images = new Map<string, { width: number; height: number }>();
  for (const [name, ref] of xobjects?.entries() ?? []) {
    const stream = context.lookup(ref);
    if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const size = (key: string) => stream.dict.lookup(PDFName.of(key), PDFNumber).asNumber();
    images.set(name.asString(), { width: size('Width'), height: size('Height') });
  }
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => context.lookup(ref)) : [contents];
  const text = streams.map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1')).join('\n');
  // The content stream's q, Q, cm and Do: enough to follow the CTM to each image.
  const multiply = (m: number[], n: number[]) => [
    m[0]! * n[0]! + m[1]! * n[2]!,
    m[0]! * n[1]! + m[1]! * n[3]!,
    m[2]! * n[0]! + m[3]! * n[2]!,
    m[2]! * n[1]! + m[3]! * n[3]!,
    m[4]! * n[0]! + m[5]! * n[2]! + n[4]!,
    m[4]! * n[1]! + m[5]! * n[3]! + n[5]!,
  ];
  const drawn: Array<{ width: number; height: number; ctm: number[] }> = [];
  const stack: number[][] = [];
  let ctm = [1, 0, 0, 1, 0, 0];
  const operands: string[] = [];
  for (const token of text.split(/\s+/).filter(Boolean)) {
    if (token === 'q') stack.push(ctm);
    else if (token === 'Q') ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (token === 'cm') ctm = multiply(operands.slice(-6).map(Number), ctm);
    else if (token === 'Do' && images.has(operands.at(-1)!)) drawn.push({ ...images.get(operands.at(-1)!)!, ctm });
    if (/^[a-zA-Z'"*]+$/.test(token)) operands.length = 0;
    else operands.push(token);
  }
  return drawn;
}

describe('the seal drawn where the OFD places it', () => {
  let work: string;
  let sealVerifier: WorkerPdfVerifier;
  let centre: { caFile: string; signerFile: string; keyFile: string };
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'hall-ofd-seal-'));
    centre = await opensslSm2Chain(join(work, 'centre'), { ca: 'SM2 Registry Root', signer: 'SM2 Registry Seal' });
    sealVerifier = new WorkerPdfVerifier([await derOf(centre.caFile)], workers, 64 * MB, true);
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  /** The test e-licence sealed by the trusted centre, its seal's parts and places as a case says. */
  async function sealed(seal: Partial<SealParts> = {}, stamps?: StampAnnotSpec[]): Promise<VerifiedFile> {
    const files = await sealedOfdFiles(
      (description) =>
        sesSignature(work, description, { maker: { certFile: centre.caFile, keyFile: join(work, 'centre', 'ca.key') }, signer: { certFile: centre.signerFile, keyFile: centre.keyFile }, seal }),
      stamps,
    );
    const bytes = ofdOf(files);
    return sealVerifier.verify(async () => Readable.from([bytes]), bytes.length);
  }

  it('the seal’s PNG picture is drawn over its page, filling its StampAnnot’s Boundary, in the report’s appended page', async () => {
    const verified = await sealed();
    expect(verified.outcome.ok && verified.outcome.verification.verdict).toBe('valid');
    const pdf = await report(verified);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(3);
    // The report, then the licence's two pages: the seal is on the first of them (PageRef 1), alone.
    const [x, y, w, h] = STAMP_BOUNDARY;
    const [image, ...others] = imagesDrawn(doc.getPage(1));
    expect(others).toEqual([]);
    expect(image).toMatchObject({ width: 64, height: 64 });
    // The picture's unit square onto the Boundary: w × h mm wide, its lower left corner at x mm and 297 − (y + h) mm up.
    const expected = [w * MM, 0, 0, h * MM, x * MM, (297 - y - h) * MM];
    image!.ctm.forEach((value, i) => expect(value).toBeCloseTo(expected[i]!, 1));
    expect(imagesDrawn(doc.getPage(2))).toEqual([]);

    // Seen: the red disc at the Boundary's centre and the red ring inside its edge; the ground between them lets the page show (white).
    const at = pixelsOf(pdf, { page: 2, perMm: 4, colour: true });
    expect(isRed(at(x + w / 2, y + h / 2))).toBe(true);
    expect(isRed(at(x + w / 2, y + 2))).toBe(true);
    expect(isWhite(at(x + w / 2, y + 10))).toBe(true);
    expect(isWhite(at(x - 5, y + h / 2))).toBe(true);
  });

  it('a seal whose picture is garbage, or an OFD picture: the same verdict, and a red outline at the Boundary with the seal’s name', async () => {
    const good = await sealed();
    const goodFinding = good.outcome.ok && { ...good.outcome.verification.signatures[0]!, signedAt: null };
    const [x, y, w, h] = STAMP_BOUNDARY;
    for (const picture of [
      // A PNG's signature, then a header of 1 × 1 pixel and garbage; and a PNG's signature before garbage claiming billions of pixels.
      { type: 'png', data: Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d494844520000000100000001', 'hex'), Buffer.alloc(40, 0xee)]), width: 40, height: 40 },
      { type: 'png', data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(60, 0xee)]), width: 40, height: 40 },
      { type: 'ofd', data: ofdOf(new Map([['OFD.xml', Buffer.from(ofdXml({ signatures: false }))]])), width: 40, height: 40 },
    ]) {
      const verified = await sealed({ picture });
      expect(verified.outcome.ok && verified.outcome.verification.verdict).toBe('valid');
      expect(verified.outcome.ok && { ...verified.outcome.verification.signatures[0]!, signedAt: null }).toEqual(goodFinding);
      const doc = await PDFDocument.load(verified.pages!);
      expect(imagesDrawn(doc.getPage(0))).toEqual([]);
      const at = pixelsOf(verified.pages!, { perMm: 10, colour: true });
      // The outline on each edge of the Boundary, nothing outside it.
      for (const edge of [at(x, y + h / 2), at(x + w, y + h / 2), at(x + w / 2, y), at(x + w / 2, y + h)]) expect(isRed(edge)).toBe(true);
      expect(isWhite(at(x - 3, y + h / 2))).toBe(true);
      expect(pdftotext(verified.pages!).replace(/\s/g, '')).toContain('测试市不动产登记中心电子证照专用章');
    }
  }, 60_000);

  it('a Clip cuts the seal (half of it on this page), a seal on the second page shows there; places on no page or of no size are left out', async () => {
    const [x, y, w, h] = STAMP_BOUNDARY;
    const verified = await sealed({}, [
      { pageRef: '1', boundary: `${x} ${y} ${w} ${h}`, clip: `0 0 ${w / 2} ${h}` },
      { pageRef: '2', boundary: `20 60 ${w} ${h}` },
      { pageRef: '9', boundary: `20 60 ${w} ${h}` },
      { pageRef: '1', boundary: '20 60 forty 40' },
      { pageRef: '1', boundary: '20 60 -40 40' },
      { pageRef: '1', boundary: '20 60 40 40', clip: 'a b c d' },
    ]);
    expect(verified.outcome.ok && verified.outcome.verification.verdict).toBe('valid');
    const first = pixelsOf(verified.pages!, { perMm: 4, colour: true });
    // The disc's left half shows, its right half is cut.
    expect(isRed(first(x + w / 2 - 3, y + h / 2))).toBe(true);
    expect(isWhite(first(x + w / 2 + 3, y + h / 2))).toBe(true);
    // A Clip that cannot be read leaves its seal whole.
    expect(isRed(first(40, 80))).toBe(true);
    const second = pixelsOf(verified.pages!, { page: 2, perMm: 4, colour: true });
    expect(isRed(second(40, 80))).toBe(true);
    expect(isWhite(second(x + w / 2, y + h / 2))).toBe(true);
    const doc = await PDFDocument.load(verified.pages!);
    expect(imagesDrawn(doc.getPage(0))).toHaveLength(2);
    expect(imagesDrawn(doc.getPage(1))).toHaveLength(1);
  });
});
