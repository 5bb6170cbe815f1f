import { FULFILMENT_KIND_LABELS } from '@hall/api/internal';
import { QUERY_STATE_FOUND, QUERY_STATE_NOT_FOUND, isDecidedApplication, type RatedServiceKind } from '@hall/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications, appointmentAreas, appointmentAttendance, appointmentCalendars, appointmentOrders, counterBookings, feedback, queryRecords, queueCompanies, queueOrders } from '../../db/schema';
import { parseRowId } from '../../lib/row-id';

/** A service as the rating needs it: what the citizen calls it, where it was given, and whether it is over. */
export interface RatedService {
  title: string;
  /** The site's code (a district, an appointment site, a queue hall) and name; '' for the hall as a whole. */
  site: string;
  siteName: string;
  finished: boolean;
}

const ANSWERED_QUERY: readonly number[] = [Number(QUERY_STATE_FOUND), Number(QUERY_STATE_NOT_FOUND)];
const QUERY_TITLES: Record<string, string> = { ...FULFILMENT_KIND_LABELS, verify: '电子签章验证' };

/** Queries and feedback are the hall's as a whole, not one site's. */
const WHOLE_HALL = { site: '', siteName: '网上办事大厅' };

/** A booking's id names its kind: an online appointment (order-12) or a counter booking (counter-12). */
const BOOKING_ID = /^(order|counter)-(\d{1,18})$/;

type Finder = (db: Database, openid: string, id: string) => Promise<RatedService | null>;

/**
 * Each kind of service, read from its owner's table for the session's citizen only: another
 * citizen's service or a missing one is null, and the caller says neither apart.
 */
const FINDERS: Record<RatedServiceKind, Finder> = {
  application: async (db, openid, id) => {
    const rowId = parseRowId(id);
    if (rowId === null) return null;
    const [row] = await db
      .select({ name: applications.name, xzqdm: applications.xzqdm, areaname: applications.areaname, shzt: applications.shzt })
      .from(applications)
      .where(and(eq(applications.id, rowId), eq(applications.openid, openid)));
    return row ? { title: row.name, site: row.xzqdm, siteName: row.areaname, finished: isDecidedApplication(row.shzt) } : null;
  },
  query: async (db, openid, id) => {
    const rowId = parseRowId(id);
    if (rowId === null) return null;
    const [row] = await db
      .select({ kind: queryRecords.kind, state: queryRecords.state })
      .from(queryRecords)
      .where(and(eq(queryRecords.id, rowId), eq(queryRecords.openid, openid)));
    return row ? { title: QUERY_TITLES[row.kind] ?? '查询', ...WHOLE_HALL, finished: ANSWERED_QUERY.includes(row.state) } : null;
  },
  booking: async (db, openid, id) => {
    const match = BOOKING_ID.exec(id);
    if (!match) return null;
    const [, kind, rawId] = match as unknown as [string, 'order' | 'counter', string];
    const bookingId = Number(rawId);
    const attended = and(eq(appointmentAttendance.bookingKind, kind), eq(appointmentAttendance.bookingId, bookingId), eq(appointmentAttendance.state, 'arrived'));
    if (kind === 'order') {
      const [row] = await db
        .select({ areaId: appointmentOrders.areaId, areaName: appointmentAreas.areaName, extend: appointmentOrders.extendData, arrived: appointmentAttendance.id })
        .from(appointmentOrders)
        .innerJoin(appointmentAreas, eq(appointmentAreas.id, appointmentOrders.areaId))
        .leftJoin(appointmentAttendance, attended)
        .where(and(eq(appointmentOrders.id, bookingId), eq(appointmentOrders.openid, openid)));
      const processName = (row?.extend as { processName?: unknown } | undefined)?.processName;
      return row ? { title: typeof processName === 'string' && processName ? processName : '预约办理', site: row.areaId, siteName: row.areaName, finished: row.arrived !== null } : null;
    }
    const [row] = await db
      .select({ areaId: appointmentCalendars.areaId, areaName: appointmentAreas.areaName, arrived: appointmentAttendance.id })
      .from(counterBookings)
      .innerJoin(appointmentCalendars, eq(appointmentCalendars.id, counterBookings.calendarId))
      .innerJoin(appointmentAreas, eq(appointmentAreas.id, appointmentCalendars.areaId))
      .leftJoin(appointmentAttendance, attended)
      .where(and(eq(counterBookings.id, bookingId), eq(counterBookings.openid, openid)));
    return row ? { title: '窗口预约', site: row.areaId, siteName: row.areaName, finished: row.arrived !== null } : null;
  },
  queue: async (db, openid, id) => {
    const rowId = parseRowId(id);
    if (rowId === null) return null;
    const [row] = await db
      .select({ number: queueOrders.number, companyId: queueOrders.companyId, companyName: queueCompanies.name, callState: queueOrders.callState })
      .from(queueOrders)
      .innerJoin(queueCompanies, eq(queueCompanies.id, queueOrders.companyId))
      .where(and(eq(queueOrders.id, rowId), eq(queueOrders.openid, openid)));
    return row ? { title: `排队取号 ${row.number}`, site: row.companyId, siteName: row.companyName, finished: row.callState === 'done' } : null;
  },
  feedback: async (db, openid, id) => {
    const rowId = parseRowId(id);
    if (rowId === null) return null;
    const [row] = await db
      .select({ status: feedback.status })
      .from(feedback)
      .where(and(eq(feedback.id, rowId), eq(feedback.openid, openid)));
    return row ? { title: '意见反馈', ...WHOLE_HALL, finished: row.status === 1 } : null;
  },
};

/** The citizen's own service of a kind, or null when it is not theirs or does not exist. */
export function findRatedService(db: Database, openid: string, kind: RatedServiceKind, id: string): Promise<RatedService | null> {
  return FINDERS[kind](db, openid, id);
}
