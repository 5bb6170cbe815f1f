import { spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PdfWorkers } from '../../../src/documents/pdf-worker';
import { WorkerPdfVerifier, type VerifiedFile } from '../../../src/documents/pdf-verifier';
import { renderVerificationReport } from '../../../src/documents/verification-report';
import { MAX_PAGE_OBJECTS, MAX_PATH_CHARS } from '../../../src/documents/verification/ofd-pages';
import { ofdOf, ofdXml } from '../../ofd-helpers';

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

/** The first page as grey pixels, one per mm (poppler at 25.4 dpi), to read back where ink landed. */
function greyAt(pdf: Uint8Array): (xMm: number, yMm: number) => number {
  const run = spawnSync('pdftoppm', ['-gray', '-r', '25.4', '-f', '1', '-l', '1', '-singlefile', '-'], { input: pdf });
  const image = run.stdout;
  // PGM (P5): magic, width, height, maximum, then one byte per pixel.
  const header = image
    .subarray(0, 32)
    .toString('latin1')
    .match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/)!;
  const width = Number(header[1]);
  const start = header[0].length;
  return (x, y) => image[start + y * width + x]!;
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
