import type { Readable } from 'node:stream';
import { PDFDocument } from 'pdf-lib';

/** What the verification of an uploaded PDF found; stored as the record's result. */
export interface PdfVerification {
  /** The file is a PDF a reader can open: header, trailer, and (for files small enough) a full parse. */
  wellFormed: boolean;
  /** The file carries a signature dictionary (/ByteRange and /Contents). */
  signed: boolean;
  /** What the citizen reads in the verification record. */
  message: string;
}

/** Checks an uploaded PDF; `open` gives the file's content as a stream, as often as needed. */
export interface PdfVerifier {
  verify(open: () => Promise<Readable>, size: number): Promise<PdfVerification>;
}

export const VERIFICATION_MESSAGES = {
  malformed: '文件不是有效的PDF文件，无法验签',
  unsigned: '文件未包含电子签章',
  signed: '文件包含电子签章',
} as const;

export const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
/** Readers accept the trailer's %%EOF anywhere in the last kilobyte. */
const TRAILER_WINDOW = 1024;
/** Files up to this size are also parsed whole with pdf-lib; larger ones only scanned, to keep memory flat. */
const FULL_PARSE_MAX_BYTES = 32 * 1024 * 1024;

const NEEDLES = {
  byteRange: Buffer.from('/ByteRange', 'latin1'),
  contents: Buffer.from('/Contents', 'latin1'),
  startxref: Buffer.from('startxref', 'latin1'),
};
const LONGEST_NEEDLE = Math.max(...Object.values(NEEDLES).map((n) => n.length));

interface ScanResult {
  header: boolean;
  trailer: boolean;
  found: Record<keyof typeof NEEDLES, boolean>;
}

/** One pass over the file in chunks, keeping only a needle's length of overlap between them. */
async function scan(stream: Readable): Promise<ScanResult> {
  const found = { byteRange: false, contents: false, startxref: false };
  let head = Buffer.alloc(0);
  let carry = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (head.length < PDF_MAGIC.length) head = Buffer.concat([head, chunk.subarray(0, PDF_MAGIC.length - head.length)]);
    const window = Buffer.concat([carry, chunk]);
    for (const name of Object.keys(NEEDLES) as Array<keyof typeof NEEDLES>) {
      if (!found[name] && window.includes(NEEDLES[name])) found[name] = true;
    }
    carry = window.subarray(Math.max(0, window.length - (LONGEST_NEEDLE - 1)));
    tail = Buffer.concat([tail, chunk]);
    if (tail.length > TRAILER_WINDOW) tail = tail.subarray(tail.length - TRAILER_WINDOW);
  }
  return { header: head.equals(PDF_MAGIC), trailer: tail.includes('%%EOF', 0, 'latin1'), found };
}

async function parses(stream: Readable): Promise<boolean> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  try {
    await PDFDocument.load(Buffer.concat(chunks), { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The first verifier: is the file a well-formed PDF, and does it carry a signature dictionary.
 * It does not yet check the PKCS#7 signature, its digest or its signer's chain.
 */
export class StructuralPdfVerifier implements PdfVerifier {
  async verify(open: () => Promise<Readable>, size: number): Promise<PdfVerification> {
    const result = await scan(await open());
    let wellFormed = result.header && result.trailer && result.found.startxref;
    if (wellFormed && size <= FULL_PARSE_MAX_BYTES) wellFormed = await parses(await open());
    if (!wellFormed) return { wellFormed: false, signed: false, message: VERIFICATION_MESSAGES.malformed };
    const signed = result.found.byteRange && result.found.contents;
    return { wellFormed: true, signed, message: signed ? VERIFICATION_MESSAGES.signed : VERIFICATION_MESSAGES.unsigned };
  }
}
