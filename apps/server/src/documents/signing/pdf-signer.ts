import * as fontkitModule from '@pdf-lib/fontkit';
import { createHash } from 'node:crypto';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString, type PDFRef } from 'pdf-lib';
import { formatShanghaiDateTime } from '../../lib/shanghai-time';
import { cjkFont } from '../cjk-font';
import { createDetachedCms } from './cms-signature';
import { STAMP_CAPTION, STAMP_SIZE, STAMP_TIME_CHARACTERS, stampOperators } from './signature-stamp';
import type { SigningIdentity } from './signing-identity';

const fontkit = ((fontkitModule as { default?: typeof fontkitModule }).default ?? fontkitModule) as typeof fontkitModule;

/** Ten digits: the widest a ByteRange number of a file under 10 GB needs; rewritten in place once the file is laid out. */
const BYTE_RANGE_PLACEHOLDER = 9_999_999_999;
const PLACEHOLDER_TEXT = `[ 0 ${BYTE_RANGE_PLACEHOLDER} ${BYTE_RANGE_PLACEHOLDER} ${BYTE_RANGE_PLACEHOLDER} ]`;

export interface SignOptions {
  /** Why the hall signs, e.g. 不动产登记网上办事大厅出具的电子证照 (the signature dictionary's /Reason). */
  reason: string;
  /** Where the stamp goes: its lower-left corner in points on the first page; bottom right by default. */
  at?: { x: number; y: number };
  signingTime?: Date;
}

/** Signs PDFs the hall issues (PAdES baseline B-B: ETSI.CAdES.detached, SHA-256) with a visible stamp. */
export interface DocumentSigner {
  readonly identity: SigningIdentity;
  sign(pdf: Uint8Array, options: SignOptions): Promise<Buffer>;
}

/**
 * Signs with the hall's identity. The document gets one signature field whose widget shows the seal
 * (signature-stamp.ts) in Noto Sans SC cut to the stamp's characters; the signature dictionary's
 * /Contents is a detached CMS over the two byte ranges around it (cms-signature.ts).
 */
export class PadesSigner implements DocumentSigner {
  constructor(readonly identity: SigningIdentity) {}

  async sign(pdf: Uint8Array, options: SignOptions): Promise<Buffer> {
    const signingTime = options.signingTime ?? new Date();
    return this.signWith(pdf, { ...options, signingTime }, ([before, after]) =>
      createDetachedCms({
        digest: createHash('sha256').update(before!).update(after!).digest(),
        chain: this.identity.chain,
        key: this.identity.key,
        signingTime,
      }),
    );
  }

  /**
   * The same document with the CMS made by `makeCms` from the two signed byte ranges: any CMS
   * producer (a hardware signer, another tool) can sign what this lays out.
   */
  async signWith(pdf: Uint8Array, options: SignOptions, makeCms: (signed: [Buffer, Buffer]) => Buffer | Promise<Buffer>): Promise<Buffer> {
    const signingTime = options.signingTime ?? new Date();
    const laidOut = await this.withPlaceholder(pdf, options, signingTime);
    return this.fillSignature(laidOut, makeCms);
  }

  /** The document with its signature field, stamp and an empty /Contents of the size the CMS will need. */
  private async withPlaceholder(pdf: Uint8Array, options: SignOptions, signingTime: Date): Promise<Buffer> {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    const { stampName } = this.identity;
    const signedAt = formatShanghaiDateTime(signingTime).slice(0, 16);
    doc.registerFontkit(fontkit);
    const font = await doc.embedFont((await cjkFont()).subset(stampName + STAMP_CAPTION + STAMP_TIME_CHARACTERS + signedAt), { subset: false });
    const page = doc.getPage(0);
    const { width } = page.getSize();
    const at = options.at ?? { x: width - STAMP_SIZE.width - 56, y: 64 };
    const context = doc.context;

    const appearance = context.register(
      context.formXObject(stampOperators(font, 'F1', stampName, signedAt), {
        BBox: [0, 0, STAMP_SIZE.width, STAMP_SIZE.height],
        Resources: { Font: { F1: font.ref } },
      }),
    );
    const contentsBytes = 4096 + this.identity.chain.reduce((sum, der) => sum + der.length, 0);
    const signature = context.register(
      context.obj({
        Type: 'Sig',
        Filter: 'Adobe.PPKLite',
        SubFilter: 'ETSI.CAdES.detached',
        ByteRange: [0, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER],
        Contents: PDFHexString.of('0'.repeat(contentsBytes * 2)),
        M: PDFString.fromDate(signingTime),
        Name: PDFHexString.fromText(this.identity.stampName),
        Reason: PDFHexString.fromText(options.reason),
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

  private async fillSignature(pdf: Buffer, makeCms: (signed: [Buffer, Buffer]) => Buffer | Promise<Buffer>): Promise<Buffer> {
    const rangeAt = pdf.indexOf(PLACEHOLDER_TEXT, 0, 'latin1');
    if (rangeAt < 0 || pdf.indexOf(PLACEHOLDER_TEXT, rangeAt + 1, 'latin1') >= 0) throw new Error('the signature placeholder is not in the document exactly once');
    const contentsAt = pdf.indexOf('<0000000000', rangeAt, 'latin1');
    const contentsEnd = pdf.indexOf('>', contentsAt, 'latin1') + 1;
    const byteRange = [0, contentsAt, contentsEnd, pdf.length - contentsEnd];
    const rangeText = `[ ${byteRange.join(' ')} ]`.padEnd(PLACEHOLDER_TEXT.length, ' ');
    pdf.write(rangeText, rangeAt, 'latin1');

    const cms = await makeCms([pdf.subarray(0, contentsAt), pdf.subarray(contentsEnd)]);
    const hex = cms.toString('hex');
    const room = contentsEnd - contentsAt - 2;
    if (hex.length > room) throw new Error(`the signature (${hex.length / 2} bytes) does not fit its placeholder (${room / 2} bytes)`);
    pdf.write(hex, contentsAt + 1, 'latin1');
    return pdf;
  }
}

function addAnnotation(doc: PDFDocument, page: PDFDict, annotation: PDFRef): void {
  const annots = page.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (annots) annots.push(annotation);
  else page.set(PDFName.of('Annots'), doc.context.obj([annotation]));
}
