import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../register-call';
import { registerBookingChanges } from './booking-change-calls';
import { cancelOrder, moveOrder } from '../../../services/appointments/booking/booking-changes';
import { bookAppointment, findOwnOrder, listAreas, listCalendars, listOwnOrders, listProcesses, listSites, listSlots } from '../../../services/appointments/booking/appointments';

/** Counter appointment calls of spec part 3 §7 (under /online/public/appointment). */
export async function appointmentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;
  const rule = () => ({ hours: app.hall.env.HALL_BOOKING_CHANGE_HOURS });

  registerCall(app, contract.appointmentAreas, { auth: 'public' }, async (request) => ({ state: 1, data: await listAreas(db, request.body.xzqdm) }));
  registerCall(app, contract.appointmentProcesses, { auth: 'public' }, async (request) => listProcesses(db, request.body.areaId));
  registerCall(app, contract.appointmentCalendars, { auth: 'public' }, async (request) => listCalendars(db, request.body.areaId));
  registerCall(app, contract.appointmentSlots, { auth: 'public' }, async (request) => listSlots(db, request.body.calendarId, request.body.timeClass, request.body.processId));
  registerCall(app, contract.serviceSites, { auth: 'public' }, async () => ({ state: 1, data: await listSites(db, app.hall.env.HALL_XZQDM) }));

  registerCall(app, contract.addAppointment, { auth: 'verified', rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => {
    const { id, message } = await bookAppointment(db, request.citizen.openid, request.body);
    return { state: 1, msg: message, data: { id } };
  });
  registerCall(app, contract.appointmentOrder, { auth: 'citizen' }, async (request) => ({
    state: 1,
    data: await findOwnOrder(db, request.citizen.openid, request.body.id, rule()),
  }));
  registerCall(app, contract.appointmentOrders, { auth: 'citizen' }, async (request) => ({
    state: 1,
    data: await listOwnOrders(db, request.citizen.openid, rule()),
  }));
  registerBookingChanges(app, {
    cancel: contract.cancelAppointment,
    move: contract.moveAppointment,
    cancelBooking: (openid, id, changeRule) => cancelOrder(db, openid, id, changeRule),
    moveBooking: (openid, to, changeRule) => moveOrder(db, openid, to.id, to, changeRule),
  });
}
