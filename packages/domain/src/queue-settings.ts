import { queueTimes, type QueueConfig } from './queue';

/** The checks of the console's queue settings (halls, their times, business groups), with messages that say what to change. */

export const QUEUE_SETTING_LIMITS = { windowMax: 99, capacityMax: 999, daysAheadMax: 30, stepMin: 5, stepMax: 480 } as const;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A hall's name and its queue configuration. */
export interface QueueHallSettings extends QueueConfig {
  name: string;
}

/** The first problem of a hall's settings, null when they give at least one time. */
export function validateQueueHall(hall: QueueHallSettings): string | null {
  if (!hall.name.trim()) return '请填写大厅名称';
  if (!CLOCK.test(hall.strtime) || !CLOCK.test(hall.endtime)) return '开始和结束时间请按“时:分”填写，例如 09:00';
  if (!Number.isInteger(hall.addtime) || hall.addtime < QUEUE_SETTING_LIMITS.stepMin || hall.addtime > QUEUE_SETTING_LIMITS.stepMax) {
    return `每个时间段的分钟数请填 ${QUEUE_SETTING_LIMITS.stepMin} 到 ${QUEUE_SETTING_LIMITS.stepMax} 之间的整数`;
  }
  if (queueTimes(hall).length === 0) return '开始到结束的时间放不下一个时间段，请把结束时间往后调或把时间段改短';
  if (!Number.isInteger(hall.yuyueday) || hall.yuyueday < 1 || hall.yuyueday > QUEUE_SETTING_LIMITS.daysAheadMax) return `可取号天数请填 1 到 ${QUEUE_SETTING_LIMITS.daysAheadMax} 之间的整数`;
  if (!Number.isInteger(hall.yuyueabovetime) || hall.yuyueabovetime < 0 || hall.yuyueabovetime > 1440) return '取号截止提前分钟数请填 0 到 1440 之间的整数';
  if (!Number.isInteger(hall.cancelyuyuetime) || hall.cancelyuyuetime < 0 || hall.cancelyuyuetime > 1440) return '取消截止提前分钟数请填 0 到 1440 之间的整数';
  return null;
}

export interface QueueGroupSettings {
  name: string;
  prefix: string;
  capacity: number;
}

/** The first problem of a group's settings; the capacity's floor (numbers already taken) is the server's check. */
export function validateQueueGroup(group: QueueGroupSettings): string | null {
  if (!group.name.trim()) return '请填写业务名称';
  if (!/^[A-Z]{1,3}$/.test(group.prefix)) return '号码字母请填 1 到 3 个大写英文字母，例如 A';
  if (!Number.isInteger(group.capacity) || group.capacity < 1 || group.capacity > QUEUE_SETTING_LIMITS.capacityMax) {
    return `每个时间段的号数请填 1 到 ${QUEUE_SETTING_LIMITS.capacityMax} 之间的整数`;
  }
  return null;
}

/** A counter's window number, 1 to 99; the message says what to type. */
export function validateQueueWindow(window: number): string | null {
  return Number.isInteger(window) && window >= 1 && window <= QUEUE_SETTING_LIMITS.windowMax ? null : `请填写窗口号（1 到 ${QUEUE_SETTING_LIMITS.windowMax} 的整数），例如 3`;
}
