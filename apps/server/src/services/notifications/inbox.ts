import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notificationPreferences, notifications } from '../../db/schema';
import { formatShanghaiDateTime } from '../../lib/shanghai-time';
import { parseRowId } from '../../lib/row-id';
import { notFound } from '../../lib/errors';
import { chosenChannels } from './outbox';

export const MESSAGE_NOT_FOUND = '该消息不存在或已删除';
export const MESSAGE_PAGE_SIZE = 20;

export interface CitizenMessage {
  id: string;
  event: string;
  title: string;
  body: string;
  link: string;
  time: string;
  read: boolean;
}

function toMessage(row: typeof notifications.$inferSelect): CitizenMessage {
  return { id: String(row.id), event: row.event, title: row.title, body: row.body, link: row.link, time: formatShanghaiDateTime(row.createdAt), read: row.readAt !== null };
}

/** The citizen's messages, newest first, and how many are unread. Every read filters by the session's openid. */
export async function listMessages(db: Database, openid: string, page: number): Promise<{ items: CitizenMessage[]; unread: number; total: number }> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.openid, openid))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(MESSAGE_PAGE_SIZE)
    .offset((page - 1) * MESSAGE_PAGE_SIZE);
  const [totals] = await db
    .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int` })
    .from(notifications)
    .where(eq(notifications.openid, openid));
  return { items: rows.map(toMessage), unread: totals?.unread ?? 0, total: totals?.total ?? 0 };
}

/** The badge of /my and the tab bar. */
export async function unreadCount(db: Database, openid: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(eq(notifications.openid, openid), isNull(notifications.readAt)));
  return row?.total ?? 0;
}

/** One message of the citizen's, marked read as it is opened; another citizen's is not found. */
export async function openMessage(db: Database, openid: string, id: string): Promise<CitizenMessage> {
  const rowId = parseRowId(id);
  if (rowId === null) throw notFound(MESSAGE_NOT_FOUND);
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, rowId), eq(notifications.openid, openid)))
    .returning();
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return toMessage(row);
}

/** 全部已读. */
export async function markAllRead(db: Database, openid: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.openid, openid), isNull(notifications.readAt)));
}

export interface ChannelChoice {
  sms: boolean;
  wechat: boolean;
}

export async function readChannelChoice(db: Database, openid: string): Promise<ChannelChoice> {
  const channels = await chosenChannels(db, openid);
  return { sms: channels.includes('sms'), wechat: channels.includes('wechat') };
}

/** The citizen's channels; WeChat is only turned on by the citizen's own consent, given on this call. */
export async function saveChannelChoice(db: Database, openid: string, choice: ChannelChoice): Promise<ChannelChoice> {
  await db
    .insert(notificationPreferences)
    .values({ openid, ...choice })
    .onConflictDoUpdate({ target: notificationPreferences.openid, set: { ...choice, updatedAt: new Date() } });
  return choice;
}
