import type { Database } from '../../../db/client';
import { formatShanghaiDate } from '../../../lib/shanghai-time';
import { notifyCitizen } from '../../notifications/outbox';
import { bookingReminderNotice } from '../../notifications/notices';
import { unmarkedBookings } from '../day/unmarked-bookings';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The hour of the day (Asia/Shanghai, 0–23) at a moment. */
export function shanghaiHour(at: Date): number {
  return (at.getUTCHours() + 8) % 24;
}

/**
 * The day before's reminders: one bookingReminder for each booking of tomorrow (Asia/Shanghai) of
 * both pages, from `fromHour` on. A cancelled booking is gone and a booking the counter already
 * marked is skipped. The outbox's unique (openid, dedupe key) makes every pass after the first, in
 * this process or another at the same moment, add nothing: each booking is reminded once per date.
 * Answers how many bookings tomorrow holds (0 before the hour).
 */
export async function remindTomorrowsBookings(db: Database, fromHour: number, now = new Date()): Promise<number> {
  if (shanghaiHour(now) < fromHour) return 0;
  const tomorrow = formatShanghaiDate(new Date(now.getTime() + DAY_MS));
  const bookings = await unmarkedBookings(db, { date: tomorrow });
  // One transaction per booking: a second process's pass waits on a row or two, never on the whole day.
  for (const booking of bookings) await db.transaction((tx) => notifyCitizen(tx, bookingReminderNotice(booking)));
  return bookings.length;
}
