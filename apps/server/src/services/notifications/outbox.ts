import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notificationDeliveries, notificationPreferences, notifications } from '../../db/schema';
import { NOTIFICATION_EVENTS, withoutIdNumbers, type CitizenNotice, type OutsideChannel } from './events';

/** A transaction (or the database) of the writer whose change the notice is about. */
type Writer = Pick<Database, 'insert' | 'select'>;

/** The outside channels a citizen chose: SMS unless they turned it off, WeChat once they agreed to it. */
export async function chosenChannels(db: Pick<Database, 'select'>, openid: string): Promise<OutsideChannel[]> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.openid, openid));
  const sms = row?.sms ?? true;
  const wechat = row?.wechat ?? false;
  return [...(sms ? (['sms'] as const) : []), ...(wechat ? (['wechat'] as const) : [])];
}

/**
 * The one way a change tells its citizen: called inside the change's own transaction, it writes the
 * in-hall message and one waiting delivery per outside channel the citizen chose, so the message
 * exists exactly when the change does. Nothing is sent here: a channel that is down cannot block or
 * fail the change. The same event of the same thing is told once (a retried change adds nothing).
 */
export async function notifyCitizen(tx: Writer, notice: CitizenNotice): Promise<void> {
  const [row] = await tx
    .insert(notifications)
    .values({
      openid: notice.openid,
      event: notice.event,
      title: NOTIFICATION_EVENTS[notice.event],
      body: withoutIdNumbers(notice.body),
      link: notice.link,
      dedupeKey: `${notice.event}:${notice.subject}`,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (!row) return;
  const channels = await chosenChannels(tx, notice.openid);
  if (channels.length === 0) return;
  await tx.insert(notificationDeliveries).values(channels.map((channel) => ({ notificationId: row.id, channel })));
}
