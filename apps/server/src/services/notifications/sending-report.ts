import type { SendingFigures } from '@hall/api/internal';
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notificationDeliveries, notifications } from '../../db/schema';
import { formatShanghaiDateTime } from '../../lib/shanghai-time';
import { parseRowId } from '../../lib/row-id';
import { notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../operators/audit';
import { CHANNEL_LABELS, NOTIFICATION_EVENTS, type NotificationEvent } from './events';

export const DELIVERY_NOT_FOUND = '该发送记录不存在';

/** The messages written in [from, to). */
export interface SendingPeriod {
  from: Date;
  to: Date;
}

/**
 * Per event and channel, of the messages written in the period (all time without one): the in-hall
 * messages (站内: each is delivered as it is written) and each outside channel's deliveries, sent,
 * waiting, failed with the last error, and retried: tried more than once, after a failure or an
 * operator's 重新发送 (which starts the tries again).
 */
export async function sendingFigures(db: Pick<Database, 'select'>, period?: SendingPeriod): Promise<SendingFigures[]> {
  const written = period ? and(gte(notifications.createdAt, period.from), lt(notifications.createdAt, period.to)) : undefined;
  const hall = await db.select({ event: notifications.event, total: count() }).from(notifications).where(written).groupBy(notifications.event);
  const outside = await db
    .select({
      event: notifications.event,
      channel: notificationDeliveries.channel,
      total: count(),
      sent: sql<number>`count(*) filter (where ${notificationDeliveries.state} = 'sent')::int`,
      waiting: sql<number>`count(*) filter (where ${notificationDeliveries.state} = 'waiting')::int`,
      failed: sql<number>`count(*) filter (where ${notificationDeliveries.state} = 'failed')::int`,
      retried: sql<number>`count(*) filter (where ${notificationDeliveries.attempts} > 1 or ${notificationDeliveries.resends} > 0)::int`,
      lastError: sql<string>`coalesce((array_agg(${notificationDeliveries.lastError} order by ${notificationDeliveries.updatedAt} desc) filter (where ${notificationDeliveries.lastError} <> ''))[1], '')`,
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(written)
    .groupBy(notifications.event, notificationDeliveries.channel);
  const label = (event: string) => NOTIFICATION_EVENTS[event as NotificationEvent] ?? event;
  const rows: SendingFigures[] = [
    ...hall.map((row) => ({
      event: row.event,
      eventLabel: label(row.event),
      channel: 'hall',
      channelLabel: CHANNEL_LABELS.hall,
      total: row.total,
      sent: row.total,
      waiting: 0,
      failed: 0,
      retried: 0,
      lastError: '',
    })),
    ...outside.map((row) => ({ ...row, eventLabel: label(row.event), channelLabel: CHANNEL_LABELS[row.channel as 'sms'] ?? row.channel })),
  ];
  const order = Object.keys(NOTIFICATION_EVENTS);
  return rows.sort((a, b) => order.indexOf(a.event) - order.indexOf(b.event) || a.channel.localeCompare(b.channel));
}

export interface FailedDelivery {
  id: string;
  eventLabel: string;
  channelLabel: string;
  attempts: number;
  lastError: string;
  time: string;
}

/** The deliveries that failed for good, newest first: what 重新发送 is for. Only event and channel, never the citizen's text. */
export async function failedDeliveries(db: Database, limit = 50): Promise<FailedDelivery[]> {
  const rows = await db
    .select({
      id: notificationDeliveries.id,
      event: notifications.event,
      channel: notificationDeliveries.channel,
      attempts: notificationDeliveries.attempts,
      lastError: notificationDeliveries.lastError,
      updatedAt: notificationDeliveries.updatedAt,
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(eq(notificationDeliveries.state, 'failed'))
    .orderBy(desc(notificationDeliveries.updatedAt))
    .limit(limit);
  return rows.map((row) => ({
    id: String(row.id),
    eventLabel: NOTIFICATION_EVENTS[row.event as NotificationEvent] ?? row.event,
    channelLabel: CHANNEL_LABELS[row.channel as 'sms'] ?? row.channel,
    attempts: row.attempts,
    lastError: row.lastError,
    time: formatShanghaiDateTime(row.updatedAt),
  }));
}

/** 重新发送: a failed delivery waits again, at once, with fresh tries; audited. */
export async function resendDelivery(db: Database, actor: AuditActor, id: string): Promise<void> {
  const rowId = parseRowId(id);
  if (rowId === null) throw notFound(DELIVERY_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(notificationDeliveries)
      .set({ state: 'waiting', attempts: 0, nextAttemptAt: new Date(), resends: sql`${notificationDeliveries.resends} + 1`, updatedAt: new Date() })
      .where(and(eq(notificationDeliveries.id, rowId), eq(notificationDeliveries.state, 'failed')))
      .returning();
    if (!row) throw notFound(DELIVERY_NOT_FOUND);
    await recordAudit(tx, actor, { action: 'notification.resend', target: `delivery:${row.id}`, before: { state: 'failed' }, after: { state: 'waiting' } });
  });
}
