import type { QueueSettingsHall } from '@hall/api';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { queueBusinesses, queueClosedDays, queueCompanies, queueConfigs, queueGroups, queueOrders } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { randomId } from '../../../lib/ids';
import { recordAudit, type AuditActor } from '../../operators/audit';
import { checkSettableDay } from '../../appointments/settings/appointment-settings';
import { GROUP_UNKNOWN, HALL_UNKNOWN, listQueueSettings } from './queue-settings';

/**
 * The rest of a queue hall's setup from the console (系统管理员): the businesses each group handles
 * (what the citizen picks from), the days the hall is closed, and removing a hall or group. No
 * number is ever lost: a day with numbers taken cannot be closed, and a hall or group that ever
 * handed out a number is kept (the refusal says how many), so its history and statistics stay.
 */

export const QUEUE_BUSINESS_NAME_REQUIRED = '请填写业务名称';
export const QUEUE_BUSINESS_UNKNOWN = '该业务不存在，请刷新页面后重试';
export const queueBusinessNameTaken = (name: string) => `本业务组已有“${name}”，请换一个名称`;
export const closedDayHasNumbers = (date: string, count: number) => `${date} 已有 ${count} 个有效的号，不能设为休息日。请先通知这些市民取消，或选择其他日期`;
export const hallHasNumbers = (count: number) => `该大厅已发出 ${count} 个号，删除会丢失取号记录和统计，不能删除。不再使用时，请把各业务组的每时段号数改小并设置休息日`;
export const groupHasNumbers = (count: number) => `该业务组已发出 ${count} 个号，删除会丢失取号记录和统计，不能删除。不再使用时可改名（例如加“停用”）`;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

async function hallOf(db: Database, hallId: string): Promise<QueueSettingsHall[]> {
  const halls = await listQueueSettings(db);
  if (!halls.some((hall) => hall.id === hallId)) throw notFound(HALL_UNKNOWN);
  return halls;
}

async function numbersOf(tx: Transaction, where: { companyId: string } | { groupId: string }): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(queueOrders)
    .where('companyId' in where ? eq(queueOrders.companyId, where.companyId) : eq(queueOrders.groupId, where.groupId));
  return row?.count ?? 0;
}

export async function saveQueueBusiness(db: Database, actor: AuditActor, input: { groupId: string; id?: string; name: string; sort: number }): Promise<QueueSettingsHall[]> {
  const name = input.name.trim();
  if (!name) throw badRequest(QUEUE_BUSINESS_NAME_REQUIRED);
  const hallId = await db.transaction(async (tx) => {
    const [group] = await tx.select().from(queueGroups).where(eq(queueGroups.id, input.groupId));
    if (!group) throw notFound(GROUP_UNKNOWN);
    const [same] = await tx
      .select({ id: queueBusinesses.id })
      .from(queueBusinesses)
      .where(and(eq(queueBusinesses.groupId, group.id), eq(queueBusinesses.name, name), input.id ? ne(queueBusinesses.id, input.id) : undefined));
    if (same) throw conflict(queueBusinessNameTaken(name));
    const columns = { name, sort: input.sort };
    if (input.id) {
      const [before] = await tx.select().from(queueBusinesses).where(eq(queueBusinesses.id, input.id)).for('update');
      if (!before || before.groupId !== group.id) throw notFound(QUEUE_BUSINESS_UNKNOWN);
      await tx.update(queueBusinesses).set(columns).where(eq(queueBusinesses.id, before.id));
      await recordAudit(tx, actor, { action: 'queue.business.update', target: `queueBusiness:${before.id}`, before: { name: before.name, sort: before.sort }, after: columns });
    } else {
      const id = `qb-${randomId(6)}`;
      await tx.insert(queueBusinesses).values({ id, groupId: group.id, ...columns });
      await recordAudit(tx, actor, { action: 'queue.business.create', target: `queueBusiness:${id}`, after: { groupId: group.id, ...columns } });
    }
    return group.companyId;
  });
  return hallOf(db, hallId);
}

/** A group's business is only what the citizen picks from (numbers do not name it), so removing one loses nothing. */
export async function deleteQueueBusiness(db: Database, actor: AuditActor, id: string): Promise<QueueSettingsHall[]> {
  const hallId = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ business: queueBusinesses, companyId: queueGroups.companyId })
      .from(queueBusinesses)
      .innerJoin(queueGroups, eq(queueGroups.id, queueBusinesses.groupId))
      .where(eq(queueBusinesses.id, id));
    if (!before) throw notFound(QUEUE_BUSINESS_UNKNOWN);
    await tx.delete(queueBusinesses).where(eq(queueBusinesses.id, id));
    await recordAudit(tx, actor, { action: 'queue.business.delete', target: `queueBusiness:${id}`, before: { groupId: before.business.groupId, name: before.business.name } });
    return before.companyId;
  });
  return hallOf(db, hallId);
}

/** Closes a date (refused while it holds valid numbers) or opens it again. */
export async function saveQueueClosedDay(db: Database, actor: AuditActor, input: { comID: string; date: string; closed: boolean; reason: string }, now = new Date()): Promise<QueueSettingsHall[]> {
  checkSettableDay(input.date, now);
  const reason = input.reason.trim();
  await db.transaction(async (tx) => {
    // The config row is locked: taking a number reads it FOR SHARE, so none is taken on the day meanwhile.
    const [config] = await tx.select({ companyId: queueConfigs.companyId }).from(queueConfigs).where(eq(queueConfigs.companyId, input.comID)).for('update');
    if (!config) throw notFound(HALL_UNKNOWN);
    const where = and(eq(queueClosedDays.companyId, config.companyId), eq(queueClosedDays.closedDate, input.date));
    const [before] = await tx.select().from(queueClosedDays).where(where);
    if (!input.closed) {
      if (!before) return;
      await tx.delete(queueClosedDays).where(where);
      await recordAudit(tx, actor, { action: 'queue.closedDay.open', target: `queueHall:${config.companyId}`, before: { date: before.closedDate, reason: before.reason } });
      return;
    }
    const [taken] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(queueOrders)
      .where(and(eq(queueOrders.companyId, config.companyId), eq(queueOrders.resDay, input.date), eq(queueOrders.state, 1)));
    if (taken && taken.count > 0) throw conflict(closedDayHasNumbers(input.date, taken.count));
    await tx
      .insert(queueClosedDays)
      .values({ companyId: config.companyId, closedDate: input.date, reason })
      .onConflictDoUpdate({ target: [queueClosedDays.companyId, queueClosedDays.closedDate], set: { reason } });
    await recordAudit(tx, actor, {
      action: 'queue.closedDay.close',
      target: `queueHall:${config.companyId}`,
      before: before ? { date: before.closedDate, reason: before.reason } : undefined,
      after: { date: input.date, reason },
    });
  });
  return hallOf(db, input.comID);
}

export async function deleteQueueHall(db: Database, actor: AuditActor, id: string): Promise<QueueSettingsHall[]> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(queueCompanies).where(eq(queueCompanies.id, id)).for('update');
    if (!before) throw notFound(HALL_UNKNOWN);
    // Its config and groups are locked as taking a number reads them (FOR SHARE): none is taken meanwhile.
    await tx.select({ id: queueConfigs.id }).from(queueConfigs).where(eq(queueConfigs.companyId, id)).for('update');
    await tx.select({ id: queueGroups.id }).from(queueGroups).where(eq(queueGroups.companyId, id)).for('update');
    const count = await numbersOf(tx, { companyId: id });
    if (count > 0) throw conflict(hallHasNumbers(count));
    // Its config, closed days, groups, their businesses and time counts go with it (they hold no number).
    await tx.delete(queueCompanies).where(eq(queueCompanies.id, id));
    await recordAudit(tx, actor, { action: 'queue.hall.delete', target: `queueHall:${id}`, before: { name: before.name } });
  });
  return listQueueSettings(db);
}

export async function deleteQueueGroup(db: Database, actor: AuditActor, id: string): Promise<QueueSettingsHall[]> {
  await db.transaction(async (tx) => {
    // Locked as taking a number reads it (FOR SHARE): no number is taken between the count and the removal.
    const [before] = await tx.select().from(queueGroups).where(eq(queueGroups.id, id)).for('update');
    if (!before) throw notFound(GROUP_UNKNOWN);
    const count = await numbersOf(tx, { groupId: id });
    if (count > 0) throw conflict(groupHasNumbers(count));
    await tx.delete(queueGroups).where(eq(queueGroups.id, id));
    await recordAudit(tx, actor, { action: 'queue.group.delete', target: `queueGroup:${id}`, before: { comID: before.companyId, name: before.name, prefix: before.prefix } });
  });
  return listQueueSettings(db);
}
