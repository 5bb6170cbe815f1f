import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
/** How one reply is compressed: the encoding the browser accepts, and the reply's size in bytes. */
interface Compression {
  encoding: Encoding;
  size: number;
}

/**
 * Replies up to this size are compressed in one call on the spot: about 20 µs for a list of a few
 * KB, where a zlib stream per reply cost more than the call's own work. Bigger ones, and streams, are
 * left to @fastify/compress.
 */
const ONE_SHOT_MAX_BYTES = 64 * 1024;

/**
 * The smallest window that holds the whole reply (log2 of its size, within the format's bounds): the
 * same bytes out, with less memory for the encoder to set up on each call (a 2.5 KB list: 28 µs
 * instead of 32 at brotli quality 2).
 */
const windowBits = (size: number, min: number, max: number) => Math.min(max, Math.max(min, Math.ceil(Math.log2(size))));

const brotliParams = (size: number, quality: number) => ({
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
    [constants.BROTLI_PARAM_LGWIN]: windowBits(size, constants.BROTLI_MIN_WINDOW_BITS, constants.BROTLI_DEFAULT_WINDOW),
  },
});
/** gzip's window: at least 9 bits (zlib turns 8 into 9 for deflate), at most its default 15. */
const gzipOptions = (size: number, level?: number) => ({ level, windowBits: windowBits(size, 9, 15) });

/**
 * Per reply: brotli at quality 2, which for a 3.5 KB application list takes 20 µs and gives 455 bytes,
 * where quality 4 (@fastify/compress's own) takes 49 µs for 400 bytes, and gzip's default 34 µs for 472.
 */
const compressNow: Record<Encoding, (text: string, size: number) => Buffer> = {
  br: (text, size) => brotliCompressSync(text, brotliParams(size, 2)),
  gzip: (text, size) => gzipSync(text, gzipOptions(size)),
};

/**
 * Brotli's highest quality costs time that grows fast with size (a 4 KB review page 6 ms, a 42 KB one
 * 57 ms), where quality 9 gives nearly the same bytes (795 instead of 734 for the 42 KB page) in 1.5 ms:
 * a kept value above this size is compressed at quality 9.
 */
const BEST_QUALITY_MAX_BYTES = 24 * 1024;

/** Once per kept value: the smallest copy, made off the event loop. */
const brotliLater = promisify(brotliCompress);
const gzipLater = promisify(gzip);
const compressOnce: Record<Encoding, (text: string, size: number) => Promise<Buffer>> = {
  br: (text, size) => brotliLater(text, brotliParams(size, size <= BEST_QUALITY_MAX_BYTES ? constants.BROTLI_MAX_QUALITY : 9)),
  gzip: (text, size) => gzipLater(text, gzipOptions(size, 9)),
};

function addVary(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
}

/**
 * Compresses the JSON replies of the calls as the browser accepts (brotli, else gzip), ahead of
 * @fastify/compress, which leaves a reply that already carries a Content-Encoding alone:
 * - a frozen reply (lib/reply-serializer.ts: the reads kept by db/kept-read.ts, such as the home's
 *   16 KB menu, the same for everyone, and the review queues) is compressed once per encoding at the
 *   highest level (BEST_QUALITY_MAX_BYTES) and its bytes reused for as long as the value lives;
 * - any other text reply under ONE_SHOT_MAX_BYTES is compressed in one synchronous call.
 */
export function compressReplies(app: FastifyInstance, { threshold }: { threshold: number }): void {
  const frozenValueOf = new WeakMap<FastifyReply, object>();
  const copies = new WeakMap<object, Partial<Record<Encoding, Promise<Buffer>>>>();
  // A kept value's size is counted once: counting the bytes of its text walks all of it (a tenth of
  // the CPU a request for the home's 16 KB menu took).
  const sizes = new WeakMap<object, number>();
  const sizeOf = (reply: FastifyReply, text: string): number => {
    const value = frozenValueOf.get(reply);
    if (!value) return Buffer.byteLength(text);
    let size = sizes.get(value);
    if (size === undefined) sizes.set(value, (size = Buffer.byteLength(text)));
    return size;
  };

  /** The smallest copy of a kept value; a failed one is not kept, and the reply is compressed as any other. */
  const keptCopy = (value: object, { encoding, size }: Compression, text: string): Promise<Buffer> => {
    const kept = copies.get(value) ?? {};
    copies.set(value, kept);
    kept[encoding] ??= compressOnce[encoding](text, size).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not compress a kept public reply');
      delete kept[encoding];
      return compressNow[encoding](text, size);
    });
    return kept[encoding];
  };

  app.addHook('preSerialization', (_request, reply, payload, done) => {
    if (payload !== null && typeof payload === 'object' && Object.isFrozen(payload)) frozenValueOf.set(reply, payload);
    done(null, payload);
  });

  /** The encoding a JSON reply goes out in and its size in bytes, or null when it goes as it is. */
  const compressionFor = (request: FastifyRequest, reply: FastifyReply, payload: unknown): Compression | null => {
    if (typeof payload !== 'string' || reply.hasHeader('content-encoding')) return null;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) return null;
    const size = sizeOf(reply, payload);
    if (size < threshold || size > ONE_SHOT_MAX_BYTES) return null;
    // The answer depends on the request's Accept-Encoding whichever way it goes, so caches must know.
    addVary(reply);
    if (request.headers['x-no-compression'] !== undefined) return null;
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', [...ENCODINGS]) as Encoding | null;
    return encoding && { encoding, size };
  };

  app.addHook('onSend', (request, reply, payload, done) => {
    const compression = compressionFor(request, reply, payload);
    if (!compression) return done(null, payload);
    const send = (bytes: Buffer) => {
      reply.header('content-encoding', compression.encoding);
      reply.header('content-length', bytes.length);
      done(null, bytes);
    };
    const value = frozenValueOf.get(reply);
    if (value) keptCopy(value, compression, payload as string).then(send, done);
    else send(compressNow[compression.encoding](payload as string, compression.size));
  });
}
