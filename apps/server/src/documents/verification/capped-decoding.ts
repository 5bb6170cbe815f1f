import { createRequire } from 'node:module';
import { inflateSync, constants as zlib } from 'node:zlib';
import { PDFArray, PDFDict, PDFName, PDFNumber, type PDFRawStream } from 'pdf-lib';

/** Raised when a stream, or the file's streams together, would inflate past the caps. */
export class DecompressionCapError extends Error {
  constructor(readonly limit: number) {
    super(`decompressed data over ${limit} bytes`);
    this.name = 'DecompressionCapError';
  }
}

export interface DecompressionCaps {
  perStream: number;
  perFile: number;
}

/** The most a filter can expand its input by, for the filters decoded by pdf-lib's own classes. */
const MAX_EXPANSION: Record<string, number> = { ASCIIHexDecode: 0.5, ASCII85Decode: 1.25, RunLengthDecode: 128, LZWDecode: 2800 };

interface DecodedStream {
  decode(): Uint8Array;
}
type Decoder = (stream: PDFRawStream) => DecodedStream;

/**
 * Bounds what one file's streams may inflate to. pdf-lib inflates object streams whole while it
 * parses (a 3 MB object stream can claim 3 GB, outside any V8 heap limit), so this worker replaces
 * pdf-lib's stream decoder: FlateDecode goes through zlib with maxOutputLength (it stops at the cap
 * instead of allocating), the other filters only when their largest possible output fits, and every
 * decoded byte counts against the file's budget.
 */
export class CappedDecoding {
  private used = 0;
  /** Set once any cap was hit: pdf-lib's parser swallows errors of single objects, this does not forget. */
  exceeded = false;

  constructor(private readonly caps: DecompressionCaps) {}

  private refuse(limit: number): never {
    this.exceeded = true;
    throw new DecompressionCapError(limit);
  }

  private take(bytes: number): void {
    this.used += bytes;
    if (this.used > this.caps.perFile) this.refuse(this.caps.perFile);
  }

  private room(): number {
    return Math.min(this.caps.perStream, this.caps.perFile - this.used);
  }

  /** Inflates at most the room left; a stream cut short decodes as far as it goes, as readers do. */
  inflate(data: Uint8Array): Buffer {
    const room = this.room();
    let out: Buffer;
    try {
      out = inflateSync(data, { maxOutputLength: Math.max(room, 1), finishFlush: zlib.Z_SYNC_FLUSH });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') this.refuse(room);
      throw error;
    }
    this.take(out.length);
    return out;
  }

  /** A raw stream's decoded bytes, through every filter, within the caps. */
  decode(stream: PDFRawStream, fallback: Decoder): Uint8Array {
    const filter = stream.dict.lookup(PDFName.of('Filter'));
    const filters = filter instanceof PDFName ? [filter] : filter instanceof PDFArray ? filter.asArray().map((f) => stream.dict.context.lookup(f)) : [];
    let data: Uint8Array = stream.contents;
    if (!filters.length) {
      this.take(data.length);
      return data;
    }
    for (const each of filters) {
      const name = each instanceof PDFName ? each.decodeText() : '';
      if (name === 'FlateDecode' || name === 'Fl') {
        data = this.inflate(data);
        continue;
      }
      const expansion = MAX_EXPANSION[name];
      if (expansion === undefined || data.length * expansion > this.room()) this.refuse(this.room());
      // pdf-lib's decoder for this one filter, on the bytes decoded so far.
      data = fallback(stream.dict.context.stream(data, { Filter: name })).decode();
      this.take(data.length);
    }
    return data;
  }
}

/**
 * Installs the caps into pdf-lib for this thread (the verification worker only): its parser reads
 * streams through the module's decodePDFRawStream export, which is replaced here.
 */
export function installCappedDecoding(caps: DecompressionCaps): CappedDecoding {
  const require = createRequire(import.meta.url);
  const decodeModule = require('pdf-lib/cjs/core/streams/decode') as { decodePDFRawStream: Decoder };
  const original = decodeModule.decodePDFRawStream;
  const capped = new CappedDecoding(caps);
  decodeModule.decodePDFRawStream = (stream) => {
    const bytes = capped.decode(stream, original);
    return { decode: () => bytes };
  };
  return capped;
}

/** The predictor of a stream's DecodeParms (1 when none): xref streams often use PNG predictors. */
export function predictorOf(dict: PDFDict): { predictor: number; columns: number } {
  const parms = dict.lookup(PDFName.of('DecodeParms'));
  if (!(parms instanceof PDFDict)) return { predictor: 1, columns: 1 };
  const number = (key: string, fallback: number) => {
    const value = parms.lookup(PDFName.of(key));
    return value instanceof PDFNumber ? value.asNumber() : fallback;
  };
  return { predictor: number('Predictor', 1), columns: number('Columns', 1) };
}

/** Undoes the PNG predictors (10–15) row by row: what xref streams use. */
export function unpredictPng(data: Uint8Array, columns: number): Uint8Array {
  const rowLength = columns + 1;
  const rows = Math.floor(data.length / rowLength);
  const out = new Uint8Array(rows * columns);
  for (let row = 0; row < rows; row += 1) {
    const type = data[row * rowLength]!;
    for (let i = 0; i < columns; i += 1) {
      const raw = data[row * rowLength + 1 + i]!;
      const left = i > 0 ? out[row * columns + i - 1]! : 0;
      const up = row > 0 ? out[(row - 1) * columns + i]! : 0;
      const upLeft = row > 0 && i > 0 ? out[(row - 1) * columns + i - 1]! : 0;
      let value = raw;
      if (type === 1) value = raw + left;
      else if (type === 2) value = raw + up;
      else if (type === 3) value = raw + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      }
      out[row * columns + i] = value & 0xff;
    }
  }
  return out;
}
