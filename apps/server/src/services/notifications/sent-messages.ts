import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notificationDeliveries, notifications, users } from '../../db/schema';
import { outsideText, type OutsideChannel } from './events';
import { sameBlindIndex } from '../../db/sealed/sealed-columns';

export interface SentMessage {
  text: string;
  sentAt: Date;
}

/**
 * What a channel sent to one phone (SMS) or one WeChat user, newest first: what the stand-ins' inbox
 * pages show in a demo hall, where nothing leaves the machine.
 */
export async function sentMessages(db: Database, channel: OutsideChannel, to: { phone: string } | { openid: string }, limit = 20): Promise<SentMessage[]> {
  const recipient = 'phone' in to ? sameBlindIndex(users.phone, 'phone', to.phone) : eq(notifications.openid, to.openid);
  const rows = await db
    .select({ title: notifications.title, body: notifications.body, sentAt: notificationDeliveries.sentAt })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .innerJoin(users, eq(users.openid, notifications.openid))
    .where(and(eq(notificationDeliveries.channel, channel), eq(notificationDeliveries.state, 'sent'), recipient))
    .orderBy(desc(notificationDeliveries.sentAt))
    .limit(limit);
  return rows.map((row) => ({ text: outsideText(row.title, row.body), sentAt: row.sentAt ?? new Date(0) }));
}
