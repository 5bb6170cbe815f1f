import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteExpiredSessions } from '../services/session/sessions';
import { sweepRateLimits } from './rate-limits';

/** How often ended sessions and past rate-limit windows are removed. */
const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Removes what has ended: sessions past their lifetime or idle limit, rate-limit windows past their
 * end. Each statement deletes only ended rows, so any number of processes may run it at once.
 */
async function housekeepingPlugin(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;
  const sweep = async () => {
    await deleteExpiredSessions(db);
    await sweepRateLimits(db);
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep().catch((error: unknown) => app.log.warn({ err: error }, 'housekeeping failed')), HOUSEKEEPING_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export const housekeeping = fp(housekeepingPlugin, { name: 'housekeeping' });
