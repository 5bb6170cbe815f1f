import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, PDFString, type PDFDocument, type PDFRef } from 'pdf-lib';
import { STAMP_SIZE, stampOperators } from './signature-stamp';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/** fontkit, loaded on the first layout: the PDF worker's other tasks start without its 0.2 s of loading. */
async function loadFontkit(): Promise<Fontkit> {
  const loaded = (await import('@pdf-lib/fontkit')) as unknown as Fontkit & { default?: Fontkit };
  return loaded.default ?? loaded;
}

/** Ten digits: the widest a ByteRange number of a file under 10 GB needs; rewritten in place once the file is laid out. */
const BYTE_RANGE_PLACEHOLDER = 9_999_999_999;
export const PLACEHOLDER_TEXT = `[ 0 ${BYTE_RANGE_PLACEHOLDER} ${BYTE_RANGE_PLACEHOLDER} ${BYTE_RANGE_PLACEHOLDER} ]`;

/**
 * Everything laying out a signature needs, and nothing secret: made by the signer in the server's
 * process (the font cut to the stamp's characters, the room the CMS will need), so the layout can run
 * wherever the document is read — in the PDF worker for a file the hall did not make.
 */
export interface SignatureLayout {
  reason: string;
  /** The stamp's lower-left corner in points on the first page; bottom right when absent. */
  at?: { x: number; y: number } | undefined;
  signingTime: Date;
  stampName: string;
  /** The time the stamp prints (Shanghai, to the minute). */
  signedAt: string;
  /** A TrueType font holding every character the stamp prints. */
  font: Uint8Array;
  /** The bytes reserved for the CMS in /Contents. */
  contentsBytes: number;
}

function addAnnotation(doc: PDFDocument, page: PDFDict, annotation: PDFRef): void {
  const annots = page.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (annots) annots.push(annotation);
  else page.set(PDFName.of('Annots'), doc.context.obj([annotation]));
}

/** The document with its signature field, stamp and an empty /Contents of the size the CMS will need. */
export async function layOutSignature(doc: PDFDocument, layout: SignatureLayout): Promise<Buffer> {
  doc.registerFontkit(await loadFontkit());
  const font = await doc.embedFont(layout.font, { subset: false });
  const page = doc.getPage(0);
  const { width } = page.getSize();
  const at = layout.at ?? { x: width - STAMP_SIZE.width - 56, y: 64 };
  const context = doc.context;

  const appearance = context.register(
    context.formXObject(stampOperators(font, 'F1', layout.stampName, layout.signedAt), {
      BBox: [0, 0, STAMP_SIZE.width, STAMP_SIZE.height],
      Resources: { Font: { F1: font.ref } },
    }),
  );
  const signature = context.register(
    context.obj({
      Type: 'Sig',
      Filter: 'Adobe.PPKLite',
      SubFilter: 'ETSI.CAdES.detached',
      ByteRange: [0, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER],
      Contents: PDFHexString.of('0'.repeat(layout.contentsBytes * 2)),
      M: PDFString.fromDate(layout.signingTime),
      Name: PDFHexString.fromText(layout.stampName),
      Reason: PDFHexString.fromText(layout.reason),
    }),
  );
  const widget = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      T: PDFHexString.fromText('电子签章'),
      Rect: [at.x, at.y, at.x + STAMP_SIZE.width, at.y + STAMP_SIZE.height],
      V: signature,
      F: 4 | 128, // Print, Locked
      P: page.ref,
      AP: { N: appearance },
    }),
  );
  addAnnotation(doc, page.node, widget);
  const acroForm = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  if (acroForm) {
    const fields = acroForm.lookupMaybe(PDFName.of('Fields'), PDFArray);
    if (fields) fields.push(widget);
    else acroForm.set(PDFName.of('Fields'), context.obj([widget]));
    acroForm.set(PDFName.of('SigFlags'), PDFNumber.of(3));
  } else {
    doc.catalog.set(PDFName.of('AcroForm'), context.obj({ Fields: [widget], SigFlags: 3 }));
  }
  // No object streams: the signature dictionary must sit in the file as text, /Contents and all.
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
