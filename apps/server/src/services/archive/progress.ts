import type { ProgressResult } from '@hall/api';
import type { Registry } from '../../adapters/registry/registry';
import { badRequest } from '../../lib/errors';
import { formatShanghaiDateTime } from '../../lib/shanghai-time';

export const ACCEPTANCE_NUMBER_REQUIRED = '请输入受理编号';

/** A case's progress by its acceptance number, asked of the registry, matched exactly (letter case significant); null when unknown. */
export async function findCaseProgress(registry: Pick<Registry, 'findCaseProgress'>, acceptanceNumber: string): Promise<ProgressResult | null> {
  const serialNumber = acceptanceNumber.trim();
  if (!serialNumber) throw badRequest(ACCEPTANCE_NUMBER_REQUIRED);
  const found = await registry.findCaseProgress(serialNumber);
  if (!found) return null;
  return {
    serialNumber: found.acceptanceNumber,
    name: found.name,
    processName: found.processName,
    actStart: formatShanghaiDateTime(found.activityStartedAt),
    activityName: found.activityName,
  };
}
