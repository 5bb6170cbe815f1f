import type { ServedSite } from '@hall/api';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appointmentAreas, operatorAccounts, queueCompanies, queueGroups, queueOrders } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from './audit';

/**
 * The sites an operator serves (系统管理员 sets them in 账号管理): appointment sites and queue
 * halls. The counter's day offers only the operator's appointment sites, and calling only their
 * halls; an operator tied to none of a kind works every site of that kind.
 */

export const SITE_UNKNOWN = '所选网点或大厅不存在，请刷新页面后重试';
export const OPERATOR_UNKNOWN = '该账号不存在，请刷新页面后重试';
export const NOT_YOUR_SITE = '您未被指派到该网点，请登记本人服务网点的预约；如需调整，请联系系统管理员在账号管理中设置';
export const NOT_YOUR_HALL = '您未被指派到该大厅，请在本人服务的大厅叫号；如需调整，请联系系统管理员在账号管理中设置';

export async function listServedSites(db: Database): Promise<{ sites: ServedSite[]; accounts: { id: number; sites: string[] }[] }> {
  const areas = await db
    .select({ id: appointmentAreas.id, name: appointmentAreas.areaName })
    .from(appointmentAreas)
    .orderBy(asc(appointmentAreas.xzqdm), asc(appointmentAreas.sort), asc(appointmentAreas.id));
  const halls = await db.select({ id: queueCompanies.id, name: queueCompanies.name }).from(queueCompanies).orderBy(asc(queueCompanies.sort), asc(queueCompanies.id));
  const accounts = await db.select({ id: operatorAccounts.id, sites: operatorAccounts.sites }).from(operatorAccounts).orderBy(asc(operatorAccounts.id));
  return {
    sites: [...areas.map((area) => ({ ...area, kind: 'appointment' as const })), ...halls.map((hall) => ({ ...hall, kind: 'queue' as const }))],
    accounts,
  };
}

export async function saveOperatorSites(db: Database, actor: AuditActor, input: { id: number; sites: string[] }): Promise<{ id: number; sites: string[] }> {
  const sites = [...new Set(input.sites.map((id) => id.trim()).filter(Boolean))];
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ id: operatorAccounts.id, sites: operatorAccounts.sites }).from(operatorAccounts).where(eq(operatorAccounts.id, input.id)).for('update');
    if (!before) throw notFound(OPERATOR_UNKNOWN);
    if (sites.length) {
      const areas = await tx.select({ id: appointmentAreas.id }).from(appointmentAreas).where(inArray(appointmentAreas.id, sites));
      const halls = await tx.select({ id: queueCompanies.id }).from(queueCompanies).where(inArray(queueCompanies.id, sites));
      if (areas.length + halls.length !== sites.length) throw badRequest(SITE_UNKNOWN);
    }
    await tx.update(operatorAccounts).set({ sites }).where(eq(operatorAccounts.id, before.id));
    await recordAudit(tx, actor, { action: 'operator.sites', target: `operator:${before.id}`, before: { sites: before.sites }, after: { sites } });
    return { id: before.id, sites };
  });
}

/** The ids of a kind the operator serves: their own among them, or all of them when they are tied to none. */
export function servedAmong<T extends { id: string }>(all: T[], served: readonly string[]): T[] {
  const mine = all.filter((item) => served.includes(item.id));
  return mine.length ? mine : all;
}

async function checkServesHall(db: Database, served: readonly string[], companyId: string | undefined): Promise<void> {
  if (!companyId || served.length === 0) return;
  const halls = await db.select({ id: queueCompanies.id }).from(queueCompanies);
  if (!servedAmong(halls, served).some((hall) => hall.id === companyId)) throw forbidden(NOT_YOUR_HALL);
}

/** Refuses a group of a hall the operator does not serve (an unknown group is left to the call). */
export async function checkServesQueueGroup(db: Database, served: readonly string[], groupId: string): Promise<void> {
  const [group] = await db.select({ companyId: queueGroups.companyId }).from(queueGroups).where(eq(queueGroups.id, groupId));
  await checkServesHall(db, served, group?.companyId);
}

/** Refuses a number of a hall the operator does not serve (an unknown number is left to the call). */
export async function checkServesQueueNumber(db: Database, served: readonly string[], id: number): Promise<void> {
  const [order] = await db.select({ companyId: queueOrders.companyId }).from(queueOrders).where(eq(queueOrders.id, id));
  await checkServesHall(db, served, order?.companyId);
}

/** Refuses a booking of an appointment site the operator does not serve. */
export async function checkServesAppointmentSite(db: Pick<Database, 'select'>, served: readonly string[], areaId: string): Promise<void> {
  if (served.length === 0) return;
  const areas = await db.select({ id: appointmentAreas.id }).from(appointmentAreas);
  if (!servedAmong(areas, served).some((area) => area.id === areaId)) throw forbidden(NOT_YOUR_SITE);
}
