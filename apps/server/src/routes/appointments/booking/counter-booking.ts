import { contract } from '@hall/api';
import { citizenPaths } from '@hall/domain/internal';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registerCall } from '../../register-call';
import { registerBookingChanges } from './booking-change-calls';
import { cancelCounterBooking, moveCounterBooking } from '../../../services/appointments/booking/booking-changes';
import { readSession, rememberOAuthState, sessionLost } from '../../../plugins/session';
import { bookCounterSlot, bookingPageFor, bookingSlipFor, listCounterBookings, listCounterDays, listCounterSlots } from '../../../services/appointments/booking/counter-booking';

/** Where a booking link that is not the citizen's own lands. */
const NOT_FOUND_PAGE = citizenPaths.notFound;

/** Counter booking calls of spec part 3 §7 (POST under /online/wx/appoint) and the two booking links of the application list. */
export async function counterBookingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;
  const rule = () => ({ hours: app.hall.env.HALL_BOOKING_CHANGE_HOURS });

  registerCall(app, contract.getCalendar, { auth: 'citizen' }, async (request) => ({ state: 1, data: await listCounterDays(db, request.citizen.openid) }));
  registerCall(app, contract.queryApmCount, { auth: 'citizen' }, async (request) => ({
    state: 1,
    data: await listCounterSlots(db, request.citizen.openid, request.body.calendarId),
  }));
  registerCall(app, contract.addApmCount, { auth: 'verified', rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => ({
    state: 1,
    msg: '预约成功',
    data: await bookCounterSlot(db, request.citizen.openid, request.body),
  }));
  registerCall(app, contract.getApmRecord, { auth: 'citizen' }, async (request) => ({ state: 1, data: await listCounterBookings(db, request.citizen.openid, rule()) }));
  registerBookingChanges(app, {
    cancel: contract.cancelApmCount,
    move: contract.moveApmCount,
    cancelBooking: (openid, id, changeRule) => cancelCounterBooking(db, openid, id, changeRule),
    moveBooking: (openid, to, changeRule) => moveCounterBooking(db, openid, to.id, to, changeRule),
  });

  /** Follows a booking link as the signed-in citizen; without a session, through WeChat's sign-in back to the link. */
  async function follow(request: FastifyRequest, reply: FastifyReply, target: (openid: string) => Promise<string | null>) {
    const session = await readSession(request);
    if (!session || session.state !== 'active' || !session.openid) {
      const lost = sessionLost(request, request.url);
      rememberOAuthState(request, reply, lost.state);
      return reply.redirect(lost.url);
    }
    return reply.redirect((await target(session.openid)) ?? NOT_FOUND_PAGE);
  }

  // kyy 1: the case can be booked.
  app.get('/online/wx/appoint/index', { schema: { querystring: z.object({ proinstid: z.string().max(40).optional() }) } }, async (request, reply) =>
    follow(request, reply, (openid) => bookingPageFor(db, openid, (request.query as { proinstid?: string }).proinstid ?? '')),
  );
  // kyy 2: the case's booking slip can be viewed.
  app.get('/online/public/appointment/showcard', { schema: { querystring: z.object({ wlsh: z.string().max(64).optional() }) } }, async (request, reply) =>
    follow(request, reply, (openid) => bookingSlipFor(db, openid, (request.query as { wlsh?: string }).wlsh ?? '')),
  );
}
