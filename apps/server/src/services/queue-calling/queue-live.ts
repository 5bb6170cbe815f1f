import { EventEmitter } from 'node:events';
import pg from 'pg';

/**
 * Queue calls reach every server process through PostgreSQL: a call commits with
 * pg_notify(QUEUE_CHANNEL, …) and each process LISTENs on one connection of its own, so a display
 * or a citizen connected to any process hears a call made on any other. The listener reconnects
 * after a lost connection and then tells everyone to read afresh, since notifications sent while it
 * was away are gone.
 */

export const QUEUE_CHANNEL = 'queue_calls';

/** What a notification says: the hall and the number that changed (no names, no phones). */
export interface QueueChange {
  companyId: string;
  orderId: number;
}

type Listener = (change: QueueChange | 'resync') => void;

export class QueueLive {
  private readonly events = new EventEmitter();
  private client: pg.Client | null = null;
  private starting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly connection: pg.ClientConfig) {
    this.events.setMaxListeners(0);
  }

  /** Starts listening on first use; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.events.on('change', listener);
    void this.ensureListening();
    return () => this.events.off('change', listener);
  }

  private ensureListening(): Promise<void> {
    if (this.closed || this.client) return Promise.resolve();
    this.starting ??= this.connect().finally(() => (this.starting = null));
    return this.starting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.connection);
    client.on('notification', (message) => {
      try {
        const change = JSON.parse(message.payload ?? '') as QueueChange;
        if (typeof change.companyId === 'string' && typeof change.orderId === 'number') this.events.emit('change', change);
      } catch {
        // Not one of ours: nothing to pass on.
      }
    });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => {});
      this.scheduleRetry();
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${QUEUE_CHANNEL}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.client = client;
      this.events.emit('change', 'resync');
    } catch {
      client.end().catch(() => {});
      this.scheduleRetry();
    }
  }

  private scheduleRetry(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.events.listenerCount('change') > 0) void this.ensureListening();
    }, 2000);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.starting;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
    this.events.removeAllListeners();
  }
}
