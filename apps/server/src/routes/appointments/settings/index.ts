import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../register-call';
import { auditActor } from '../../../plugins/operator-session';
import { readSiteSettings, saveSlots, saveSpecialDay, saveWeekdays } from '../../../services/appointments/settings/appointment-settings';

const ADMIN = { role: 'admin' } as const;
const WRITES = { auth: 'operator', operator: ADMIN, rateLimit: { max: 60, timeWindow: '1 minute' } } as const;

/** The appointment calendar's settings (docs/architecture.md §6) for the 系统管理员: working days, holidays, 调休, slots and places, each change audited. */
export async function appointmentSettingsArea(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  registerCall(app, contract.getAppointmentSettings, { auth: 'operator', operator: ADMIN }, async (request) => {
    return { errcode: '00', data: await readSiteSettings(db, request.body.areaId) };
  });

  registerCall(app, contract.saveAppointmentWeekdays, WRITES, async (request) => {
    const data = await saveWeekdays(db, auditActor(request), request.body.areaId, request.body.workingWeekdays);
    return { errcode: '00', errmsg: '已保存', data };
  });

  registerCall(app, contract.saveAppointmentSpecialDay, WRITES, async (request) => {
    const data = await saveSpecialDay(db, auditActor(request), request.body);
    return { errcode: '00', errmsg: '已保存', data };
  });

  registerCall(app, contract.saveAppointmentSlots, WRITES, async (request) => {
    const data = await saveSlots(db, auditActor(request), request.body);
    return { errcode: '00', errmsg: '已保存', data };
  });
}
