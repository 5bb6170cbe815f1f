import type { QueueCallState, QueueConfigItem, QueueDayNumbers, QueueOrder, QueueTimeNumbers } from '@hall/api';
import {
  QUEUE_MESSAGES,
  QUEUE_ORDER_STATES,
  isQueueOrderCancellable,
  isQueueTimeBookable,
  queueDays,
  queueNumber,
  queueOrderStateName,
  queueTimes,
  validateQueueOrder,
  type QueueDay,
} from '@hall/domain';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { queueBusinesses, queueClosedDays, queueWorkingDays, queueCompanies, queueConfigs, queueDaySerials, queueGroups, queueNews, queueOrders, queueTimeCounts } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { formatShanghaiDate, formatShanghaiDateTime } from '../../../lib/shanghai-time';
import { uniqueViolation } from '../../../lib/postgres-error';

/** The queue-number module (spec part 3 §2.6, §7 "Queue module", §8): halls, groups, days, times and the citizen's own orders. */

type GroupRow = typeof queueGroups.$inferSelect;
type ConfigRow = typeof queueConfigs.$inferSelect;

export async function listCompanies(db: Database) {
  const rows = await db.select().from(queueCompanies).orderBy(asc(queueCompanies.sort), asc(queueCompanies.id));
  return rows.map((row) => ({ id: row.id, name: row.name, address: row.address, worktime: row.worktime, phone: row.phone }));
}

async function companyConfig(db: Database, comID: string | undefined): Promise<ConfigRow> {
  const id = comID?.trim();
  if (!id) throw badRequest(QUEUE_MESSAGES.companyRequired);
  const [config] = await db.select().from(queueConfigs).where(eq(queueConfigs.companyId, id));
  if (!config) throw badRequest(QUEUE_MESSAGES.companyUnknown);
  return config;
}

/** A group of the hall (the hall itself when comID is not given). */
async function groupOf(db: Database, groupId: string | undefined, comID?: string): Promise<GroupRow> {
  const id = groupId?.trim();
  if (!id) throw badRequest(QUEUE_MESSAGES.groupRequired);
  const [group] = await db
    .select()
    .from(queueGroups)
    .where(and(eq(queueGroups.id, id), comID?.trim() ? eq(queueGroups.companyId, comID.trim()) : undefined));
  if (!group) throw badRequest(QUEUE_MESSAGES.groupUnknown);
  return group;
}

export async function listGroups(db: Database, comID: string | undefined) {
  const config = await companyConfig(db, comID);
  const rows = await db.select().from(queueGroups).where(eq(queueGroups.companyId, config.companyId)).orderBy(asc(queueGroups.sort), asc(queueGroups.id));
  return rows.map((row) => ({ id: row.id, comID: row.companyId, name: row.name, prefix: row.prefix, remark: row.remark }));
}

export async function listBusinesses(db: Database, comID: string | undefined, groupId: string | undefined) {
  const config = await companyConfig(db, comID);
  const rows = await db
    .select({ business: queueBusinesses })
    .from(queueBusinesses)
    .innerJoin(queueGroups, eq(queueGroups.id, queueBusinesses.groupId))
    .where(and(eq(queueGroups.companyId, config.companyId), groupId?.trim() ? eq(queueGroups.id, groupId.trim()) : undefined))
    .orderBy(asc(queueGroups.sort), asc(queueBusinesses.sort), asc(queueBusinesses.id));
  return rows.map(({ business }) => ({ id: business.id, groupId: business.groupId, name: business.name }));
}

function toConfig(row: ConfigRow): QueueConfigItem {
  return {
    id: row.id,
    comID: row.companyId,
    strtime: row.strtime,
    endtime: row.endtime,
    addtime: row.addtime,
    yuyueabovetime: row.yuyueabovetime,
    cancelyuyuetime: row.cancelyuyuetime,
    yuyueday: row.yuyueday,
  };
}

export async function readConfig(db: Database, comID: string | undefined): Promise<QueueConfigItem> {
  return toConfig(await companyConfig(db, comID));
}

async function daysOf(db: Database, config: ConfigRow, now: Date): Promise<QueueDay[]> {
  const today = formatShanghaiDate(now);
  const closed = await db
    .select({ date: queueClosedDays.closedDate })
    .from(queueClosedDays)
    .where(and(eq(queueClosedDays.companyId, config.companyId), gte(queueClosedDays.closedDate, today)));
  const working = await db
    .select({ date: queueWorkingDays.workDate })
    .from(queueWorkingDays)
    .where(and(eq(queueWorkingDays.companyId, config.companyId), gte(queueWorkingDays.workDate, today)));
  return queueDays(
    now,
    config.yuyueday,
    closed.map((row) => row.date),
    working.map((row) => row.date),
  );
}

/** The yuyueday days from today, closed ones marked holiday 1. */
export async function listDays(db: Database, comID: string | undefined, now = new Date()): Promise<QueueDay[]> {
  return daysOf(db, await companyConfig(db, comID), now);
}

/** Numbers taken per day and time of a group, from the counts the orders keep. */
async function takenCounts(db: Database, groupId: string, fromDay: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ resDay: queueTimeCounts.resDay, resTime: queueTimeCounts.resTime, countNum: queueTimeCounts.countNum })
    .from(queueTimeCounts)
    .where(and(eq(queueTimeCounts.groupId, groupId), gte(queueTimeCounts.resDay, fromDay)));
  return new Map(rows.map((row) => [`${row.resDay} ${row.resTime}`, row.countNum]));
}

function timeNumbers(config: ConfigRow, group: GroupRow, day: string, taken: Map<string, number>, now: Date): QueueTimeNumbers[] {
  return queueTimes(config).map((time) => {
    const left = Math.max(0, group.capacity - (taken.get(`${day} ${time}`) ?? 0));
    return { time, total: group.capacity, left, bookable: left > 0 && isQueueTimeBookable(day, time, config.yuyueabovetime, now) };
  });
}

/** Numbers left per day of a group: what can still be booked; 0 on a closed day. */
export async function listDayNumbers(db: Database, comID: string | undefined, groupId: string | undefined, now = new Date()): Promise<QueueDayNumbers[]> {
  const config = await companyConfig(db, comID);
  const group = await groupOf(db, groupId, config.companyId);
  const days = await daysOf(db, config, now);
  const taken = await takenCounts(db, group.id, days[0]?.date ?? formatShanghaiDate(now));
  return days.map((day) => {
    if (day.holiday) return { date: day.date, holiday: 1, total: 0, left: 0 };
    const times = timeNumbers(config, group, day.date, taken, now);
    return { date: day.date, holiday: 0, total: times.length * group.capacity, left: times.reduce((sum, time) => sum + (time.bookable ? time.left : 0), 0) };
  });
}

/** The open day of the range, or the reason it cannot be booked. */
async function openDay(db: Database, config: ConfigRow, date: string | undefined, now: Date): Promise<string> {
  const wanted = date?.trim();
  if (!wanted) throw badRequest(QUEUE_MESSAGES.dayRequired);
  const day = (await daysOf(db, config, now)).find((d) => d.date === wanted);
  if (!day) throw badRequest(QUEUE_MESSAGES.dayOutOfRange);
  if (day.holiday) throw badRequest(QUEUE_MESSAGES.dayClosed);
  return day.date;
}

/** Numbers left per time of one day of a group; aboutTime narrows the list to that time. */
export async function listTimeNumbers(db: Database, input: { comID?: string; groupId?: string; aboutDate?: string; aboutTime?: string }, now = new Date()): Promise<QueueTimeNumbers[]> {
  const config = await companyConfig(db, input.comID);
  const group = await groupOf(db, input.groupId, config.companyId);
  const day = await openDay(db, config, input.aboutDate, now);
  const times = timeNumbers(config, group, day, await takenCounts(db, group.id, day), now);
  const only = input.aboutTime?.trim();
  return only ? times.filter((time) => time.time === only) : times;
}

export async function listNews(db: Database) {
  const rows = await db.select().from(queueNews).orderBy(desc(queueNews.publishedAt), desc(queueNews.id));
  return rows.map((row) => ({ id: String(row.id), title: row.title, content: row.content, time: formatShanghaiDate(row.publishedAt) }));
}

export interface QueueOrderInput {
  webid?: string;
  name?: string;
  remark?: string;
  phone?: string;
  queueid?: string;
  resDay?: string;
  resTime?: string;
}

/**
 * Takes a number for the caller. The place and the number are taken by the database in one
 * transaction: a full time updates no count row, and a second valid number of the same citizen,
 * group and day breaks a unique index, so any number of processes taking numbers at once can
 * never hand out more than a time holds.
 */
export async function addOrder(db: Database, openid: string, input: QueueOrderInput, now = new Date()): Promise<QueueOrder> {
  const invalid = validateQueueOrder(input);
  if (invalid) throw badRequest(invalid);
  const group = await groupOf(db, input.queueid);
  const config = await companyConfig(db, group.companyId);
  const day = await openDay(db, config, input.resDay, now);
  const time = input.resTime!.trim();
  if (!queueTimes(config).includes(time)) throw badRequest(QUEUE_MESSAGES.timeUnknown);
  if (!isQueueTimeBookable(day, time, config.yuyueabovetime, now)) throw badRequest(QUEUE_MESSAGES.timeTooLate);

  try {
    const id = await db.transaction(async (tx) => {
      // Read FOR SHARE: a settings change holds these rows FOR UPDATE, so a number is taken either
      // before it (and the change sees it) or after it, under the new times and numbers per time.
      const [current] = await tx.select({ capacity: queueGroups.capacity }).from(queueGroups).where(eq(queueGroups.id, group.id)).for('share');
      const [currentConfig] = await tx.select().from(queueConfigs).where(eq(queueConfigs.companyId, group.companyId)).for('share');
      if (!current || !currentConfig) throw badRequest(QUEUE_MESSAGES.groupUnknown);
      if (!queueTimes(currentConfig).includes(time)) throw badRequest(QUEUE_MESSAGES.timeUnknown);
      await tx.insert(queueTimeCounts).values({ groupId: group.id, resDay: day, resTime: time, maxNum: current.capacity }).onConflictDoNothing();
      const taken = await tx
        .update(queueTimeCounts)
        .set({ countNum: sql`${queueTimeCounts.countNum} + 1` })
        .where(and(eq(queueTimeCounts.groupId, group.id), eq(queueTimeCounts.resDay, day), eq(queueTimeCounts.resTime, time), sql`${queueTimeCounts.countNum} < ${queueTimeCounts.maxNum}`))
        .returning({ countNum: queueTimeCounts.countNum });
      if (taken.length === 0) throw conflict(QUEUE_MESSAGES.timeFull);
      const [serial] = await tx
        .insert(queueDaySerials)
        .values({ groupId: group.id, resDay: day, lastSerial: 1 })
        .onConflictDoUpdate({ target: [queueDaySerials.groupId, queueDaySerials.resDay], set: { lastSerial: sql`${queueDaySerials.lastSerial} + 1` } })
        .returning({ lastSerial: queueDaySerials.lastSerial });
      const [order] = await tx
        .insert(queueOrders)
        .values({
          openid,
          webid: input.webid?.trim() ?? '',
          companyId: group.companyId,
          groupId: group.id,
          resDay: day,
          resTime: time,
          name: input.name!.trim(),
          phone: input.phone!.trim(),
          remark: input.remark?.trim() ?? '',
          number: queueNumber(group.prefix, serial!.lastSerial),
        })
        .returning({ id: queueOrders.id });
      return order!.id;
    });
    return findOwnOrder(db, openid, id, now);
  } catch (error) {
    if (uniqueViolation(error) === 'queue_orders_owner_group_day_idx') throw conflict(QUEUE_MESSAGES.alreadyQueued);
    throw error;
  }
}

const orderColumns = { order: queueOrders, companyName: queueCompanies.name, groupName: queueGroups.name, cancelyuyuetime: queueConfigs.cancelyuyuetime };

function ownOrders(db: Database) {
  return db
    .select(orderColumns)
    .from(queueOrders)
    .innerJoin(queueCompanies, eq(queueCompanies.id, queueOrders.companyId))
    .innerJoin(queueGroups, eq(queueGroups.id, queueOrders.groupId))
    .innerJoin(queueConfigs, eq(queueConfigs.companyId, queueOrders.companyId));
}

type OrderJoin = Awaited<ReturnType<ReturnType<typeof ownOrders>['where']>>[number];

function toOrder({ order, companyName, groupName, cancelyuyuetime }: OrderJoin, now: Date): QueueOrder {
  const valid = order.state === QUEUE_ORDER_STATES.valid;
  return {
    id: String(order.id),
    wechatid: order.openid,
    webid: order.webid,
    name: order.name,
    remark: order.remark,
    phone: order.phone,
    queueid: order.groupId,
    resDay: order.resDay,
    resTime: order.resTime,
    number: order.number,
    comID: order.companyId,
    companyName,
    groupName,
    state: order.state,
    stateName: queueOrderStateName(order.state, order.callState),
    createTime: formatShanghaiDateTime(order.createdAt),
    // A number the counter has called (or served, or passed) is no longer the citizen's to give back.
    cancellable: valid && order.callState === 'waiting' && isQueueOrderCancellable(order.resDay, order.resTime, cancelyuyuetime, now),
    callState: order.callState as QueueCallState,
    callWindow: order.callWindow,
  };
}

/** One of the caller's own orders; anyone else's reads as not found. */
export async function findOwnOrder(db: Database, openid: string, id: number, now = new Date()): Promise<QueueOrder> {
  const [row] = await ownOrders(db).where(and(eq(queueOrders.id, id), eq(queueOrders.openid, openid)));
  if (!row) throw notFound(QUEUE_MESSAGES.orderUnknown);
  return toOrder(row, now);
}

/** The caller's orders, the latest day and time first. */
export async function listOwnOrders(db: Database, openid: string, now = new Date()): Promise<QueueOrder[]> {
  const rows = await ownOrders(db).where(eq(queueOrders.openid, openid)).orderBy(desc(queueOrders.resDay), desc(queueOrders.resTime), desc(queueOrders.id));
  return rows.map((row) => toOrder(row, now));
}

/** Cancels one of the caller's own valid orders before its deadline and gives its place back, in one transaction. */
export async function cancelOwnOrder(db: Database, openid: string, id: number, now = new Date()): Promise<QueueOrder> {
  const order = await findOwnOrder(db, openid, id, now);
  if (order.state !== QUEUE_ORDER_STATES.valid) throw conflict(QUEUE_MESSAGES.alreadyCancelled);
  if (order.callState !== 'waiting') throw conflict(QUEUE_MESSAGES.cancelCalled);
  if (!order.cancellable) throw badRequest(QUEUE_MESSAGES.cancelTooLate);
  const cancelled = await db.transaction(async (tx) => {
    // Still waiting when it is cancelled: a counter calling it at this moment wins, and the place stays taken.
    const rows = await tx
      .update(queueOrders)
      .set({ state: QUEUE_ORDER_STATES.cancelled, cancelledAt: now })
      .where(and(eq(queueOrders.id, id), eq(queueOrders.openid, openid), eq(queueOrders.state, QUEUE_ORDER_STATES.valid), eq(queueOrders.callState, 'waiting')))
      .returning({ id: queueOrders.id });
    if (rows.length === 0) return false;
    await tx
      .update(queueTimeCounts)
      .set({ countNum: sql`${queueTimeCounts.countNum} - 1` })
      .where(and(eq(queueTimeCounts.groupId, order.queueid), eq(queueTimeCounts.resDay, order.resDay), eq(queueTimeCounts.resTime, order.resTime)));
    return true;
  });
  if (!cancelled) {
    const current = await findOwnOrder(db, openid, id, now);
    throw conflict(current.state === QUEUE_ORDER_STATES.valid ? QUEUE_MESSAGES.cancelCalled : QUEUE_MESSAGES.alreadyCancelled);
  }
  return findOwnOrder(db, openid, id, now);
}

export async function countOwnOrders(db: Database, openid: string): Promise<{ total: number; valid: number }> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, valid: sql<number>`count(*) FILTER (WHERE ${queueOrders.state} = ${QUEUE_ORDER_STATES.valid})::int` })
    .from(queueOrders)
    .where(eq(queueOrders.openid, openid));
  return { total: row?.total ?? 0, valid: row?.valid ?? 0 };
}
