import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../register-call';
import { listAppointmentApplications } from '../../../services/appointments/booking/appointment-list';

/** The online appointment list (spec part 3 §2.4): the session user's submitted applications. */
export async function appointmentListRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;
  registerCall(app, contract.getYuyueApplyList, { auth: 'citizen' }, async (request) => ({
    errcode: '00',
    data: await listAppointmentApplications(db, request.citizen.openid),
  }));
}
