import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { QueueChange, QueueLive } from '../../../services/queue/counter/queue-live';

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** Comments that keep proxies and the socket's idle timeout from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** How long the browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3_000;

const format = ({ event, data }: StreamEvent) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Where a stream's later events come from: it is given the stream's send and answers the unsubscribe. */
export type StreamSource = (send: (event: StreamEvent) => void) => () => void;

/**
 * Turns the reply into a server-sent event stream: the first event at once, then whatever the
 * source sends, and a heartbeat comment. The stream ends when the client goes (or after maxMs, and
 * the browser reconnects); onClose runs once then.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply, options: { first: StreamEvent; source: StreamSource; maxMs?: number; onClose?: () => void }): void {
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

  let open = true;
  const unsubscribe = options.source((event) => {
    if (open) raw.write(format(event));
  });
  const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
  const limit = options.maxMs ? setTimeout(() => raw.end(), options.maxMs) : null;
  const close = () => {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    if (limit) clearTimeout(limit);
    unsubscribe();
    options.onClose?.();
  };
  raw.on('close', close);
  raw.on('error', close);
}

/**
 * A source that makes an event of each change the process's listener hears, one change after
 * another, so events leave in order; a change it makes nothing of (null) sends nothing.
 */
export function eachChange(live: QueueLive, log: FastifyBaseLogger, onChange: (change: QueueChange | 'resync') => Promise<StreamEvent | null>): StreamSource {
  return (send) => {
    let chain = Promise.resolve();
    let open = true;
    const unsubscribe = live.subscribe((change) => {
      chain = chain.then(async () => {
        if (!open) return;
        try {
          const event = await onChange(change);
          if (event) send(event);
        } catch (error) {
          log.warn({ err: error }, 'queue stream could not read a change');
        }
      });
    });
    return () => {
      open = false;
      unsubscribe();
    };
  };
}

/** How many streams each client address holds open: past the cap, another is refused until one closes. */
export class StreamsPerAddress {
  private readonly open = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Takes a place for the address, or answers false when it holds the cap already. */
  take(address: string): boolean {
    const held = this.open.get(address) ?? 0;
    if (held >= this.max) return false;
    this.open.set(address, held + 1);
    return true;
  }

  release(address: string): void {
    const held = (this.open.get(address) ?? 1) - 1;
    if (held > 0) this.open.set(address, held);
    else this.open.delete(address);
  }
}
