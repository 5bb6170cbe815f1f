import type { contract } from '@hall/api';
import { BOOKING_CANCELLED, BOOKING_MOVED } from '@hall/domain';
import type { FastifyInstance } from 'fastify';
import type { ChangeRule } from '../../../services/appointments/booking/change-terms';
import { registerCall, type CallRequest } from '../../register-call';

type CancelCall = typeof contract.cancelAppointment | typeof contract.cancelApmCount;
type MoveCall = typeof contract.moveAppointment | typeof contract.moveApmCount;

/** A booking page's cancel and move calls, and the services that change its bookings. */
interface BookingChanges<M extends MoveCall> {
  cancel: CancelCall;
  move: M;
  cancelBooking(openid: string, id: string, rule: ChangeRule): Promise<void>;
  moveBooking(openid: string, to: CallRequest<M>['body'], rule: ChangeRule): Promise<void>;
}

/**
 * Registers the cancel and move calls of one booking page (在线预约 or 窗口预约): each for the session's
 * own booking only, until HALL_BOOKING_CHANGE_HOURS before its slot, answering the spec's messages.
 * Cancelling needs a session; moving takes a new place, so it needs a verified citizen as booking does.
 */
export function registerBookingChanges<M extends MoveCall>(app: FastifyInstance, changes: BookingChanges<M>): void {
  const rule = (): ChangeRule => ({ hours: app.hall.env.HALL_BOOKING_CHANGE_HOURS });
  const limit = { max: 30, timeWindow: '1 minute' };
  registerCall(app, changes.cancel, { auth: 'citizen', rateLimit: limit }, async (request) => {
    await changes.cancelBooking(request.citizen.openid, request.body.id, rule());
    return { state: 1, msg: BOOKING_CANCELLED, data: { id: request.body.id } };
  });
  // Registered as either page's move call; the body checked is `changes.move`'s own, which moveBooking takes.
  registerCall<MoveCall>(app, changes.move, { auth: 'verified', rateLimit: limit }, async (request) => {
    await changes.moveBooking(request.citizen.openid, request.body as CallRequest<M>['body'], rule());
    return { state: 1, msg: BOOKING_MOVED, data: { id: request.body.id } };
  });
}
