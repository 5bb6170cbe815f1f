import { z } from 'zod';
import { post } from '../define-call';
import { errcodeReply } from '../envelopes';
import { plainText } from '../common';
import { sendingFigures } from './notifications';
import { bareRequest, calendarDate } from './shared/requests';

/**
 * The statistics page (docs/architecture.md §6): what a centre director asks of the hall, over a date range
 * (Asia/Shanghai days, both ends included) and optionally one district (xzqdm). Every figure is
 * counted from the rows themselves when asked; nothing is kept precomputed.
 */

export const STATISTICS_MAX_DAYS = 366;

/** Hours from one moment to another over a set of cases: how many, the mean and the 90th percentile. */
export const durationFigures = z.object({ count: z.number(), averageHours: z.number().nullable(), p90Hours: z.number().nullable() });
export type DurationFigures = z.infer<typeof durationFigures>;
/** The same in minutes, for waits at the hall. */
export const minuteFigures = z.object({ count: z.number(), averageMinutes: z.number().nullable(), p90Minutes: z.number().nullable() });

export const hallStatisticsReport = z.object({
  from: z.string(),
  to: z.string(),
  xzqdm: z.string().nullable(),
  /** Districts the filter offers: code and name. */
  districts: z.array(z.object({ xzqdm: z.string(), name: z.string() })),
  /** Applications submitted each day, by where they stand now (shzt) and by business. */
  applicationsPerDay: z.array(z.object({ day: z.string(), shzt: z.number(), business: z.string(), count: z.number() })),
  /** From submission to each stage's decision. */
  reviewTimes: z.array(z.object({ stage: z.string(), decision: z.string(), figures: durationFigures })),
  /** The rejection opinions given most often, with how often. */
  rejectionReasons: z.array(z.object({ stage: z.string(), opinion: z.string(), count: z.number() })),
  /** Online bookings each day against the places offered on open days. */
  bookingsPerDay: z.array(z.object({ day: z.string(), capacity: z.number(), booked: z.number() })),
  /** What the counter recorded of each day's bookings (online and counter): arrived (到场) and no-show (未到). */
  attendancePerDay: z.array(z.object({ day: z.string(), booked: z.number(), arrived: z.number(), noShow: z.number() })),
  /** Queue numbers called in the range: the wait from their time band's start (or from taking the number, if later) to the call. */
  queueWaiting: minuteFigures,
  /** Query records made each day, by kind (zs, dzzz, verify, archive, property). */
  queriesPerDay: z.array(z.object({ day: z.string(), kind: z.string(), count: z.number() })),
  /** Citizens' feedback given in the range: how much, how much answered, and the time to answer. */
  feedback: z.object({ received: z.number(), answered: z.number(), timeToAnswer: durationFigures }),
  /**
   * The messages the hall wrote to citizens in the range, per event and channel (站内, 短信, 微信), as
   * 消息发送 counts them: sent, waiting, failed, retried. Of the whole hall: a message has no district.
   */
  notifications: z.array(sendingFigures),
});
export type HallStatisticsReport = z.infer<typeof hallStatisticsReport>;

export const statisticsCalls = {
  getStatisticsReport: post(
    '/online/admin/api/statistics/report',
    bareRequest.extend({
      from: calendarDate,
      to: calendarDate,
      xzqdm: plainText(12)
        .regex(/^\d{6}$/, '区县代码应为6位数字')
        .optional(),
    }),
    errcodeReply(hallStatisticsReport),
  ),
} as const;
