import pg from 'pg';

export interface ChannelHandlers {
  /** A notification on the channel, its payload as sent. */
  message(payload: string): void;
  /** Listening (again): whatever was sent while not listening is gone, so read afresh. */
  connected?(): void;
  /** The connection was lost; it is tried again every two seconds. */
  lost?(): void;
}

/**
 * One PostgreSQL LISTEN connection of this process on one channel, so what one process writes
 * (pg_notify, delivered when its transaction commits) reaches every other. It reconnects after a
 * lost connection and says so (`connected`), since notifications sent meanwhile are gone.
 */
export class ChannelListener {
  private client: pg.Client | null = null;
  private starting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly channel: string,
    private readonly handlers: ChannelHandlers,
  ) {}

  /** Whether notifications reach this process now. */
  get listening(): boolean {
    return this.client !== null;
  }

  /** Starts listening (once; later calls wait for the same start). */
  start(): Promise<void> {
    if (this.closed || this.client) return Promise.resolve();
    this.starting ??= this.connect().finally(() => (this.starting = null));
    return this.starting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.connection);
    client.on('notification', (message) => this.handlers.message(message.payload ?? ''));
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => {});
      this.handlers.lost?.();
      this.scheduleRetry();
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.client = client;
      this.handlers.connected?.();
    } catch {
      client.end().catch(() => {});
      this.scheduleRetry();
    }
  }

  private scheduleRetry(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.start();
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
  }
}
