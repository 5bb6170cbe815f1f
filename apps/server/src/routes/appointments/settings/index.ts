import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../register-call';
import { auditActor } from '../../../plugins/operator-session';
import { readSiteSettings, saveSlots, saveSpecialDay, saveWeekdays } from '../../../services/appointments/settings/appointment-settings';
import { cancelConfirmationAsked } from '../../../services/appointments/settings/hall-cancellations';

const ADMIN = { role: 'admin' } as const;
const WRITES = { auth: 'operator', operator: ADMIN, rateLimit: { max: 60, timeWindow: '1 minute' } } as const;

/** A change saved says so, with the bookings it cancelled or moved; one waiting for the operator's confirmation says what it would cancel. */
function changeAnswer(data: Awaited<ReturnType<typeof saveWeekdays>>) {
  const count = data.affectedBookings.length;
  const errmsg = !data.saved
    ? cancelConfirmationAsked(count)
    : !count
      ? '已保存'
      : data.movedTo
        ? `已保存，已将${count}个预约改至${data.movedTo.date} ${data.movedTo.timeName}并通知预约市民`
        : `已保存，已取消${count}个预约并通知预约市民`;
  return { errcode: '00', errmsg, data } as const;
}

/** The appointment calendar's settings (docs/architecture.md §6) for the 系统管理员: working days, holidays, 调休, slots and places, each change audited. */
export async function appointmentSettingsArea(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  registerCall(app, contract.getAppointmentSettings, { auth: 'operator', operator: ADMIN }, async (request) => {
    return { errcode: '00', data: await readSiteSettings(db, request.body.areaId) };
  });

  registerCall(app, contract.saveAppointmentWeekdays, WRITES, async (request) => {
    const { areaId, workingWeekdays, cancelBookings, reason, moveBookingsTo } = request.body;
    return changeAnswer(await saveWeekdays(db, auditActor(request), areaId, workingWeekdays, { cancelBookings, reason, moveBookingsTo }));
  });

  registerCall(app, contract.saveAppointmentSpecialDay, WRITES, async (request) => {
    return changeAnswer(await saveSpecialDay(db, auditActor(request), request.body));
  });

  registerCall(app, contract.saveAppointmentSlots, WRITES, async (request) => {
    return changeAnswer(await saveSlots(db, auditActor(request), request.body));
  });
}
