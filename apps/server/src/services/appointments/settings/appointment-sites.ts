import { NO_DATA_MESSAGE, type SiteSettings } from '@hall/api/internal';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { appointmentAreas, appointmentCalendars, appointmentOrders, appointmentProcesses, appointmentSlots, counterBookings } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { checkedDistrict } from '../../../lib/district-code';
import { randomId } from '../../../lib/ids';
import { recordAudit, type AuditActor } from '../../operators/audit';
import { readSiteSettings } from './appointment-settings';
import { lockCalendars } from './calendar-rules';
import { fillCalendars } from './calendar-extension';

/**
 * Appointment sites and the businesses each handles, from the console (系统管理员). A new site or
 * business opens on the coming calendar days at once (the slots its settings give, the defaults
 * until set), under the calendar's lock. A site or business that ever held a booking is never
 * removed: the bookings and their history stay, and the refusal says how many there are.
 */

export const SITE_NAME_REQUIRED = '请填写网点名称';
export const BUSINESS_NAME_REQUIRED = '请填写业务名称';
export const siteNameTaken = (name: string) => `本行政区已有名为“${name}”的网点，请换一个名称`;
export const businessNameTaken = (name: string) => `本网点已有“${name}”业务，请换一个名称`;
export const siteHasBookings = (count: number) => `该网点已有 ${count} 条预约记录，删除会丢失这些记录，不能删除。不再受理时，请把各项业务的时段容量设为0，网点将不再接受新的预约`;
export const businessHasBookings = (count: number) => `该业务已有 ${count} 条预约记录，删除会丢失这些记录，不能删除。不再受理时，请把它的时段容量设为0，将不再接受新的预约`;

/** Online appointments and counter bookings ever made at a site, or for one of its businesses. */
async function bookingsOf(tx: Transaction, where: { areaId: string } | { processId: string }): Promise<number> {
  const orders = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(appointmentOrders)
    .where('areaId' in where ? eq(appointmentOrders.areaId, where.areaId) : eq(appointmentOrders.processId, where.processId));
  const counter =
    'areaId' in where
      ? await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(counterBookings)
          .innerJoin(appointmentCalendars, eq(appointmentCalendars.id, counterBookings.calendarId))
          .where(eq(appointmentCalendars.areaId, where.areaId))
      : await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(counterBookings)
          .innerJoin(appointmentSlots, eq(appointmentSlots.id, counterBookings.slotId))
          .where(eq(appointmentSlots.processId, where.processId));
  return (orders[0]?.count ?? 0) + (counter[0]?.count ?? 0);
}

export interface SiteInput {
  areaId?: string;
  areaName: string;
  xzqdm: string;
  sort: number;
}

export async function saveAppointmentSite(db: Database, actor: AuditActor, input: SiteInput, now = new Date()): Promise<SiteSettings> {
  const areaName = input.areaName.trim();
  if (!areaName) throw badRequest(SITE_NAME_REQUIRED);
  const columns = { areaName, xzqdm: checkedDistrict(input.xzqdm), sort: input.sort };
  const areaId = await db.transaction(async (tx) => {
    await lockCalendars(tx);
    const [same] = await tx
      .select({ id: appointmentAreas.id })
      .from(appointmentAreas)
      .where(and(eq(appointmentAreas.xzqdm, columns.xzqdm), eq(appointmentAreas.areaName, areaName), input.areaId ? ne(appointmentAreas.id, input.areaId) : undefined));
    if (same) throw conflict(siteNameTaken(areaName));
    if (input.areaId) {
      const [before] = await tx.select().from(appointmentAreas).where(eq(appointmentAreas.id, input.areaId)).for('update');
      if (!before) throw notFound(NO_DATA_MESSAGE);
      await tx.update(appointmentAreas).set(columns).where(eq(appointmentAreas.id, before.id));
      await recordAudit(tx, actor, { action: 'site.rename', target: `site:${before.id}`, before: { areaName: before.areaName, xzqdm: before.xzqdm, sort: before.sort }, after: columns });
      return before.id;
    }
    const id = `ap-${input.xzqdm}-${randomId(6).toLowerCase()}`;
    await tx.insert(appointmentAreas).values({ id, ...columns });
    await fillCalendars(tx, now, [id]);
    await recordAudit(tx, actor, { action: 'site.create', target: `site:${id}`, after: columns });
    return id;
  });
  return readSiteSettings(db, areaId, now);
}

export async function deleteAppointmentSite(db: Database, actor: AuditActor, areaId: string, now = new Date()): Promise<SiteSettings> {
  await db.transaction(async (tx) => {
    await lockCalendars(tx);
    const [before] = await tx.select().from(appointmentAreas).where(eq(appointmentAreas.id, areaId)).for('update');
    if (!before) throw notFound(NO_DATA_MESSAGE);
    const count = await bookingsOf(tx, { areaId });
    if (count > 0) throw conflict(siteHasBookings(count));
    // Its calendar, slots, businesses and settings go with it (they hold no booking).
    await tx.delete(appointmentAreas).where(eq(appointmentAreas.id, areaId));
    await recordAudit(tx, actor, { action: 'site.delete', target: `site:${areaId}`, before: { areaName: before.areaName, xzqdm: before.xzqdm } });
  });
  return readSiteSettings(db, undefined, now);
}

export interface BusinessInput {
  areaId: string;
  processId?: string;
  processName: string;
  sort: number;
}

export async function saveAppointmentBusiness(db: Database, actor: AuditActor, input: BusinessInput, now = new Date()): Promise<SiteSettings> {
  const processName = input.processName.trim();
  if (!processName) throw badRequest(BUSINESS_NAME_REQUIRED);
  await db.transaction(async (tx) => {
    await lockCalendars(tx);
    const [area] = await tx.select({ id: appointmentAreas.id }).from(appointmentAreas).where(eq(appointmentAreas.id, input.areaId));
    if (!area) throw notFound(NO_DATA_MESSAGE);
    const [same] = await tx
      .select({ id: appointmentProcesses.id })
      .from(appointmentProcesses)
      .where(and(eq(appointmentProcesses.areaId, area.id), eq(appointmentProcesses.processName, processName), input.processId ? ne(appointmentProcesses.id, input.processId) : undefined));
    if (same) throw conflict(businessNameTaken(processName));
    const columns = { processName, sort: input.sort };
    if (input.processId) {
      const [before] = await tx.select().from(appointmentProcesses).where(eq(appointmentProcesses.id, input.processId)).for('update');
      if (!before || before.areaId !== area.id) throw notFound(NO_DATA_MESSAGE);
      await tx.update(appointmentProcesses).set(columns).where(eq(appointmentProcesses.id, before.id));
      await recordAudit(tx, actor, { action: 'site.business.update', target: `siteBusiness:${before.id}`, before: { processName: before.processName, sort: before.sort }, after: columns });
      return;
    }
    const id = `${area.id}-${randomId(6).toLowerCase()}`;
    await tx.insert(appointmentProcesses).values({ id, areaId: area.id, ...columns });
    await fillCalendars(tx, now, [area.id]);
    await recordAudit(tx, actor, { action: 'site.business.create', target: `siteBusiness:${id}`, after: { areaId: area.id, ...columns } });
  });
  return readSiteSettings(db, input.areaId, now);
}

export async function deleteAppointmentBusiness(db: Database, actor: AuditActor, input: { areaId: string; processId: string }, now = new Date()): Promise<SiteSettings> {
  await db.transaction(async (tx) => {
    await lockCalendars(tx);
    const [before] = await tx.select().from(appointmentProcesses).where(eq(appointmentProcesses.id, input.processId)).for('update');
    if (!before || before.areaId !== input.areaId) throw notFound(NO_DATA_MESSAGE);
    const count = await bookingsOf(tx, { processId: before.id });
    if (count > 0) throw conflict(businessHasBookings(count));
    await tx.delete(appointmentProcesses).where(eq(appointmentProcesses.id, before.id));
    await recordAudit(tx, actor, { action: 'site.business.delete', target: `siteBusiness:${before.id}`, before: { areaId: before.areaId, processName: before.processName } });
  });
  return readSiteSettings(db, input.areaId, now);
}

type SiteRow = typeof appointmentAreas.$inferSelect;
type SiteDetails = Pick<SiteRow, 'address' | 'worktime' | 'phone' | 'lat' | 'lng'>;

/** Changes a site's contact details (the console's site page), the row locked first; null when there is no such site. */
export async function updateSiteDetails(tx: Pick<Database, 'select' | 'update'>, id: string, details: SiteDetails): Promise<{ before: SiteRow; updated: SiteRow } | null> {
  const [before] = await tx.select().from(appointmentAreas).where(eq(appointmentAreas.id, id)).for('update');
  if (!before) return null;
  const [updated] = await tx.update(appointmentAreas).set(details).where(eq(appointmentAreas.id, before.id)).returning();
  return { before, updated: updated! };
}
