import type { AppointmentListEntry } from '@hall/api';
import { REGISTRATION_TYPES, REVIEW_STATUS, enumLabel } from '@hall/domain';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { applications, appointmentOrders, businesses } from '../../../db/schema';
import { formatShanghaiDateTime } from '../../../lib/shanghai-time';
import { requireUser } from '../../session/users';

/** A citizen's list is short; this only bounds a runaway one. */
const LIST_LIMIT = 500;

/**
 * The online appointment list of /yuyue (spec part 3 §2.4): the caller's own submitted
 * applications, newest submission first; iskyy is "true" while the case has no order yet, else
 * the order's id is given so the app can open its slip.
 */
export async function listAppointmentApplications(db: Database, openid: string): Promise<AppointmentListEntry[]> {
  const user = await requireUser(db, openid);
  const rows = await db
    .select({ application: applications, businessName: businesses.prodefName, orderId: appointmentOrders.id })
    .from(applications)
    .leftJoin(businesses, eq(businesses.id, applications.prodefid))
    // The order must be the caller's too: one case has at most one order (a unique index), always its owner's.
    .leftJoin(appointmentOrders, and(eq(appointmentOrders.applicationId, applications.id), eq(appointmentOrders.openid, openid)))
    .where(and(eq(applications.openid, openid), ne(applications.shzt, REVIEW_STATUS.notSubmitted)))
    .orderBy(desc(sql`coalesce(${applications.submittedAt}, ${applications.createdAt})`), desc(applications.id))
    .limit(LIST_LIMIT);
  return rows.map(({ application, businessName, orderId }) => ({
    id: String(application.id),
    name: application.name,
    iskyy: orderId === null ? 'true' : 'false',
    prolsh: application.prolsh,
    djlx: application.djlx,
    djlx_name: enumLabel(REGISTRATION_TYPES, application.djlx) ?? '',
    areaname: application.areaname,
    shzt: application.shzt,
    pro_slxmsh: { sh_qjdc_yj: application.shQjdcYj, sh_xmsl_yj: application.shXmslYj },
    user_name: user.name,
    prostart: formatShanghaiDateTime(application.createdAt),
    tjsj: formatShanghaiDateTime(application.submittedAt),
    orderid: orderId === null ? '' : String(orderId),
    wf_prodefname: businessName ?? application.name,
  }));
}
