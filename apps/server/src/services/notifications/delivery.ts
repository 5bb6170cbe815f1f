import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notificationDeliveries, notifications, users } from '../../db/schema';
import type { NotificationEvent, OutsideChannel } from './events';

/** One message as an outside channel sends it, with what the channel needs to reach the citizen. */
export interface OutgoingMessage {
  /** notification id and channel: the provider's idempotency key, so a repeated try is one message. */
  key: string;
  event: NotificationEvent;
  openid: string;
  phone: string;
  title: string;
  body: string;
  link: string;
}

/** An outside channel: resolves when the provider took the message, throws with why it did not. */
export type ChannelSender = (message: OutgoingMessage) => Promise<void>;

export interface DeliveryOptions {
  /** The channels this hall sends through; a delivery to another is set aside (skipped). */
  senders: Partial<Record<OutsideChannel, ChannelSender>>;
  /** How many deliveries one pass claims. */
  batch?: number;
  /** How long a claim holds: a process killed mid-send leaves the delivery to others after it. */
  claimMs?: number;
  /** The wait after the first failure, doubled at each failure up to maxBackoffMs. */
  firstBackoffMs?: number;
  maxBackoffMs?: number;
  /** Tries before a delivery is failed for good (an operator may send it again). */
  maxAttempts?: number;
}

export const DELIVERY_DEFAULTS = { batch: 50, claimMs: 60_000, firstBackoffMs: 10_000, maxBackoffMs: 3_600_000, maxAttempts: 10 } as const;

/** The wait after the n-th failed try (n from 1): exponential, capped, with a little jitter so retries spread. */
export function backoffMs(attempt: number, firstMs: number, maxMs: number): number {
  const base = Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

/** A channel the citizen cannot be reached on (no phone): failed at once, no retry helps. */
export class UnreachableError extends Error {}

type Claimed = {
  id: number;
  channel: string;
  attempts: number;
};

/**
 * Claims due deliveries for this process: FOR UPDATE SKIP LOCKED, so two processes never take the
 * same one, and the claim is committed at once (next_attempt_at moved past the claim time), so a
 * send is never inside an open transaction and a killed process's claims come due again.
 */
async function claimDue(db: Database, batch: number, claimMs: number): Promise<Claimed[]> {
  const result = await db.execute<Claimed>(sql`
    update ${notificationDeliveries} d
       set attempts = d.attempts + 1,
           next_attempt_at = now() + make_interval(secs => ${claimMs / 1000}),
           updated_at = now()
     where d.id in (select id from ${notificationDeliveries}
                     where state = 'waiting' and next_attempt_at <= now()
                     order by next_attempt_at
                     limit ${batch}
                     for update skip locked)
    returning d.id, d.channel, d.attempts`);
  return result.rows.map((row) => ({ id: Number(row.id), channel: row.channel, attempts: Number(row.attempts) }));
}

async function messageOf(db: Database, deliveryId: number, channel: string): Promise<OutgoingMessage | null> {
  const [row] = await db
    .select({ id: notifications.id, event: notifications.event, openid: notifications.openid, title: notifications.title, body: notifications.body, link: notifications.link, phone: users.phone })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .leftJoin(users, eq(users.openid, notifications.openid))
    .where(eq(notificationDeliveries.id, deliveryId));
  if (!row) return null;
  return { key: `${row.id}-${channel}`, event: row.event as NotificationEvent, openid: row.openid, phone: row.phone ?? '', title: row.title, body: row.body, link: row.link };
}

/**
 * Settles a try, only while the claim is still this process's (same attempt count): a process that
 * outlived its claim cannot overwrite the outcome of the one that took over.
 */
async function settle(db: Database, claimed: Claimed, set: Partial<typeof notificationDeliveries.$inferInsert>): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(notificationDeliveries.id, claimed.id), eq(notificationDeliveries.attempts, claimed.attempts), eq(notificationDeliveries.state, 'waiting')));
}

/** One pass: claims what is due and sends each through its channel. Answers how many it claimed and how many were sent. */
export async function deliverDue(db: Database, options: DeliveryOptions): Promise<{ claimed: number; sent: number }> {
  const settings = { ...DELIVERY_DEFAULTS, ...options };
  const claimed = await claimDue(db, settings.batch, settings.claimMs);
  let sent = 0;
  await Promise.all(
    claimed.map(async (delivery) => {
      const send = settings.senders[delivery.channel as OutsideChannel];
      if (!send) return settle(db, delivery, { state: 'skipped', lastError: '本大厅未开通该渠道' });
      const message = await messageOf(db, delivery.id, delivery.channel);
      if (!message) return;
      try {
        await send(message);
        sent += 1;
        await settle(db, delivery, { state: 'sent', sentAt: new Date(), lastError: '' });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const final = error instanceof UnreachableError || delivery.attempts >= settings.maxAttempts;
        await settle(db, delivery, {
          state: final ? 'failed' : 'waiting',
          lastError: reason.slice(0, 500),
          nextAttemptAt: new Date(Date.now() + backoffMs(delivery.attempts, settings.firstBackoffMs, settings.maxBackoffMs)),
        });
      }
    }),
  );
  return { claimed: claimed.length, sent };
}

/** How many deliveries wait to be sent (the backlog gauge). */
export async function waitingDeliveries(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.state, 'waiting'));
  return row?.total ?? 0;
}
