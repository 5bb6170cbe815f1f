import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../register-call';
import { auditActor } from '../../plugins/operator-session';
import { deleteAppointmentBusiness, deleteAppointmentSite, saveAppointmentBusiness, saveAppointmentSite } from '../../services/appointments/settings/appointment-sites';
import { deleteCatalogueBusiness, listCatalogue, saveCatalogueBusiness } from '../../services/applications/catalogue';
import { deleteGuideOf } from '../../services/content/console/guides';
import { listServedSites, saveOperatorSites } from '../../services/operators/operator-sites';
import { deleteQueueBusiness, deleteQueueGroup, deleteQueueHall, saveQueueBusiness, saveQueueClosedDay } from '../../services/queue/setup/queue-settings';

const ADMIN = { auth: 'operator', operator: { role: 'admin' } } as const;
const WRITES = { ...ADMIN, rateLimit: { max: 60, timeWindow: '1 minute' } } as const;
const SAVED = '已保存';
const REMOVED = '已删除';

/** Setting a hall up from the console (docs/architecture.md §6), for the 系统管理员: sites, queue businesses and days, the catalogue, operators' sites. Every change audited. */
export async function hallSetupArea(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  registerCall(app, contract.saveAppointmentSite, WRITES, async (request) => ({ errcode: '00', errmsg: SAVED, data: await saveAppointmentSite(db, auditActor(request), request.body) }));
  registerCall(app, contract.deleteAppointmentSite, WRITES, async (request) => ({ errcode: '00', errmsg: REMOVED, data: await deleteAppointmentSite(db, auditActor(request), request.body.areaId) }));
  registerCall(app, contract.saveAppointmentBusiness, WRITES, async (request) => ({ errcode: '00', errmsg: SAVED, data: await saveAppointmentBusiness(db, auditActor(request), request.body) }));
  registerCall(app, contract.deleteAppointmentBusiness, WRITES, async (request) => ({ errcode: '00', errmsg: REMOVED, data: await deleteAppointmentBusiness(db, auditActor(request), request.body) }));

  registerCall(app, contract.saveQueueBusiness, WRITES, async (request) => ({ errcode: '00', errmsg: SAVED, data: await saveQueueBusiness(db, auditActor(request), request.body) }));
  registerCall(app, contract.deleteQueueBusiness, WRITES, async (request) => ({ errcode: '00', errmsg: REMOVED, data: await deleteQueueBusiness(db, auditActor(request), request.body.id) }));
  registerCall(app, contract.saveQueueClosedDay, WRITES, async (request) => ({ errcode: '00', errmsg: SAVED, data: await saveQueueClosedDay(db, auditActor(request), request.body) }));
  registerCall(app, contract.deleteQueueHall, WRITES, async (request) => ({ errcode: '00', errmsg: REMOVED, data: await deleteQueueHall(db, auditActor(request), request.body.id) }));
  registerCall(app, contract.deleteQueueGroup, WRITES, async (request) => ({ errcode: '00', errmsg: REMOVED, data: await deleteQueueGroup(db, auditActor(request), request.body.id) }));

  registerCall(app, contract.listCatalogueBusinesses, ADMIN, async () => ({ errcode: '00', data: await listCatalogue(db) }));
  registerCall(app, contract.saveCatalogueBusiness, WRITES, async (request) => ({ errcode: '00', errmsg: SAVED, data: await saveCatalogueBusiness(db, auditActor(request), request.body) }));
  registerCall(app, contract.deleteCatalogueBusiness, WRITES, async (request) => ({
    errcode: '00',
    errmsg: REMOVED,
    data: await deleteCatalogueBusiness(db, auditActor(request), request.body.id, deleteGuideOf),
  }));

  registerCall(app, contract.listServedSites, ADMIN, async () => ({ errcode: '00', data: await listServedSites(db) }));
  registerCall(app, contract.saveOperatorSites, WRITES, async (request) => ({ errcode: '00', errmsg: SAVED, data: await saveOperatorSites(db, auditActor(request), request.body) }));
}
