import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startPeriodicJob, type PeriodicJob } from '../lib/periodic-job';
import { DELIVERY_DEFAULTS, deliverDue } from '../services/notifications/delivery';
import { channelSenders } from '../services/notifications/channels';

const TASK = 'notification_delivery';

/**
 * Sends the notifications' waiting deliveries (SMS, WeChat) in this process from app start to app
 * close, every HALL_NOTIFY_POLL_MS (0 leaves it to other processes). Several processes share the work:
 * each claims its own rows (services/notifications/delivery.ts).
 */
async function notificationDeliveryPlugin(app: FastifyInstance): Promise<void> {
  const hall = app.hall;
  const intervalMs = hall.env.HALL_NOTIFY_POLL_MS;
  if (intervalMs === 0) return;
  const senders = channelSenders(hall);
  let job: PeriodicJob | null = null;
  app.addHook('onReady', async () => {
    hall.metrics.jobStarted(TASK);
    job = startPeriodicJob({
      intervalMs,
      run: () =>
        hall.metrics.jobPass(TASK, async () => {
          // A full batch means more is due: go on at once rather than after the interval.
          while ((await deliverDue(hall.db, { senders })).claimed >= DELIVERY_DEFAULTS.batch);
        }),
      onError: (error) => app.log.error({ err: error }, 'notification delivery pass failed'),
    });
  });
  app.addHook('onClose', async () => {
    await job?.stop();
  });
}

export const notificationDeliveryJob = fp(notificationDeliveryPlugin, { name: 'notification-delivery' });
