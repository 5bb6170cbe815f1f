import { createRequire } from 'node:module';
import { PDFArray, PDFContext, PDFDict, PDFName, PDFNumber, PDFObjectParser, PDFObjectStreamParser, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';
import { predictorOf, unpredictPng, type CappedDecoding } from './capped-decoding';

interface ByteStreamLike {
  offset(): number;
  moveTo(offset: number): void;
  done(): boolean;
}
const require = createRequire(import.meta.url);
const ByteStream = (require('pdf-lib/cjs/core/parser/ByteStream') as { default: { of(bytes: Uint8Array): ByteStreamLike } }).default;

/** One cross-reference entry of an update: where it says an object lives. */
export interface XrefEntry {
  objectNumber: number;
  generation: number;
  /** in use at a file offset; in an object stream; or free (deleted). */
  kind: 'offset' | 'compressed' | 'free';
  /** The file offset (kind offset) or the number of the object stream (kind compressed). */
  at: number;
}

/** What the bytes after a signed revision define: objects, cross-reference entries and trailers. */
export interface RevisionUpdate {
  /** Each object defined, the last definition winning, keyed `num gen`. */
  objects: Map<string, { ref: PDFRef; object: PDFObject; offset: number | null }>;
  xref: XrefEntry[];
  trailers: PDFDict[];
  /** A description of what could not be read, if anything. */
  unreadable: string | null;
}

const KEYWORDS = {
  xref: [...'xref'].map((c) => c.charCodeAt(0)),
  trailer: [...'trailer'].map((c) => c.charCodeAt(0)),
  startxref: [...'startxref'].map((c) => c.charCodeAt(0)),
  obj: [...'obj'].map((c) => c.charCodeAt(0)),
  endobj: [...'endobj'].map((c) => c.charCodeAt(0)),
};
const MAX_XREF_ENTRIES = 1_000_000;

/** A sequential reader of the incremental-update sections appended after a signature. */
class UpdateParser extends PDFObjectParser {
  constructor(
    private readonly stream: ByteStreamLike,
    private readonly source: Uint8Array,
    context: PDFContext,
  ) {
    super(stream as never, context);
  }

  static of(bytes: Uint8Array, context: PDFContext): UpdateParser {
    return new UpdateParser(ByteStream.of(bytes), bytes, context);
  }

  get position(): number {
    return this.stream.offset();
  }

  atEnd(): boolean {
    this.skipWhitespaceAndComments();
    return this.stream.done();
  }

  /** `N G obj` at the current position, or null (the position is left where it was). */
  objectHeader(): { num: number; gen: number } | null {
    const start = this.position;
    const head = Buffer.from(this.source.subarray(start, start + 32)).toString('latin1');
    const match = /^(\d{1,10})[ \t\r\n\f\0]+(\d{1,5})[ \t\r\n\f\0]+obj/.exec(head);
    if (!match) return null;
    this.stream.moveTo(start + match[0].length);
    return { num: Number(match[1]), gen: Number(match[2]) };
  }

  objectBody(): PDFObject {
    this.skipWhitespaceAndComments();
    const object = this.parseObject();
    this.skipWhitespaceAndComments();
    this.matchKeyword(KEYWORDS.endobj);
    return object;
  }

  keyword(name: keyof typeof KEYWORDS): boolean {
    return this.matchKeyword(KEYWORDS[name]);
  }

  /** The subsections of a classic xref table, after the keyword. */
  xrefTable(into: XrefEntry[]): void {
    for (;;) {
      this.skipWhitespaceAndComments();
      const start = this.position;
      const head = Buffer.from(this.source.subarray(start, start + 24)).toString('latin1');
      const section = /^(\d{1,10})[ \t]+(\d{1,10})[ \t]*[\r\n]/.exec(head);
      if (!section) return;
      this.stream.moveTo(start + section[0].length);
      const first = Number(section[1]);
      const count = Number(section[2]);
      if (into.length + count > MAX_XREF_ENTRIES) throw new Error('xref too long');
      for (let i = 0; i < count; i += 1) {
        this.skipWhitespaceAndComments();
        const at = this.position;
        const line = Buffer.from(this.source.subarray(at, at + 20)).toString('latin1');
        const entry = /^(\d{10}) (\d{5}) ([nf])/.exec(line);
        if (!entry) throw new Error('bad xref entry');
        this.stream.moveTo(at + entry[0].length);
        into.push({ objectNumber: first + i, generation: Number(entry[2]), kind: entry[3] === 'n' ? 'offset' : 'free', at: Number(entry[1]) });
      }
    }
  }

  object(): PDFObject {
    this.skipWhitespaceAndComments();
    return this.parseObject();
  }

  integer(): number {
    this.skipWhitespaceAndComments();
    return this.parseRawInt();
  }
}

function numberIn(dict: PDFDict, key: string): number | undefined {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFNumber ? value.asNumber() : undefined;
}

/** The entries of a cross-reference stream (PDF 1.5), decoded within the caps. */
function xrefStreamEntries(stream: PDFRawStream, decoding: CappedDecoding): XrefEntry[] {
  const widths = stream.dict.lookup(PDFName.of('W'));
  if (!(widths instanceof PDFArray) || widths.size() !== 3) throw new Error('bad xref stream');
  const w = widths.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : -1));
  if (w.some((n) => n < 0 || n > 8)) throw new Error('bad xref stream widths');
  const size = numberIn(stream.dict, 'Size') ?? 0;
  const index = stream.dict.lookup(PDFName.of('Index'));
  const ranges = index instanceof PDFArray ? index.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : 0)) : [0, size];
  let data = decoding.decode(stream, () => {
    throw new Error('xref streams are Flate-encoded or plain');
  });
  const { predictor, columns } = predictorOf(stream.dict);
  if (predictor >= 10) data = unpredictPng(data, columns);
  const rowLength = w[0]! + w[1]! + w[2]!;
  const field = (row: number, start: number, width: number) => {
    let value = 0;
    for (let i = 0; i < width; i += 1) value = value * 256 + data[row * rowLength + start + i]!;
    return value;
  };
  const entries: XrefEntry[] = [];
  let row = 0;
  for (let r = 0; r + 1 < ranges.length; r += 2) {
    for (let i = 0; i < ranges[r + 1]!; i += 1, row += 1) {
      if ((row + 1) * rowLength > data.length || entries.length >= MAX_XREF_ENTRIES) throw new Error('xref stream shorter than its index');
      const type = w[0] === 0 ? 1 : field(row, 0, w[0]!);
      const second = field(row, w[0]!, w[1]!);
      const third = field(row, w[0]! + w[1]!, w[2]!);
      const objectNumber = ranges[r]! + i;
      if (type === 0) entries.push({ objectNumber, generation: third, kind: 'free', at: second });
      else if (type === 1) entries.push({ objectNumber, generation: third, kind: 'offset', at: second });
      else if (type === 2) entries.push({ objectNumber, generation: 0, kind: 'compressed', at: second });
    }
  }
  return entries;
}

/**
 * Reads everything appended after a signed revision (`base` is its length, for absolute offsets):
 * objects (object streams expanded), xref tables and streams, trailers. Anything else there is
 * reported as unreadable rather than skipped, so nothing slips past the comparison.
 */
export async function readRevisionUpdate(appended: Uint8Array, base: number, decoding: CappedDecoding): Promise<RevisionUpdate> {
  const context = PDFContext.create();
  const update: RevisionUpdate = { objects: new Map(), xref: [], trailers: [], unreadable: null };
  const parser = UpdateParser.of(appended, context);
  const define = (ref: PDFRef, object: PDFObject, offset: number | null) => update.objects.set(`${ref.objectNumber} ${ref.generationNumber}`, { ref, object, offset });
  try {
    while (!parser.atEnd()) {
      const start = parser.position;
      const header = parser.objectHeader();
      if (header) {
        const object = parser.objectBody();
        const ref = PDFRef.of(header.num, header.gen);
        const type = object instanceof PDFRawStream ? object.dict.lookup(PDFName.of('Type')) : undefined;
        if (object instanceof PDFRawStream && type === PDFName.of('XRef')) {
          update.xref.push(...xrefStreamEntries(object, decoding));
          update.trailers.push(object.dict);
        } else if (object instanceof PDFRawStream && type === PDFName.of('ObjStm')) {
          // The stream's objects land in the scratch context; the stream itself is kept as an object too.
          define(ref, object, base + start);
          await PDFObjectStreamParser.forStream(object).parseIntoContext();
        } else {
          define(ref, object, base + start);
        }
        continue;
      }
      if (parser.keyword('xref')) parser.xrefTable(update.xref);
      else if (parser.keyword('trailer')) {
        const trailer = parser.object();
        if (trailer instanceof PDFDict) update.trailers.push(trailer);
      } else if (parser.keyword('startxref')) parser.integer();
      else throw new Error(`unexpected content at ${base + start}`);
    }
  } catch (error) {
    update.unreadable = error instanceof Error ? error.message : String(error);
  }
  // Objects from object streams (the direct ones were assigned above and win over them: they came later or equal).
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    const key = `${ref.objectNumber} ${ref.generationNumber}`;
    if (!update.objects.has(key)) define(ref, object, null);
  }
  return update;
}
