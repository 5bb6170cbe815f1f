import type { FastifyReply, FastifyRequest } from 'fastify';
import type { QueueChange, QueueLive } from '../../services/queue-calling/queue-live';

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** Comments that keep proxies and the socket's idle timeout from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** How long the browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3_000;

const format = ({ event, data }: StreamEvent) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Turns the reply into a server-sent event stream: the first event at once, then whatever onChange
 * makes of each change the hall's listener hears, and a heartbeat comment. Changes are handled one
 * after another, so events leave in order. The stream ends when the client goes (or after maxMs,
 * and the browser reconnects).
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  live: QueueLive,
  options: { first: StreamEvent; onChange: (change: QueueChange | 'resync') => Promise<StreamEvent | null>; maxMs?: number },
): void {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Nginx and similar proxies would otherwise hold events back in a buffer.
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${RETRY_MS}\n\n${format(options.first)}`);

  let chain = Promise.resolve();
  let open = true;
  const unsubscribe = live.subscribe((change) => {
    chain = chain.then(async () => {
      if (!open) return;
      try {
        const event = await options.onChange(change);
        if (event && open) raw.write(format(event));
      } catch (error) {
        request.log.warn({ err: error }, 'queue stream could not read a change');
      }
    });
  });
  const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
  const limit = options.maxMs ? setTimeout(() => raw.end(), options.maxMs) : null;
  const close = () => {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    if (limit) clearTimeout(limit);
    unsubscribe();
  };
  raw.on('close', close);
  raw.on('error', close);
}
