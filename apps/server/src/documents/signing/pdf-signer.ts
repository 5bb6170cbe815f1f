import { PDFDocument } from 'pdf-lib';
import { formatShanghaiDateTime } from '../../lib/shanghai-time';
import { cjkFont } from '../cjk-font';
import { createDetachedCms } from './cms-signature';
import { layOutSignature, PLACEHOLDER_TEXT, type SignatureLayout } from './signature-layout';
import { STAMP_CAPTION, STAMP_TIME_CHARACTERS } from './signature-stamp';
import type { SigningIdentity } from './signing-identity';

export interface SignOptions {
  /** Why the hall signs, e.g. 不动产登记网上办事大厅出具的电子证照 (the signature dictionary's /Reason). */
  reason: string;
  /** Where the stamp goes: its lower-left corner in points on the first page; bottom right by default. */
  at?: { x: number; y: number };
  signingTime?: Date;
}

/** Signs PDFs the hall issues (PAdES baseline B-B: ETSI.CAdES.detached, SHA-256 or SM2/SM3) with a visible stamp. */
export interface DocumentSigner {
  readonly identity: SigningIdentity;
  sign(pdf: Uint8Array, options: SignOptions): Promise<Buffer>;
  /** The layout of a signature, for a document read elsewhere (a file the hall did not make is read only in the PDF worker). */
  layout(options: SignOptions): Promise<SignatureLayout>;
  /** A document laid out elsewhere with `layout`, signed here, where the key is. */
  signLaidOut(laidOut: Buffer, layout: SignatureLayout): Promise<Buffer>;
}

/**
 * Signs with the hall's identity. The document gets one signature field whose widget shows the seal
 * (signature-stamp.ts) in Noto Sans SC cut to the stamp's characters; the signature dictionary's
 * /Contents is a detached CMS over the two byte ranges around it (cms-signature.ts).
 */
export class PadesSigner implements DocumentSigner {
  constructor(readonly identity: SigningIdentity) {}

  async sign(pdf: Uint8Array, options: SignOptions): Promise<Buffer> {
    const layout = await this.layout(options);
    return this.signLaidOut(await layOutSignature(await PDFDocument.load(pdf, { updateMetadata: false }), layout), layout);
  }

  /**
   * The same document with the CMS made by `makeCms` from the two signed byte ranges: any CMS
   * producer (a hardware signer, another tool) can sign what this lays out.
   */
  async signWith(pdf: Uint8Array, options: SignOptions, makeCms: (signed: [Buffer, Buffer]) => Buffer | Promise<Buffer>): Promise<Buffer> {
    const laidOut = await layOutSignature(await PDFDocument.load(pdf, { updateMetadata: false }), await this.layout(options));
    return fillSignature(laidOut, makeCms);
  }

  /** The signature's layout: the stamp's font cut to what it prints and the room the CMS needs; nothing of the key. */
  async layout(options: SignOptions): Promise<SignatureLayout> {
    const signingTime = options.signingTime ?? new Date();
    const { stampName } = this.identity;
    const signedAt = formatShanghaiDateTime(signingTime).slice(0, 16);
    const font = (await cjkFont()).subset(stampName + STAMP_CAPTION + STAMP_TIME_CHARACTERS + signedAt);
    const contentsBytes = 4096 + this.identity.chain.reduce((sum, der) => sum + der.length, 0);
    return { reason: options.reason, at: options.at, signingTime, stampName, signedAt, font, contentsBytes };
  }

  /** A document laid out with `layout` (layOutSignature), signed with the hall's key. */
  signLaidOut(laidOut: Buffer, layout: SignatureLayout): Promise<Buffer> {
    return fillSignature(laidOut, ([before, after]) =>
      createDetachedCms({
        content: [before!, after!],
        chain: this.identity.chain,
        key: this.identity.key,
        signingTime: layout.signingTime,
      }),
    );
  }
}

/**
 * Fills a laid-out signature (its /ByteRange placeholder, once in the file, and the zeros of its
 * /Contents): the byte ranges around /Contents, then the CMS `makeCms` makes over them.
 */
export async function fillSignature(pdf: Buffer, makeCms: (signed: [Buffer, Buffer]) => Buffer | Promise<Buffer>): Promise<Buffer> {
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
