import type { QueueSettingsHall } from '@hall/api';
import { queueTimes, validateQueueGroup, validateQueueHall, type QueueHallSettings } from '@hall/domain';
import { and, asc, eq, gt, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { queueBusinesses, queueClosedDays, queueCompanies, queueConfigs, queueGroups, queueOrders, queueTimeCounts } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { randomId } from '../../../lib/ids';
import { formatShanghaiDate } from '../../../lib/shanghai-time';
import { recordAudit, type AuditActor } from '../../operators/audit';
import { servedAmong } from '../../operators/operator-sites';

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
