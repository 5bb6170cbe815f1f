import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { ChannelListener } from '../../../lib/channel-listener';

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
  private readonly listener: ChannelListener;

  constructor(connection: pg.ClientConfig) {
    this.events.setMaxListeners(0);
    this.listener = new ChannelListener(connection, QUEUE_CHANNEL, {
      message: (payload) => {
        try {
          const change = JSON.parse(payload) as QueueChange;
          if (typeof change.companyId === 'string' && typeof change.orderId === 'number') this.events.emit('change', change);
        } catch {
          // Not one of ours: nothing to pass on.
        }
      },
      connected: () => this.events.emit('change', 'resync'),
    });
  }

  /** Starts listening on first use; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.events.on('change', listener);
    void this.listener.start();
    return () => this.events.off('change', listener);
  }

  async close(): Promise<void> {
    await this.listener.close();
    this.events.removeAllListeners();
  }
}
