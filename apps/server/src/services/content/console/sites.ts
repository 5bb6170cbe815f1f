import {
  NO_DATA_MESSAGE,
  SITE_ADDRESS_MAX_LENGTH,
  SITE_ADDRESS_TOO_LONG,
  SITE_COORDINATES_INVALID,
  SITE_PHONE_INVALID,
  SITE_WORKTIME_MAX_LENGTH,
  SITE_WORKTIME_TOO_LONG,
  type ServiceSiteDetails,
} from '@hall/api/internal';
import { asc } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { appointmentAreas } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { recordAudit, type AuditActor } from '../../operators/audit';
import { checkedText } from './content-rules';
import { updateSiteDetails } from '../../appointments/settings/appointment-sites';

type AreaRow = typeof appointmentAreas.$inferSelect;

const toSite = (row: AreaRow): ServiceSiteDetails => ({
  id: row.id,
  areaName: row.areaName,
  xzqdm: row.xzqdm,
  address: row.address,
  worktime: row.worktime,
  phone: row.phone,
  lat: row.lat,
  lng: row.lng,
});
const detailsOf = (row: AreaRow) => ({ address: row.address, worktime: row.worktime, phone: row.phone, lat: row.lat, lng: row.lng });

export async function listConsoleSites(db: Database): Promise<ServiceSiteDetails[]> {
  return (await db.select().from(appointmentAreas).orderBy(asc(appointmentAreas.xzqdm), asc(appointmentAreas.sort), asc(appointmentAreas.id))).map(toSite);
}

const DECIMAL = /^-?\d{1,3}(\.\d{1,10})?$/;

/** Both coordinates as decimals in range, or neither (the site then shows without a map pin). */
function checkedCoordinates(latText: string, lngText: string): { lat: string; lng: string } {
  const lat = latText.trim();
  const lng = lngText.trim();
  if (!lat && !lng) return { lat, lng };
  if (!DECIMAL.test(lat) || !DECIMAL.test(lng) || Math.abs(Number(lat)) > 90 || Math.abs(Number(lng)) > 180) throw badRequest(SITE_COORDINATES_INVALID);
  return { lat, lng };
}

export interface SiteInput {
  id: string;
  address: string;
  worktime: string;
  phone: string;
  lat: string;
  lng: string;
}

/** A site's details; the site list reads the table, so citizens see the change at once. */
export async function saveConsoleSite(db: Database, actor: AuditActor, input: SiteInput): Promise<ServiceSiteDetails> {
  const phone = input.phone.trim();
  if (!/^[\d\s\-()（）+、;；,，转]{0,40}$/.test(phone)) throw badRequest(SITE_PHONE_INVALID);
  const values = {
    address: checkedText(input.address, { max: SITE_ADDRESS_MAX_LENGTH, tooLong: SITE_ADDRESS_TOO_LONG }),
    worktime: checkedText(input.worktime, { max: SITE_WORKTIME_MAX_LENGTH, tooLong: SITE_WORKTIME_TOO_LONG }),
    phone,
    ...checkedCoordinates(input.lat, input.lng),
  };
  const row = await db.transaction(async (tx) => {
    const changed = await updateSiteDetails(tx, input.id, values);
    if (!changed) throw notFound(NO_DATA_MESSAGE);
    const { before, updated } = changed;
    await recordAudit(tx, actor, { action: 'site.update', target: `site:${before.id}`, before: detailsOf(before), after: detailsOf(updated) });
    return updated;
  });
  return toSite(row);
}
