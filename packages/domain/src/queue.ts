/**
 * The queue-number module (spec part 3 §2.6, §3 "Queue config", §7 "Queue module", §8): the times a
 * hall hands out numbers for, which days and times can still be booked or cancelled, the number
 * format and the module's messages. Times are China Standard Time (UTC+8, no daylight saving).
 */
import { isMainlandMobileNumber } from './formats';
import { VALIDATION_MESSAGES } from './validation';

/** The queue configuration of a hall (part 3 §3): times in HH:mm, durations in minutes. */
export interface QueueConfig {
  /** strtime: the first time of the day starts here, e.g. 09:00. */
  strtime: string;
  /** endtime: the last time of the day ends by here, e.g. 17:00 (the hall's closing). */
  endtime: string;
  /** addtime: the length of one time in minutes. */
  addtime: number;
  /** yuyueabovetime: a time can be booked until this many minutes before it starts. */
  yuyueabovetime: number;
  /** cancelyuyuetime: an order can be cancelled until this many minutes before its time starts. */
  cancelyuyuetime: number;
  /** yuyueday: how many days, today included, can be booked. */
  yuyueday: number;
}

/** Messages of the queue module; the spec words none of them, so these are the hall's. */
export const QUEUE_MESSAGES = {
  companyRequired: '请选择办事大厅',
  groupRequired: '请选择业务类型',
  dayRequired: '请选择预约日期',
  timeRequired: '请选择预约时间',
  nameRequired: '姓名不能为空',
  companyUnknown: '该办事大厅不存在或暂停取号',
  groupUnknown: '该业务不存在或暂停取号',
  dayClosed: '该日为休息日，不能取号，请选择其他日期',
  dayOutOfRange: '该日期不在可预约范围内，请重新选择日期',
  timeUnknown: '所选时间段不存在，请重新选择',
  timeTooLate: '该时间段已过预约截止时间，请选择其他时间段',
  timeFull: '该时间段号源已约满，请选择其他时间段',
  alreadyQueued: '您当天已取过该业务的号，请勿重复取号',
  orderUnknown: '未找到该取号记录',
  alreadyCancelled: '该取号记录已取消',
  cancelTooLate: '已过取消截止时间，不能取消',
  cancelCalled: '该号码已叫号或已办理，不能取消',
  noOrders: '暂无取号记录',
  noCompanies: '暂无可取号的办事大厅',
  noGroups: '该办事大厅暂无可办理的业务',
} as const;

/** State of an order: 1 valid (待办理), 2 cancelled by the citizen. */
export const QUEUE_ORDER_STATES = { valid: 1, cancelled: 2 } as const;
export const QUEUE_ORDER_STATE_NAMES: Record<number, string> = { 1: '待办理', 2: '已取消' };
/** What a valid order is called once the counter has it: called to a window, being served there, served, or called and not come. */
const CALLED_STATE_NAMES: Record<string, string> = { called: '已叫号', serving: '办理中', done: '已办结', skipped: '已过号' };

/** The name of an order's state as the citizen reads it: a valid one follows the calls (待办理 only while waiting). */
export function queueOrderStateName(state: number, callState: string): string {
  if (state === QUEUE_ORDER_STATES.valid) return CALLED_STATE_NAMES[callState] ?? QUEUE_ORDER_STATE_NAMES[state]!;
  return QUEUE_ORDER_STATE_NAMES[state] ?? '';
}

/** Weekday names of the day list, Sunday first as getUTCDay counts. */
const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const SHANGHAI_OFFSET_MS = 8 * 60 * MINUTE_MS;

function minutesOf(time: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The times of a day, e.g. 09:00-10:00, from strtime in steps of addtime, each ending by endtime. */
export function queueTimes(config: Pick<QueueConfig, 'strtime' | 'endtime' | 'addtime'>): string[] {
  const start = minutesOf(config.strtime);
  const end = minutesOf(config.endtime);
  if (start === null || end === null || !(config.addtime > 0)) return [];
  const times: string[] = [];
  for (let from = start; from + config.addtime <= end; from += config.addtime) times.push(`${clock(from)}-${clock(from + config.addtime)}`);
  return times;
}

/** The instant a day's time starts (date YYYY-MM-DD, time 09:00-10:00 or 09:00), in ms since the epoch. */
export function queueTimeStart(date: string, time: string): number {
  const from = minutesOf(time.split('-')[0] ?? '');
  const day = Date.parse(`${date}T00:00:00Z`);
  if (from === null || Number.isNaN(day)) return Number.NaN;
  return day - SHANGHAI_OFFSET_MS + from * MINUTE_MS;
}

/** Whether a moment falls within the hall's hours of its day, strtime to endtime in China (both included): numbers are called only then. */
export function isWithinQueueHours(config: Pick<QueueConfig, 'strtime' | 'endtime'>, now: Date): boolean {
  const start = minutesOf(config.strtime);
  const end = minutesOf(config.endtime);
  if (start === null || end === null) return false;
  const inChina = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  const minute = inChina.getUTCHours() * 60 + inChina.getUTCMinutes();
  return minute >= start && minute <= end;
}

/** Today's date in China, YYYY-MM-DD. */
export function queueToday(now: Date): string {
  return new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether a date falls on a Saturday or a Sunday. */
export function isWeekend(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/**
 * Weekends are closed unless the hall lists the date as a working day (调休上班); any day the hall
 * lists as closed (holidays) is closed.
 */
export function isQueueDayClosed(date: string, closedDays: readonly string[], workingDays: readonly string[] = []): boolean {
  if (closedDays.includes(date)) return true;
  return isWeekend(date) && !workingDays.includes(date);
}

export interface QueueDay {
  /** YYYY-MM-DD. */
  date: string;
  /** 星期一 … 星期日. */
  week: string;
  /** 1 closed (休息), 0 open. */
  holiday: number;
}

/** The yuyueday days from today on, each with its weekday and whether the hall is closed. */
export function queueDays(now: Date, yuyueday: number, closedDays: readonly string[], workingDays: readonly string[] = []): QueueDay[] {
  const today = Date.parse(`${queueToday(now)}T00:00:00Z`);
  return Array.from({ length: Math.max(0, Math.floor(yuyueday)) }, (_, index) => {
    const at = new Date(today + index * DAY_MS);
    const date = at.toISOString().slice(0, 10);
    return { date, week: WEEKDAYS[at.getUTCDay()]!, holiday: isQueueDayClosed(date, closedDays, workingDays) ? 1 : 0 };
  });
}

/** A time can still be booked until yuyueabovetime minutes before it starts. */
export function isQueueTimeBookable(date: string, time: string, yuyueabovetime: number, now: Date): boolean {
  const start = queueTimeStart(date, time);
  return !Number.isNaN(start) && now.getTime() <= start - yuyueabovetime * MINUTE_MS;
}

/** The last moment an order for this time can be cancelled: cancelyuyuetime minutes before it starts. */
export function queueCancelDeadline(date: string, time: string, cancelyuyuetime: number): number {
  return queueTimeStart(date, time) - cancelyuyuetime * MINUTE_MS;
}

export function isQueueOrderCancellable(date: string, time: string, cancelyuyuetime: number, now: Date): boolean {
  const deadline = queueCancelDeadline(date, time, cancelyuyuetime);
  return !Number.isNaN(deadline) && now.getTime() <= deadline;
}

/** A queue number: the business's letter and the day's serial, three digits (A001). */
export function queueNumber(prefix: string, serial: number): string {
  return `${prefix}${String(serial).padStart(3, '0')}`;
}

/** The order form's checks, in the order the form shows its fields; null when all pass. */
export function validateQueueOrder(input: { queueid?: string; resDay?: string; resTime?: string; name?: string; phone?: string }): string | null {
  if (!input.queueid?.trim()) return QUEUE_MESSAGES.groupRequired;
  if (!input.resDay?.trim()) return QUEUE_MESSAGES.dayRequired;
  if (!input.resTime?.trim()) return QUEUE_MESSAGES.timeRequired;
  if (!input.name?.trim()) return QUEUE_MESSAGES.nameRequired;
  if (!isMainlandMobileNumber(input.phone ?? '')) return VALIDATION_MESSAGES.phoneNumber;
  return null;
}
