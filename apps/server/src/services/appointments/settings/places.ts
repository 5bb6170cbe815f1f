import { VALIDATION_MESSAGES } from '@hall/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { appointmentSlots } from '../../../db/schema';
import { conflict } from '../../../lib/errors';

/**
 * A slot's places, shared by both booking pages: taken and given back by the database itself, so
 * any number of processes booking, cancelling and moving at once keep countNum equal to the bookings.
 */

type Writer = Pick<Database, 'update'>;

/** Takes a place of the slot; a full slot updates no row and is refused with the spec's message. */
export async function takePlace(tx: Writer, slotId: number): Promise<void> {
  const taken = await tx
    .update(appointmentSlots)
    .set({ countNum: sql`${appointmentSlots.countNum} + 1` })
    .where(and(eq(appointmentSlots.id, slotId), sql`${appointmentSlots.countNum} < ${appointmentSlots.maxNum}`))
    .returning({ id: appointmentSlots.id });
  if (taken.length === 0) throw conflict(VALIDATION_MESSAGES.slotFull);
}

/** Gives a cancelled or moved booking's place back to its slot. */
export async function releasePlace(tx: Writer, slotId: number): Promise<void> {
  await tx
    .update(appointmentSlots)
    .set({ countNum: sql`${appointmentSlots.countNum} - 1` })
    .where(and(eq(appointmentSlots.id, slotId), sql`${appointmentSlots.countNum} > 0`));
}
