/**
 * Counter appointments (spec part 3 §2.1–§2.5, §4, §8, §9): slot capacity, the booking success
 * messages and the date texts of the booking screens.
 */
import { SPECIAL_RULES_DISTRICT } from './enums';

/** A time slot as the counts call returns it (part 3 §3, §7). */
export interface SlotCapacity {
  maxNum: number;
  countNum: number;
}

/** Places left in a slot: maxNum − countNum, never below 0 so an overbooked slot reads 0 (part 3 §2.1, §9). */
export function remainingSlots(slot: SlotCapacity): number {
  return Math.max(0, slot.maxNum - slot.countNum);
}

/** A slot is full once countNum has reached maxNum (part 3 §2.1). */
export function isSlotFull(slot: SlotCapacity): boolean {
  return slot.countNum >= slot.maxNum;
}

/** Bookable only when countNum < maxNum and the user has no booking for that date (part 3 §4). */
export function isSlotBookable(slot: SlotCapacity, userHasBookingThatDate: boolean): boolean {
  return !isSlotFull(slot) && !userHasBookingThatDate;
}

/** What the success message needs (part 3 §8). */
export interface BookingSuccess {
  /** The user's district code, XZQDM. */
  xzqdm: string | null | undefined;
  /** Case acceptance number, prolsh / wlsh. */
  caseNumber: string;
  /** Appointment date, as shown in the form. */
  date: string;
  /** Name of the time slot, timeName. */
  timeName: string;
}

/** The alert after a successful booking (part 3 §8), word for word, its half-width comma included. */
export function bookingSuccessMessage({ xzqdm, caseNumber, date, timeName }: BookingSuccess): string {
  if (xzqdm?.trim() === SPECIAL_RULES_DISTRICT) return `预约申请已提交，您的预约单号为${caseNumber}请如期办理`;
  return `您申请的业务${caseNumber}已预约成功，预约时间为${date} ${timeName},稍后我们将以手机短信通知`;
}

/** A calendar day's date without the time part the server appends after a space (part 3 §3). */
export function calendarDate(calendar: string): string {
  return calendar.trim().split(' ')[0] ?? '';
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * Booking time as year-month-day, YYYY-MM-DD (part 3 §2.5, §9). Strings are read as written
 * (2024-5-6, 2024/05/06 10:00 and 2024.05.06 all give 2024-05-06) so no time zone shifts the day;
 * a Date or a timestamp is read in local time. Anything unreadable comes back trimmed, unchanged.
 */
export function formatBookingDate(value: string | number | Date): string {
  if (typeof value === 'string') {
    const match = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})/.exec(value.trim());
    return match ? `${match[1]}-${pad2(Number(match[2]))}-${pad2(Number(match[3]))}` : value.trim();
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/** Weekday names indexed like Date#getDay: 0 is Sunday. */
export const WEEKDAY_NAMES = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** The weekday of a YYYY-MM-DD date (a time part is ignored), or undefined for an unreadable date. */
export function weekdayName(date: string): WeekdayName | undefined {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(formatBookingDate(date));
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // UTC arithmetic, so the weekday never depends on the machine's time zone.
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return undefined;
  return WEEKDAY_NAMES[utc.getUTCDay()];
}

/** The booking page's date list: each date with its weekday (part 3 §2.5). */
export function withWeekdays(dates: readonly string[]): { date: string; weekday: WeekdayName | undefined }[] {
  return dates.map((date) => ({ date: formatBookingDate(date), weekday: weekdayName(date) }));
}
