import type { QueueSettingsHall } from '@hall/api';
import { isWeekend, queueTimes, validateQueueGroup, validateQueueHall, type QueueHallSettings } from '@hall/domain';
import { and, asc, eq, gt, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { queueBusinesses, queueClosedDays, queueCompanies, queueConfigs, queueGroups, queueOrders, queueTimeCounts, queueWorkingDays } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { randomId } from '../../../lib/ids';
import { formatShanghaiDate } from '../../../lib/shanghai-time';
import { recordAudit, type AuditActor } from '../../operators/audit';
import { servedAmong } from '../../operators/operator-sites';
import { checkSettableDay } from '../../appointments/settings/appointment-settings';

/**
 * The console's queue settings (系统管理员): halls with their times, and business groups with the
 * numbers each hands out per time. A change never takes away a number a citizen already holds: a
 * time that still holds numbers from today on cannot go away, and a group's numbers per time cannot
 * drop below the most taken in one time. Each change is audited in its own transaction.
 */

export interface HallInput extends QueueHallSettings {
  id?: string;
  address: string;
  worktime: string;
  phone: string;
  sort: number;
}

export interface GroupInput {
  id?: string;
  comID: string;
  name: string;
  prefix: string;
  remark: string;
  capacity: number;
  sort: number;
}

export const HALL_UNKNOWN = '该办事大厅不存在，请刷新页面后重试';
export const GROUP_UNKNOWN = '该业务不存在，请刷新页面后重试';

/** Every hall with its times and groups, each group with the most numbers taken in one time from today on. */
export async function listQueueSettings(db: Database, now = new Date()): Promise<QueueSettingsHall[]> {
  const halls = await db
    .select({ hall: queueCompanies, config: queueConfigs })
    .from(queueCompanies)
    .innerJoin(queueConfigs, eq(queueConfigs.companyId, queueCompanies.id))
    .orderBy(asc(queueCompanies.sort), asc(queueCompanies.id));
  const groups = await db.select().from(queueGroups).orderBy(asc(queueGroups.sort), asc(queueGroups.id));
  const taken = await db
    .select({ groupId: queueTimeCounts.groupId, most: sql<number>`max(${queueTimeCounts.countNum})::int` })
    .from(queueTimeCounts)
    .where(gte(queueTimeCounts.resDay, formatShanghaiDate(now)))
    .groupBy(queueTimeCounts.groupId);
  const mostTaken = new Map(taken.map((row) => [row.groupId, row.most]));
  const businesses = await db.select().from(queueBusinesses).orderBy(asc(queueBusinesses.sort), asc(queueBusinesses.id));
  const closedDays = await db
    .select()
    .from(queueClosedDays)
    .where(gte(queueClosedDays.closedDate, formatShanghaiDate(now)))
    .orderBy(asc(queueClosedDays.closedDate));
  const workingDays = await db
    .select()
    .from(queueWorkingDays)
    .where(gte(queueWorkingDays.workDate, formatShanghaiDate(now)))
    .orderBy(asc(queueWorkingDays.workDate));
  const ever = await db
    .select({ groupId: queueOrders.groupId, count: sql<number>`count(*)::int` })
    .from(queueOrders)
    .groupBy(queueOrders.groupId);
  const numbersEver = new Map(ever.map((row) => [row.groupId, row.count]));
  return halls.map(({ hall, config }) => ({
    id: hall.id,
    name: hall.name,
    address: hall.address,
    worktime: hall.worktime,
    phone: hall.phone,
    sort: hall.sort,
    strtime: config.strtime,
    endtime: config.endtime,
    addtime: config.addtime,
    yuyueabovetime: config.yuyueabovetime,
    cancelyuyuetime: config.cancelyuyuetime,
    yuyueday: config.yuyueday,
    times: queueTimes(config),
    closedDays: closedDays.filter((day) => day.companyId === hall.id).map((day) => ({ date: day.closedDate, reason: day.reason })),
    workingDays: workingDays.filter((day) => day.companyId === hall.id).map((day) => ({ date: day.workDate, reason: day.reason })),
    groups: groups
      .filter((group) => group.companyId === hall.id)
      .map((group) => ({
        id: group.id,
        comID: group.companyId,
        name: group.name,
        prefix: group.prefix,
        remark: group.remark,
        capacity: group.capacity,
        sort: group.sort,
        mostTaken: mostTaken.get(group.id) ?? 0,
        businesses: businesses.filter((business) => business.groupId === group.id).map(({ id, name, sort }) => ({ id, name, sort })),
        numbersEver: numbersEver.get(group.id) ?? 0,
      })),
  }));
}

async function settingsOf(db: Database, hallId: string, now: Date): Promise<QueueSettingsHall> {
  const hall = (await listQueueSettings(db, now)).find((item) => item.id === hallId);
  if (!hall) throw notFound(HALL_UNKNOWN);
  return hall;
}

const trimmed = (input: HallInput) => ({ ...input, name: input.name.trim(), address: input.address.trim(), worktime: input.worktime.trim(), phone: input.phone.trim() });

/** Creates a hall (no id) or changes one; times that hold taken numbers from today on must stay. */
export async function saveQueueHall(db: Database, actor: AuditActor, raw: HallInput, now = new Date()): Promise<QueueSettingsHall> {
  const input = trimmed(raw);
  const invalid = validateQueueHall(input);
  if (invalid) throw badRequest(invalid);
  const hallColumns = { name: input.name, address: input.address, worktime: input.worktime, phone: input.phone, sort: input.sort };
  const configColumns = {
    strtime: input.strtime,
    endtime: input.endtime,
    addtime: input.addtime,
    yuyueabovetime: input.yuyueabovetime,
    cancelyuyuetime: input.cancelyuyuetime,
    yuyueday: input.yuyueday,
  };

  const hallId = await db.transaction(async (tx) => {
    if (!input.id) {
      const id = `qc-${randomId(6)}`;
      await tx.insert(queueCompanies).values({ id, ...hallColumns });
      await tx.insert(queueConfigs).values({ id: `cfg-${id}`, companyId: id, ...configColumns });
      await recordAudit(tx, actor, { action: 'queue.hall.create', target: `queueHall:${id}`, after: { ...hallColumns, ...configColumns } });
      return id;
    }
    // The config row is locked so a number being taken (which reads it FOR SHARE) waits for the new times.
    const [before] = await tx
      .select({ hall: queueCompanies, config: queueConfigs })
      .from(queueCompanies)
      .innerJoin(queueConfigs, eq(queueConfigs.companyId, queueCompanies.id))
      .where(eq(queueCompanies.id, input.id))
      .for('update');
    if (!before) throw notFound(HALL_UNKNOWN);
    const times = new Set(queueTimes(input));
    const held = await tx
      .select({ resTime: queueTimeCounts.resTime, taken: sql<number>`sum(${queueTimeCounts.countNum})::int` })
      .from(queueTimeCounts)
      .innerJoin(queueGroups, eq(queueGroups.id, queueTimeCounts.groupId))
      .where(and(eq(queueGroups.companyId, input.id), gte(queueTimeCounts.resDay, formatShanghaiDate(now)), gt(queueTimeCounts.countNum, 0)))
      .groupBy(queueTimeCounts.resTime)
      .orderBy(asc(queueTimeCounts.resTime));
    const lost = held.filter((row) => !times.has(row.resTime));
    if (lost.length > 0) {
      const first = lost[0]!;
      throw conflict(`时间段 ${first.resTime} 已有 ${first.taken} 个号被取走，不能去掉。请保留该时间段（调整开始、结束时间或时间段分钟数），或等这些号办结后再改`);
    }
    await tx.update(queueCompanies).set(hallColumns).where(eq(queueCompanies.id, input.id));
    await tx.update(queueConfigs).set(configColumns).where(eq(queueConfigs.companyId, input.id));
    const { id: _hallId, ...hallBefore } = before.hall;
    const { id: _configId, companyId: _companyId, ...configBefore } = before.config;
    await recordAudit(tx, actor, { action: 'queue.hall.update', target: `queueHall:${input.id}`, before: { ...hallBefore, ...configBefore }, after: { ...hallColumns, ...configColumns } });
    return input.id;
  });
  return settingsOf(db, hallId, now);
}

/**
 * Creates a group (no id) or changes one. The group's row and its time counts from today on are
 * locked, so no number is taken between the check and the change (taking a number reads the group
 * FOR SHARE); the counts' limits follow the new capacity.
 */
export async function saveQueueGroup(db: Database, actor: AuditActor, raw: GroupInput, now = new Date()): Promise<QueueSettingsHall> {
  const input = { ...raw, comID: raw.comID.trim(), name: raw.name.trim(), prefix: raw.prefix.trim().toUpperCase(), remark: raw.remark.trim() };
  const invalid = validateQueueGroup(input);
  if (invalid) throw badRequest(invalid);
  const columns = { name: input.name, prefix: input.prefix, remark: input.remark, capacity: input.capacity, sort: input.sort };
  const today = formatShanghaiDate(now);

  await db.transaction(async (tx) => {
    const [hall] = await tx.select({ id: queueCompanies.id }).from(queueCompanies).where(eq(queueCompanies.id, input.comID));
    if (!hall) throw notFound(HALL_UNKNOWN);
    const [samePrefix] = await tx
      .select({ name: queueGroups.name })
      .from(queueGroups)
      .where(and(eq(queueGroups.companyId, hall.id), eq(queueGroups.prefix, input.prefix), input.id ? ne(queueGroups.id, input.id) : undefined));
    if (samePrefix) throw conflict(`号码字母 ${input.prefix} 已被本大厅的“${samePrefix.name}”使用，请换一个字母`);

    if (!input.id) {
      const id = `qg-${randomId(6)}`;
      await tx.insert(queueGroups).values({ id, companyId: hall.id, ...columns });
      await recordAudit(tx, actor, { action: 'queue.group.create', target: `queueGroup:${id}`, after: { comID: hall.id, ...columns } });
      return;
    }
    const [before] = await tx.select().from(queueGroups).where(eq(queueGroups.id, input.id)).for('update');
    if (!before || before.companyId !== hall.id) throw notFound(GROUP_UNKNOWN);
    const counts = await tx
      .select({ countNum: queueTimeCounts.countNum })
      .from(queueTimeCounts)
      .where(and(eq(queueTimeCounts.groupId, before.id), gte(queueTimeCounts.resDay, today)))
      .for('update');
    const mostTaken = Math.max(0, ...counts.map((row) => row.countNum));
    if (input.capacity < mostTaken) {
      throw conflict(`已有时间段取走了 ${mostTaken} 个号，每个时间段的号数不能少于 ${mostTaken}。已取的号不会被收回，请填 ${mostTaken} 或更多`);
    }
    await tx.update(queueGroups).set(columns).where(eq(queueGroups.id, before.id));
    await tx
      .update(queueTimeCounts)
      .set({ maxNum: input.capacity })
      .where(and(eq(queueTimeCounts.groupId, before.id), gte(queueTimeCounts.resDay, today)));
    const { id: _id, companyId: _companyId, ...groupBefore } = before;
    await recordAudit(tx, actor, { action: 'queue.group.update', target: `queueGroup:${before.id}`, before: groupBefore, after: columns });
  });
  return settingsOf(db, input.comID, now);
}

/** The halls the operator serves (`served`; none of them a hall: every hall) and their groups, for the counter's choice of a queue. */
export async function listCallingGroups(db: Database, served: readonly string[] = []) {
  const halls = servedAmong(await db.select({ id: queueCompanies.id, name: queueCompanies.name }).from(queueCompanies).orderBy(asc(queueCompanies.sort), asc(queueCompanies.id)), served);
  const groups = halls.length
    ? await db
        .select({ id: queueGroups.id, companyId: queueGroups.companyId, name: queueGroups.name, prefix: queueGroups.prefix })
        .from(queueGroups)
        .where(
          inArray(
            queueGroups.companyId,
            halls.map((hall) => hall.id),
          ),
        )
        .orderBy(asc(queueGroups.sort), asc(queueGroups.id))
    : [];
  return halls.map((hall) => ({ ...hall, groups: groups.filter((group) => group.companyId === hall.id).map(({ id, name, prefix }) => ({ id, name, prefix })) }));
}

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

/** Numbers still valid on a date of a hall. */
async function validNumbersOn(tx: Transaction, companyId: string, date: string): Promise<number> {
  const [taken] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(queueOrders)
    .where(and(eq(queueOrders.companyId, companyId), eq(queueOrders.resDay, date), eq(queueOrders.state, 1)));
  return taken?.count ?? 0;
}

/**
 * A weekend day opened as a working day (调休上班) or closed again to the weekend rule (refused while
 * it holds valid numbers, as closing any day is).
 */
async function saveWorkingDay(tx: Transaction, actor: AuditActor, companyId: string, input: { date: string; closed: boolean }, reason: string): Promise<void> {
  const where = and(eq(queueWorkingDays.companyId, companyId), eq(queueWorkingDays.workDate, input.date));
  const [before] = await tx.select().from(queueWorkingDays).where(where);
  if (input.closed) {
    if (!before) return;
    const count = await validNumbersOn(tx, companyId, input.date);
    if (count > 0) throw conflict(closedDayHasNumbers(input.date, count));
    await tx.delete(queueWorkingDays).where(where);
    await recordAudit(tx, actor, { action: 'queue.workingDay.remove', target: `queueHall:${companyId}`, before: { date: before.workDate, reason: before.reason } });
    return;
  }
  await tx
    .insert(queueWorkingDays)
    .values({ companyId, workDate: input.date, reason })
    .onConflictDoUpdate({ target: [queueWorkingDays.companyId, queueWorkingDays.workDate], set: { reason } });
  await recordAudit(tx, actor, {
    action: 'queue.workingDay.add',
    target: `queueHall:${companyId}`,
    before: before ? { date: before.workDate, reason: before.reason } : undefined,
    after: { date: input.date, reason },
  });
}

/**
 * Closes a date (refused while it holds valid numbers) or opens it again. Weekends are closed by
 * rule, so opening one makes it a working day (调休上班), and closing it again takes that back.
 */
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
      if (before) {
        await tx.delete(queueClosedDays).where(where);
        await recordAudit(tx, actor, { action: 'queue.closedDay.open', target: `queueHall:${config.companyId}`, before: { date: before.closedDate, reason: before.reason } });
      }
      if (isWeekend(input.date)) await saveWorkingDay(tx, actor, config.companyId, input, reason);
      return;
    }
    if (isWeekend(input.date)) return saveWorkingDay(tx, actor, config.companyId, input, reason);
    const count = await validNumbersOn(tx, config.companyId, input.date);
    if (count > 0) throw conflict(closedDayHasNumbers(input.date, count));
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
