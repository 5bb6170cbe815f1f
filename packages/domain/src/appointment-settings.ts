/**
 * The appointment calendar's settings (docs/architecture.md §6): which days a site is open and which time
 * slots, with how many places, each business offers. The defaults are what the halls had before
 * any administrator set anything: Monday to Friday, the fixed public holidays closed, three morning
 * slots of 10 places every working day and three afternoon slots of 6 places Monday to Thursday.
 */
import { FIXED_PUBLIC_HOLIDAYS } from './counter-booking';

/** Whether a text is a real YYYY-MM-DD date (2026-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** How far ahead a holiday or make-up day can be set. */
export const SPECIAL_DAY_HORIZON_DAYS = 400;
export const INVALID_DATE = '日期不正确，请重新选择';

/** ISO weekday digits, Monday 1 … Sunday 7, as a site's or a slot's days are written ('12345'). */
export const DEFAULT_WORKING_WEEKDAYS = '12345';
export const WEEKDAY_LABELS: Record<string, string> = { '1': '周一', '2': '周二', '3': '周三', '4': '周四', '5': '周五', '6': '周六', '7': '周日' };

export interface SlotSetting {
  timeName: string;
  maxNum: number;
  /** ISO weekday digits the slot is offered on; a make-up working day (调休) offers every slot. */
  weekdays: string;
}

export const DEFAULT_SLOT_SETTINGS: readonly SlotSetting[] = [
  { timeName: '09:00-10:00', maxNum: 10, weekdays: '12345' },
  { timeName: '10:00-11:00', maxNum: 10, weekdays: '12345' },
  { timeName: '11:00-12:00', maxNum: 10, weekdays: '12345' },
  { timeName: '14:00-15:00', maxNum: 6, weekdays: '1234' },
  { timeName: '15:00-16:00', maxNum: 6, weekdays: '1234' },
  { timeName: '16:00-17:00', maxNum: 6, weekdays: '1234' },
];

export const MAX_SLOT_PLACES = 999;
export const MAX_SLOTS_PER_BUSINESS = 12;
export type SpecialDayKind = 'holiday' | 'workday';

/** The ISO weekday digit of a YYYY-MM-DD date. */
export function isoWeekday(date: string): string {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return String(day === 0 ? 7 : day);
}

/** Whether a site is open on a date: a special day decides; else the fixed public holidays close; else its working weekdays. */
export function isOpenDay(date: string, workingWeekdays: string, special: SpecialDayKind | undefined): boolean {
  if (special) return special === 'workday';
  if (FIXED_PUBLIC_HOLIDAYS.includes(date.slice(5, 10))) return false;
  return workingWeekdays.includes(isoWeekday(date));
}

/** The slots a business offers on an open day: those of its weekday, or all of them on a make-up working day. */
export function slotsOfDay(slots: readonly SlotSetting[], date: string, makeUpDay: boolean): SlotSetting[] {
  return makeUpDay ? [...slots] : slots.filter((slot) => slot.weekdays.includes(isoWeekday(date)));
}

/** Normalised weekday digits ('5,1 3' → '135'), or null when none or another character is there. */
export function normaliseWeekdays(text: string): string | null {
  const digits = text.replace(/[\s,，]/g, '');
  if (!/^[1-7]+$/.test(digits)) return null;
  return [...new Set(digits)].sort().join('');
}

/** A time slot's name: HH:mm-HH:mm with the start before the end, or a short plain name such as 上午. */
export function slotNameProblem(timeName: string): string | null {
  const name = timeName.trim();
  if (!name) return '请填写时段名称，例如 09:00-10:00 或 上午';
  if (name.length > 20) return `时段名称“${name}”太长，请不超过20个字`;
  const range = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(name);
  if (range && `${range[1]}:${range[2]}` >= `${range[3]}:${range[4]}`) return `时段“${name}”的开始时间应早于结束时间`;
  return null;
}

/** The refusal of a capacity below what is already booked (the bookings are never dropped). */
export function capacityBelowBookingsMessage(date: string, timeName: string, booked: number): string {
  return `${date} ${timeName}：该时段已有${booked}人预约，容量不能少于${booked}`;
}

/** The refusal of removing a slot that holds bookings. */
export function slotWithBookingsMessage(date: string, timeName: string, booked: number): string {
  return `${date} ${timeName}：该时段已有${booked}人预约，不能删除该时段；可改为不再增加容量`;
}

/** The counter's record of a booking on its day. */
export const ATTENDANCE_LABELS = { arrived: '已到场', no_show: '未到' } as const;
export type AttendanceState = keyof typeof ATTENDANCE_LABELS;
