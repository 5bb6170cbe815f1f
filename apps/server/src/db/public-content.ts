import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from './client';
import { ChannelListener } from '../lib/channel-listener';
import { deepFreeze } from '../lib/deep-freeze';

/** The channel on which a change of public content (menus, banners) is announced to every process. */
export const PUBLIC_CONTENT_CHANNEL = 'public_content';

/** What the public cache holds; a change names the one it makes stale. */
export type PublicContentKey = 'wx-menu';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Public replies that are the same for everyone (the home's menus and banners), read once and kept
 * in this process until a change says otherwise. A change is announced with pg_notify in the
 * transaction that makes it, so it reaches every process when it commits; the process that makes it
 * also forgets its copy at once. Nothing is kept while the LISTEN connection is down (notifications
 * would be missed), and everything is forgotten when it comes back.
 */
export class PublicContentCache {
  private readonly values = new Map<PublicContentKey, Promise<unknown>>();
  private readonly listener: ChannelListener;

  constructor(connection: pg.ClientConfig) {
    this.listener = new ChannelListener(connection, PUBLIC_CONTENT_CHANNEL, {
      message: (key) => this.values.delete(key as PublicContentKey),
      connected: () => this.values.clear(),
      lost: () => this.values.clear(),
    });
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  close(): Promise<void> {
    this.values.clear();
    return this.listener.close();
  }

  /**
   * The kept value of `key`, else what `load` answers (kept while this process hears changes). A kept
   * value is frozen, so its reply is checked and written once (lib/reply-serializer.ts).
   */
  read<T>(key: PublicContentKey, load: () => Promise<T>): Promise<T> {
    if (!this.listener.listening) return load();
    let value = this.values.get(key) as Promise<T> | undefined;
    if (!value) {
      value = load().then(deepFreeze);
      this.values.set(key, value);
      value.catch(() => {
        if (this.values.get(key) === value) this.values.delete(key);
      });
    }
    return value;
  }

  /** Announces, inside the transaction that changes it, that `key` is stale everywhere. */
  async changed(tx: Transaction, key: PublicContentKey): Promise<void> {
    this.values.delete(key);
    await tx.execute(sql`SELECT pg_notify(${PUBLIC_CONTENT_CHANNEL}, ${key})`);
  }
}
