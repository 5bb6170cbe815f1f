import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Bytes an upload must bring in every body window; well under what a phone on a weak 3G line sends. */
export const UPLOAD_MIN_BYTES_PER_WINDOW = 64 * 1024;
/**
 * A body answered before it was read whole (an upload refused for its session or a field) is read to its
 * end and thrown away when it declares at most this much, so the client, still sending, gets to read the
 * refusal; a larger one has its connection closed at once (the client then sees a network failure).
 */
export const REFUSED_BODY_DRAIN_MAX_BYTES = 32 * 1024 * 1024;

const hasBody = (request: FastifyRequest) => Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
const isMultipart = (request: FastifyRequest) => /^\s*multipart\/form-data/i.test(request.headers['content-type'] ?? '');

/**
 * Connections that send their body slowly would otherwise hold the hall's sockets (slowloris). An
 * ordinary body (JSON or a form, at most a few MB) must arrive whole within the body timeout; an
 * upload (multipart, up to 500 MB) may take as long as it needs but must keep bringing at least
 * UPLOAD_MIN_BYTES_PER_WINDOW in every window of that length. A request that falls behind has its
 * connection closed. The socket's idle timeout and Node's limits on headers and whole requests stand
 * behind this (app.ts).
 */
async function slowRequestGuardPlugin(app: FastifyInstance, options: { bodyTimeoutMs: number }): Promise<void> {
  const timers = new WeakMap<FastifyRequest, NodeJS.Timeout>();
  const stop = (request: FastifyRequest) => {
    clearTimeout(timers.get(request));
    clearInterval(timers.get(request));
    timers.delete(request);
  };
  const drop = (request: FastifyRequest, reason: string) => {
    stop(request);
    request.log.info({ reason }, 'closing a connection whose body is too slow');
    request.raw.socket?.destroy();
  };

  app.addHook('onRequest', (request, _reply, done) => {
    watch(request);
    done();
  });
  const watch = (request: FastifyRequest) => {
    if (!hasBody(request)) return;
    const socket = request.raw.socket;
    if (isMultipart(request)) {
      let seen = socket?.bytesRead ?? 0;
      const timer = setInterval(() => {
        const now = socket?.bytesRead ?? 0;
        if (now - seen < UPLOAD_MIN_BYTES_PER_WINDOW && !request.raw.complete) drop(request, 'upload too slow');
        seen = now;
      }, options.bodyTimeoutMs);
      timers.set(request, timer);
    } else {
      timers.set(
        request,
        setTimeout(() => drop(request, 'body not complete in time'), options.bodyTimeoutMs),
      );
    }
  };
  // An ordinary body is read whole before validation; an upload's, while its handler runs.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!isMultipart(request)) stop(request);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    stop(request);
    if (hasBody(request) && !request.raw.complete) drainRefusedBody(request);
    done();
  });
  /**
   * Answered before its body was read (a refusal). Closing now would reset the connection under a client
   * still sending, which shows a network error instead of the answer: a body of declared length within
   * REFUSED_BODY_DRAIN_MAX_BYTES is read to its end and thrown away (Node reads it once the reply is done),
   * within the body timeout; a longer one, one of no declared length, or one that trickles, is closed.
   */
  const drainRefusedBody = (request: FastifyRequest) => {
    const declared = Number(request.headers['content-length']);
    if (!Number.isFinite(declared) || declared > REFUSED_BODY_DRAIN_MAX_BYTES) {
      request.raw.socket?.destroy();
      return;
    }
    if (request.raw.readableEnded) return;
    // An injected request (tests) has a socket that cannot be destroyed.
    const timer = setTimeout(() => request.raw.socket?.destroy?.(), options.bodyTimeoutMs);
    request.raw.once('end', () => clearTimeout(timer));
    request.raw.once('close', () => clearTimeout(timer));
    request.raw.resume();
  };
  app.addHook('onRequestAbort', (request, done) => {
    stop(request);
    done();
  });
}

export const slowRequestGuard = fp(slowRequestGuardPlugin, { name: 'slow-request-guard' });
