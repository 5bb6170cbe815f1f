import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { smsCodes } from '../src/db/schema';
import { sameBlindIndex } from '../src/db/sealed/sealed-columns';

/** The phone's earlier sign-in codes as if the 60-second countdown had passed, so a test may ask for another at once. */
export async function skipSmsCountdown(db: Database, phone: string): Promise<void> {
  await db
    .update(smsCodes)
    .set({ createdAt: sql`${smsCodes.createdAt} - interval '61 seconds'` })
    .where(sameBlindIndex(smsCodes.phone, 'phone', phone));
}
