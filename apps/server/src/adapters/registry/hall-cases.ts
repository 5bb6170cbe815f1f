import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { registryCases } from '../../db/schema';
import type { CaseProgress } from './registry';

/**
 * A case the hall itself knows, by its acceptance number (exact, letter case significant): the
 * hall opens a registry_cases row when it accepts an application (services/applications/review/review.ts), so
 * the hall's own acceptance numbers can be followed without a back-office. In demo mode the
 * seeded demo cases are there too; a production hall seeds none.
 */
export async function findHallCase(db: Database, acceptanceNumber: string): Promise<CaseProgress | null> {
  const [row] = await db.select().from(registryCases).where(eq(registryCases.serialNumber, acceptanceNumber));
  if (!row) return null;
  return { acceptanceNumber: row.serialNumber, name: row.name, processName: row.processName, activityName: row.activityName, activityStartedAt: row.actStart };
}
