import { z } from 'zod';
import { post } from '../define-call';
import { errcodeReply } from '../envelopes';
import { bareRequest, calendarDate, listOrder, listPageSize, listSort } from './shared/requests';
import { COUNTER_DAY_SORTS, COUNTER_DAY_STATE_INVALID, COUNTER_DAY_STATES } from '../console-limits';
import { rowId, textId } from './shared/ids';
import { siteSettings } from './appointment-settings';
import { bookingLine } from './shared/records';

/**
 * The counter's day (docs/architecture.md §6), for the 窗口人员: a site's online appointments and counter
 * bookings of one date by time slot, and 到场 or 未到 recorded once for each.
 */

export const dayBooking = z.object({
  /** order: an online appointment; counter: a counter booking. */
  kind: z.enum(['order', 'counter']),
  id: z.string(),
  ...bookingLine,
  /** 预约单号: the case's acceptance number of an online appointment, CB + id of a counter booking. */
  bookingNumber: z.string(),
  /** '' waiting, arrived, no_show. */
  state: z.enum(['', 'arrived', 'no_show']),
  /** The 姓名 of the operator who recorded the state ('' while waiting). */
  recordedBy: z.string(),
  recordedAt: z.string(),
});
export type DayBooking = z.infer<typeof dayBooking>;

/** The sites and the one shown, as the appointment settings answer them, with the day's bookings. */
export const counterDay = siteSettings.pick({ sites: true, areaId: true }).extend({
  date: z.string(),
  /** 1 when the site is closed that day (the bookings made before stay valid). */
  holiday: z.number(),
  /** The bookings asked for: all of the day, or one page of them. */
  bookings: z.array(dayBooking),
  /** How many bookings the day has with the state asked for, over all pages. */
  total: z.number(),
  /** The page size used: the whole day's count when no page was asked for. */
  pageSize: z.number(),
});
export type CounterDay = z.infer<typeof counterDay>;

export const counterDayCalls = {
  /**
   * A site's bookings of a date (today when left out), by slot; an unknown site answers 查询无数据.
   * The console's table asks for a page (pageSize default the first of LIST_PAGE_SIZES), a column
   * sorted and a state; without page, the whole day as before.
   */
  getCounterDay: post(
    '/online/admin/api/counter-day/get',
    bareRequest.extend({
      areaId: textId(64).optional(),
      date: calendarDate.optional(),
      page: z.number().int().min(1).max(100_000).optional(),
      pageSize: listPageSize,
      sort: listSort(COUNTER_DAY_SORTS),
      order: listOrder,
      state: z.enum(COUNTER_DAY_STATES, { error: COUNTER_DAY_STATE_INVALID }).optional(),
    }),
    errcodeReply(counterDay),
  ),
  /** 到场 or 未到, once per booking: a second record (or a second operator's) is refused with the first. */
  markCounterAttendance: post(
    '/online/admin/api/counter-day/mark',
    bareRequest.extend({ kind: z.enum(['order', 'counter']), id: rowId, state: z.enum(['arrived', 'no_show']) }),
    errcodeReply(dayBooking),
  ),
} as const;
