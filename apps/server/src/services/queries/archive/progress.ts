import type { ProgressResult } from '@hall/api';
import { isAcceptanceNumber } from '@hall/domain';
import { RegistryError, type Registry } from '../../../adapters/registry/registry';
import { badRequest } from '../../../lib/errors';
import { formatShanghaiDateTime } from '../../../lib/shanghai-time';

export const ACCEPTANCE_NUMBER_REQUIRED = '请输入申请编号';

export interface ProgressLog {
  warn(details: object, message: string): void;
}

/**
 * A case's progress by its acceptance number, asked of the registry, matched exactly (letter case
 * significant); null when there is none to show. A text that is not an acceptance number is never
 * sent to the registry (it would become part of its address), and a registry that fails to answer
 * is logged: the citizen is told the spec's failure text for both, 查询无数据 (part 1 §8), like a
 * number the registry does not know, never a server error.
 */
export async function findCaseProgress(registry: Pick<Registry, 'findCaseProgress'>, acceptanceNumber: string, log?: ProgressLog): Promise<ProgressResult | null> {
  const serialNumber = acceptanceNumber.trim();
  if (!serialNumber) throw badRequest(ACCEPTANCE_NUMBER_REQUIRED);
  if (!isAcceptanceNumber(serialNumber)) return null;
  let found;
  try {
    found = await registry.findCaseProgress(serialNumber);
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    log?.warn({ err: error }, 'the registry did not answer a progress query');
    return null;
  }
  if (!found) return null;
  return {
    serialNumber: found.acceptanceNumber,
    name: found.name,
    processName: found.processName,
    actStart: formatShanghaiDateTime(found.activityStartedAt),
    activityName: found.activityName,
  };
}
