import type { Env } from '../../../env';
import { RegistryError } from '../../../adapters/registry/registry';

/**
 * The one retry rule of the hall's queries. A try that fails — the registry answers 5xx, refuses the
 * credentials, does not answer within REGISTRY_TIMEOUT_MS, cannot be reached or answers something that
 * does not follow the interface, or the hall cannot finish the answer — is not an answer: the record
 * stays pending (查询中 for the citizen) and is tried again after HALL_REGISTRY_RETRY_FIRST_MS, then
 * after twice as long each time, at most HALL_REGISTRY_RETRY_MAX_MS between tries, until
 * HALL_REGISTRY_RETRY_HOURS after it was asked. All the while it is listed in 查询办理 with its last
 * error and tries, and an operator may answer it. After the window the registry is not asked again:
 * the record stays pending, with the operators. Only a registry's answer (found, not found) or an
 * operator's reaches the citizen.
 */
export interface RetrySchedule {
  firstDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

export function retryScheduleOf(env: Pick<Env, 'HALL_REGISTRY_RETRY_FIRST_MS' | 'HALL_REGISTRY_RETRY_MAX_MS' | 'HALL_REGISTRY_RETRY_HOURS'>): RetrySchedule {
  return { firstDelayMs: env.HALL_REGISTRY_RETRY_FIRST_MS, maxDelayMs: env.HALL_REGISTRY_RETRY_MAX_MS, windowMs: env.HALL_REGISTRY_RETRY_HOURS * 3_600_000 };
}

/** The wait after the failed try number `failures` (1 for the first): first, 2 × first, 4 × first … capped. */
export function retryDelayMs(schedule: RetrySchedule, failures: number): number {
  return Math.min(schedule.maxDelayMs, schedule.firstDelayMs * 2 ** Math.max(0, failures - 1));
}

/** When a record asked at `askedAt`, failing its try number `failures` at `now`, is tried next; null once that falls past the window. */
export function nextTryAfter(schedule: RetrySchedule, failure: { askedAt: Date; failures: number; now: Date }): Date | null {
  const next = failure.now.getTime() + retryDelayMs(schedule, failure.failures);
  return next <= failure.askedAt.getTime() + schedule.windowMs ? new Date(next) : null;
}

const LAST_ERROR_MAX_LENGTH = 500;

/**
 * What 查询办理 shows of a failed try: the registry's failure as the adapter words it (no personal
 * data: status, timeout, unreachable, which field broke the interface); any other error only by its
 * kind, since its message may carry what the logs keep out (the log has the whole error).
 */
export function describeFailure(error: unknown): string {
  const text = error instanceof RegistryError ? error.message : `the hall could not finish the answer (${error instanceof Error ? error.name : 'error'}; see the server log)`;
  return text.slice(0, LAST_ERROR_MAX_LENGTH);
}
