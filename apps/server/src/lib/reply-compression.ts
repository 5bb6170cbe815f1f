import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * Replies up to this size are compressed in one call on the spot: about 20 µs for a list of a few
 * KB, where a zlib stream per reply cost more than the call's own work. Bigger ones, and streams, are
 * left to @fastify/compress.
 */
const ONE_SHOT_MAX_BYTES = 64 * 1024;

const brotliParams = (text: string, quality: number) => ({
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
  },
});

/**
 * Per reply: brotli at quality 2, which for a 3.5 KB application list takes 20 µs and gives 455 bytes,
 * where quality 4 (@fastify/compress's own) takes 49 µs for 400 bytes, and gzip's default 34 µs for 472.
 */
const compressNow: Record<Encoding, (text: string) => Buffer> = {
  br: (text) => brotliCompressSync(text, brotliParams(text, 2)),
  gzip: (text) => gzipSync(text),
};

/** Once per kept value: the smallest copy, made off the event loop. */
const brotliLater = promisify(brotliCompress);
const gzipLater = promisify(gzip);
const compressOnce: Record<Encoding, (text: string) => Promise<Buffer>> = {
  br: (text) => brotliLater(text, brotliParams(text, constants.BROTLI_MAX_QUALITY)),
  gzip: (text) => gzipLater(text, { level: 9 }),
};

function addVary(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
}

/**
 * Compresses the JSON replies of the calls as the browser accepts (brotli, else gzip), ahead of
 * @fastify/compress, which leaves a reply that already carries a Content-Encoding alone:
 * - a frozen reply (lib/reply-serializer.ts: the public content kept by lib/public-content.ts, the
 *   same for everyone, such as the home's 16 KB menu) is compressed once per encoding at the highest
 *   level and its bytes reused for as long as the value lives;
 * - any other text reply under ONE_SHOT_MAX_BYTES is compressed in one synchronous call.
 */
export function compressReplies(app: FastifyInstance, { threshold }: { threshold: number }): void {
  const frozenValueOf = new WeakMap<FastifyReply, object>();
  const copies = new WeakMap<object, Partial<Record<Encoding, Promise<Buffer>>>>();

  /** The smallest copy of a kept value; a failed one is not kept, and the reply is compressed as any other. */
  const keptCopy = (value: object, encoding: Encoding, text: string): Promise<Buffer> => {
    const kept = copies.get(value) ?? {};
    copies.set(value, kept);
    kept[encoding] ??= compressOnce[encoding](text).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not compress a kept public reply');
      delete kept[encoding];
      return compressNow[encoding](text);
    });
    return kept[encoding];
  };

  app.addHook('preSerialization', (_request, reply, payload, done) => {
    if (payload !== null && typeof payload === 'object' && Object.isFrozen(payload)) frozenValueOf.set(reply, payload);
    done(null, payload);
  });

  /** The encoding a JSON reply goes out in, or null when it goes as it is. */
  const encodingFor = (request: FastifyRequest, reply: FastifyReply, payload: unknown): Encoding | null => {
    if (typeof payload !== 'string' || reply.hasHeader('content-encoding')) return null;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) return null;
    const size = Buffer.byteLength(payload);
    if (size < threshold || size > ONE_SHOT_MAX_BYTES) return null;
    // The answer depends on the request's Accept-Encoding whichever way it goes, so caches must know.
    addVary(reply);
    if (request.headers['x-no-compression'] !== undefined) return null;
    return negotiate(request.headers['accept-encoding'] ?? '', [...ENCODINGS]) as Encoding | null;
  };

  app.addHook('onSend', (request, reply, payload, done) => {
    const encoding = encodingFor(request, reply, payload);
    if (!encoding) return done(null, payload);
    const send = (bytes: Buffer) => {
      reply.header('content-encoding', encoding);
      reply.header('content-length', bytes.length);
      done(null, bytes);
    };
    const value = frozenValueOf.get(reply);
    if (value) keptCopy(value, encoding, payload as string).then(send, done);
    else send(compressNow[encoding](payload as string));
  });
}
