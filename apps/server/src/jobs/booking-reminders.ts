import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startPeriodicJob, type PeriodicJob } from '../lib/periodic-job';
import { remindTomorrowsBookings } from '../services/appointments/booking/reminders';

const TASK = 'booking_reminders';
/** How often each process looks whether tomorrow's bookings were reminded: a booking made after the hour is reminded within it. */
const REMINDER_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The day-before reminders of bookings, from HALL_BOOKING_REMINDER_HOUR (Asia/Shanghai) on, in every
 * process: each pass is safe beside another's (services/appointments/booking/reminders.ts).
 */
async function bookingRemindersPlugin(app: FastifyInstance): Promise<void> {
  const hall = app.hall;
  let job: PeriodicJob | undefined;
  app.addHook('onReady', async () => {
    hall.metrics.jobStarted(TASK);
    job = startPeriodicJob({
      run: () => hall.metrics.jobPass(TASK, () => remindTomorrowsBookings(hall.db, hall.env.HALL_BOOKING_REMINDER_HOUR)),
      onError: (error) => app.log.error({ err: error }, 'booking reminders pass failed'),
      intervalMs: REMINDER_INTERVAL_MS,
      // Not at start: a restarted process finds the reminders done, and a test's hall never sends one unasked.
      firstDelayMs: REMINDER_INTERVAL_MS,
    });
  });
  app.addHook('onClose', async () => {
    await job?.stop();
  });
}

export const bookingReminders = fp(bookingRemindersPlugin, { name: 'booking-reminders' });
