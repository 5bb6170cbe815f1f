import type { ProgressResult } from '@hall/api';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { registryCases } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { formatShanghaiDateTime } from '../../lib/shanghai-time';

export const ACCEPTANCE_NUMBER_REQUIRED = '请输入受理编号';

/** A case's progress by its acceptance number, matched exactly (letter case significant); null when unknown. */
export async function findCaseProgress(db: Database, acceptanceNumber: string): Promise<ProgressResult | null> {
  const serialNumber = acceptanceNumber.trim();
  if (!serialNumber) throw badRequest(ACCEPTANCE_NUMBER_REQUIRED);
  const [row] = await db.select().from(registryCases).where(eq(registryCases.serialNumber, serialNumber));
  if (!row) return null;
  return { serialNumber: row.serialNumber, name: row.name, processName: row.processName, actStart: formatShanghaiDateTime(row.actStart), activityName: row.activityName };
}
