import type { AffectedBooking } from '@hall/api/internal';
import { maskMobileNumber } from '@hall/domain';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../db/client';
import { appointmentOrders, counterBookings } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { markCaseBookableAgain } from '../../applications/applications';
import { notifyCitizen } from '../../notifications/outbox';
import { bookingCancelledNotice } from '../../notifications/notices';
import type { UnmarkedBooking } from '../day/unmarked-bookings';
import { releasePlace } from './places';

/**
 * Bookings the hall itself cancels: a day closed (a holiday, a working weekday dropped) or a slot
 * removed while citizens hold places in it. The operator first sees how many and confirms that count
 * with a reason; then, in the change's own transaction, each booking goes, its place is given back,
 * its case may be booked again, and its citizen is told why (the outbox, docs/decisions/020).
 * A booking already marked 到场 or 未到 is the counter's record and stays.
 */

/** Not worded by the spec: the reason the citizens will read is missing. */
export const CANCEL_REASON_REQUIRED = '请填写取消预约的原因（市民会在通知中看到），例如 国庆节放假';
export const cancelConfirmationAsked = (count: number) => `此次调整将取消${count}个已有预约，请核对名单并填写原因，确认后将通知预约市民`;

/** What the operator confirmed of a change that cancels bookings: how many, and why. */
export interface CancelConfirmation {
  /** The number of bookings the operator saw and agreed to cancel. */
  cancelBookings?: number | undefined;
  /** The reason the citizens read (因…). */
  reason?: string | undefined;
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
 * transaction is rolled back by it, and the console shows the list to confirm.
 */
export class CancellationUnconfirmed extends Error {
  constructor(readonly bookings: AffectedBooking[]) {
    super(cancelConfirmationAsked(bookings.length));
  }
}

/** The reason as the citizens will read it; refused in words when the operator left it out. */
function checkedReason(confirmation: CancelConfirmation, fallback: string): string {
  const reason = (confirmation.reason?.trim() || fallback.trim()).slice(0, 100);
  if (!reason) throw badRequest(CANCEL_REASON_REQUIRED);
  return reason;
}

/**
 * Cancels the held bookings when the operator confirmed exactly that many (else rolls the change back
 * with the list to confirm), gives each place back and tells each citizen why. `fallbackReason`: what
 * the change itself says (a holiday's note) when the operator gave no other reason.
 */
export async function cancelByHall(tx: Transaction, held: UnmarkedBooking[], confirmation: CancelConfirmation, fallbackReason = ''): Promise<UnmarkedBooking[]> {
  if (held.length === 0) return held;
  if (confirmation.cancelBookings !== held.length) throw new CancellationUnconfirmed(held.map(affectedLine));
  const reason = checkedReason(confirmation, fallbackReason);
  for (const booking of held) {
    if (booking.kind === 'order') await tx.delete(appointmentOrders).where(eq(appointmentOrders.id, booking.id));
    else await tx.delete(counterBookings).where(eq(counterBookings.id, booking.id));
    await releasePlace(tx, booking.slotId);
    if (booking.applicationId !== null) await markCaseBookableAgain(tx, booking.openid, booking.applicationId);
    await notifyCitizen(tx, bookingCancelledNotice(booking, reason));
  }
  return held;
}
