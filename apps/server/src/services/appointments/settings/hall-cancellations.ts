import type { AffectedBooking, MoveTarget, MoveTargetOption } from '@hall/api/internal';
import { maskMobileNumber } from '@hall/domain';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../db/client';
import { appointmentOrders, counterBookings } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { markCaseBookableAgain } from '../../applications/applications';
import { notifyCitizen } from '../../notifications/outbox';
import { bookingCancelledNotice } from '../../notifications/notices';
import type { UnmarkedBooking } from '../day/unmarked-bookings';
import { moveByHall, moveTargetOptions, type SettlementPlace } from './hall-moves';
import { releasePlace } from './places';

/**
 * Bookings the hall itself can no longer keep: a day closed (a holiday, a working weekday dropped) or
 * a slot removed while citizens hold places in it. The operator first sees how many and confirms that
 * count with a reason, and either cancels them or moves them all to one date and slot (hall-moves.ts);
 * then, in the change's own transaction, each booking goes (or moves), its place is given back, a
 * cancelled one's case may be booked again, and its citizen is told why (the outbox, docs/decisions/020).
 * A booking already marked 到场 or 未到 is the counter's record and stays.
 */

/** Not worded by the spec: the reason the citizens will read is missing. */
export const CANCEL_REASON_REQUIRED = '请填写取消预约的原因（市民会在通知中看到），例如 国庆节放假';
export const MOVE_REASON_REQUIRED = '请填写改约的原因（市民会在通知中看到），例如 下午窗口调整';
// Said before the operator chooses between cancelling and moving: it names neither.
export const cancelConfirmationAsked = (count: number) => `此次调整涉及${count}个已有预约，请核对名单，选择取消或改约并填写原因，确认后将通知预约市民`;

/** What the operator confirmed of a change that cancels or moves bookings: how many, where to, and why. */
export interface CancelConfirmation {
  /** The number of bookings the operator saw and agreed to cancel (or, with moveBookingsTo, to move). */
  cancelBookings?: number | undefined;
  /** The reason the citizens read (因…). */
  reason?: string | undefined;
  /** Move the bookings to this date and slot of the same site and business instead of cancelling them. */
  moveBookingsTo?: MoveTarget | undefined;
}

/** What the hall did with the bookings of a change: cancelled them, or moved them to `movedTo`. */
export interface HallSettlement {
  bookings: UnmarkedBooking[];
  movedTo?: MoveTarget;
}

/** The console's line of a booking: name and masked phone, for the operator to check before confirming. */
export function affectedLine(booking: UnmarkedBooking): AffectedBooking {
  return {
    date: booking.date,
    timeName: booking.timeName,
    processName: booking.processName,
    name: booking.name,
    maskedPhone: maskMobileNumber(booking.phone),
    source: booking.kind === 'order' ? '网上预约' : '窗口预约',
  };
}

/**
 * A change that would cancel `held` asked without the operator's confirmation of that count: the
 * transaction is rolled back by it, and the console shows the list to confirm, with where they could
 * be moved instead.
 */
export class CancellationUnconfirmed extends Error {
  constructor(
    readonly bookings: AffectedBooking[],
    readonly moveTargets: MoveTargetOption[],
  ) {
    super(cancelConfirmationAsked(bookings.length));
  }
}

/** The reason as the citizens will read it; refused in words when the operator left it out. */
function checkedReason(confirmation: CancelConfirmation, fallback: string): string {
  const reason = (confirmation.reason?.trim() || fallback.trim()).slice(0, 100);
  if (!reason) throw badRequest(confirmation.moveBookingsTo ? MOVE_REASON_REQUIRED : CANCEL_REASON_REQUIRED);
  return reason;
}

/**
 * Cancels the held bookings, or moves them to `moveBookingsTo`, when the operator confirmed exactly
 * that many (else rolls the change back with the list to confirm), gives each place back and tells
 * each citizen why. `fallbackReason`: what the change itself says (a holiday's note) when the
 * operator gave no other reason.
 */
export async function settleByHall(tx: Transaction, held: UnmarkedBooking[], confirmation: CancelConfirmation, place: SettlementPlace, fallbackReason = ''): Promise<HallSettlement> {
  if (held.length === 0) return { bookings: held };
  if (confirmation.cancelBookings !== held.length) throw new CancellationUnconfirmed(held.map(affectedLine), await moveTargetOptions(tx, held, place));
  const reason = checkedReason(confirmation, fallbackReason);
  if (confirmation.moveBookingsTo) {
    await moveByHall(tx, held, confirmation.moveBookingsTo, reason, place);
    return { bookings: held, movedTo: confirmation.moveBookingsTo };
  }
  for (const booking of held) {
    if (booking.kind === 'order') await tx.delete(appointmentOrders).where(eq(appointmentOrders.id, booking.id));
    else await tx.delete(counterBookings).where(eq(counterBookings.id, booking.id));
    await releasePlace(tx, booking.slotId);
    if (booking.applicationId !== null) await markCaseBookableAgain(tx, booking.openid, booking.applicationId);
    await notifyCitizen(tx, bookingCancelledNotice(booking, reason));
  }
  return { bookings: held };
}
