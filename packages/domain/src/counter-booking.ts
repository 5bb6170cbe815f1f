/**
 * Counter booking, the date and slot booking of /appointment (spec part 3 §2.5, §4, §5, §8): the
 * texts of its screens, which calendar days a hall is open, and the booking time it records.
 */

/** /apmrecord with no records (part 3 §8). */
export const NO_COUNTER_BOOKINGS = '当前用户暂无预约记录！';

/** The confirmation before a slot is booked (part 3 §2.1, §2.5). */
export const COUNTER_BOOKING_CONFIRM = '确定要申请吗?';

/** How many days ahead the calendar is kept open for booking. */
export const CALENDAR_HORIZON_DAYS = 21;

/** Fixed public holidays (month-day) on which the halls are closed. */
export const FIXED_PUBLIC_HOLIDAYS: readonly string[] = ['01-01', '05-01', '05-02', '05-03', '10-01', '10-02', '10-03', '10-04', '10-05', '10-06', '10-07'];

/** timeClass of a calendar day: '1' the full day, '2' the morning only (Fridays). */
export const FULL_DAY = '1';
export const MORNING_ONLY = '2';

/** A calendar day of a hall: closed (holiday 1) on weekends and fixed public holidays; Fridays morning only. */
export function calendarDayKind(date: string): { timeClass: string; holiday: 0 | 1 } {
  const weekday = new Date(`${date.slice(0, 10)}T00:00:00Z`).getUTCDay();
  const closed = weekday === 0 || weekday === 6 || FIXED_PUBLIC_HOLIDAYS.includes(date.slice(5, 10));
  return { timeClass: weekday === 5 ? MORNING_ONLY : FULL_DAY, holiday: closed ? 1 : 0 };
}

/** yysj, the booking time a counter booking records: the date and the slot's name. */
export function counterBookingTime(date: string, timeName: string): string {
  return `${date} ${timeName}`.trim();
}
