import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteExpiredSessions } from '../services/session/sessions';
import { deleteExpiredOperatorSessions } from '../services/operators/operator-sessions';
import { startPeriodicJob, type PeriodicJob } from '../lib/periodic-job';
import { sweepRateLimits } from '../db/rate-limit-hits';
import { sweepSignInFailures } from '../services/operators/sign-in-locks';
import { sweepDownloadLinkUses } from '../services/queries/records/download-links';

/** How often ended sessions and past rate-limit windows are removed. */
const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Removes what has ended: sessions past their lifetime or idle limit, rate-limit windows and console
 * sign-in counts past their end. Each statement deletes only ended rows, so any number of processes may run it at once.
 */
async function housekeepingPlugin(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;
  let job: PeriodicJob | undefined;
  app.addHook('onReady', async () => {
    job = startPeriodicJob({
      run: async () => {
        await deleteExpiredSessions(db);
        await deleteExpiredOperatorSessions(db);
        await sweepRateLimits(db);
        await sweepSignInFailures(db);
        await sweepDownloadLinkUses(db);
      },
      onError: (error) => app.log.warn({ err: error }, 'housekeeping failed'),
      intervalMs: HOUSEKEEPING_INTERVAL_MS,
      firstDelayMs: HOUSEKEEPING_INTERVAL_MS,
    });
  });
  app.addHook('onClose', async () => {
    await job?.stop();
  });
}

export const housekeeping = fp(housekeepingPlugin, { name: 'housekeeping' });
