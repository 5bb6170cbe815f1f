import { describe, expect, it } from 'vitest';
import {
  QUEUE_MESSAGES,
  isQueueDayClosed,
  isWithinQueueHours,
  queueOrderStateName,
  isQueueOrderCancellable,
  isQueueTimeBookable,
  queueDays,
  queueNumber,
  queueTimeStart,
  queueTimes,
  queueToday,
  validateQueueOrder,
} from './queue';

describe('queueTimes', () => {
  it('steps from strtime by addtime, each time ending by endtime', () => {
    expect(queueTimes({ strtime: '09:00', endtime: '12:00', addtime: 60 })).toEqual(['09:00-10:00', '10:00-11:00', '11:00-12:00']);
    expect(queueTimes({ strtime: '09:00', endtime: '10:40', addtime: 30 })).toEqual(['09:00-09:30', '09:30-10:00', '10:00-10:30']);
  });
  it('gives nothing for an unreadable configuration', () => {
    expect(queueTimes({ strtime: '9点', endtime: '12:00', addtime: 60 })).toEqual([]);
    expect(queueTimes({ strtime: '09:00', endtime: '12:00', addtime: 0 })).toEqual([]);
  });
});

describe('days and times in China time', () => {
  it('today is the Shanghai date', () => {
    expect(queueToday(new Date('2026-11-23T16:30:00Z'))).toBe('2026-11-24');
    expect(queueToday(new Date('2026-11-23T15:59:00Z'))).toBe('2026-11-23');
  });
  it('a time starts at its Shanghai clock time', () => {
    expect(new Date(queueTimeStart('2026-11-24', '09:00-10:00')).toISOString()).toBe('2026-11-24T01:00:00.000Z');
    expect(queueTimeStart('2026-11-24', 'later')).toBeNaN();
  });
  it('weekends and listed days are closed', () => {
    expect(isQueueDayClosed('2026-11-28', [])).toBe(true); // Saturday
    expect(isQueueDayClosed('2026-11-29', [])).toBe(true); // Sunday
    expect(isQueueDayClosed('2026-11-27', [])).toBe(false);
    expect(isQueueDayClosed('2026-11-27', ['2026-11-27'])).toBe(true);
  });
  it('a weekend day the hall lists as a working day (调休上班) is open; a listed closed day stays closed', () => {
    expect(isQueueDayClosed('2026-11-28', [], ['2026-11-28'])).toBe(false);
    expect(isQueueDayClosed('2026-11-29', [], ['2026-11-28'])).toBe(true);
    expect(isQueueDayClosed('2026-11-28', ['2026-11-28'], ['2026-11-28'])).toBe(true);
    expect(queueDays(new Date('2026-11-26T02:00:00Z'), 4, [], ['2026-11-29']).map((day) => day.holiday)).toEqual([0, 0, 1, 0]);
  });
  it('lists yuyueday days from today with weekday and holiday', () => {
    const days = queueDays(new Date('2026-11-26T02:00:00Z'), 4, ['2026-11-27']);
    expect(days).toEqual([
      { date: '2026-11-26', week: '星期四', holiday: 0 },
      { date: '2026-11-27', week: '星期五', holiday: 1 },
      { date: '2026-11-28', week: '星期六', holiday: 1 },
      { date: '2026-11-29', week: '星期日', holiday: 1 },
    ]);
  });
  it('a time is bookable until yuyueabovetime minutes before it starts', () => {
    // 09:00 Shanghai is 01:00Z; 30 minutes ahead is 00:30Z.
    expect(isQueueTimeBookable('2026-11-24', '09:00-10:00', 30, new Date('2026-11-24T00:30:00Z'))).toBe(true);
    expect(isQueueTimeBookable('2026-11-24', '09:00-10:00', 30, new Date('2026-11-24T00:30:01Z'))).toBe(false);
  });
  it('an order is cancellable until cancelyuyuetime minutes before its time', () => {
    expect(isQueueOrderCancellable('2026-11-24', '09:00-10:00', 60, new Date('2026-11-24T00:00:00Z'))).toBe(true);
    expect(isQueueOrderCancellable('2026-11-24', '09:00-10:00', 60, new Date('2026-11-24T00:00:01Z'))).toBe(false);
  });
});

describe('numbers and the order form', () => {
  it('formats the number as the letter and three digits', () => {
    expect(queueNumber('A', 7)).toBe('A007');
    expect(queueNumber('B', 123)).toBe('B123');
  });
  it('checks the fields in form order', () => {
    const full = { queueid: 'g1', resDay: '2026-11-24', resTime: '09:00-10:00', name: '张三', phone: '13812341234' };
    expect(validateQueueOrder(full)).toBeNull();
    expect(validateQueueOrder({ ...full, queueid: '' })).toBe(QUEUE_MESSAGES.groupRequired);
    expect(validateQueueOrder({ ...full, resDay: ' ' })).toBe(QUEUE_MESSAGES.dayRequired);
    expect(validateQueueOrder({ ...full, resTime: '' })).toBe(QUEUE_MESSAGES.timeRequired);
    expect(validateQueueOrder({ ...full, name: '' })).toBe(QUEUE_MESSAGES.nameRequired);
    expect(validateQueueOrder({ ...full, phone: '12345' })).toBe('请输入正确的手机号');
  });
});

describe('the hall’s hours and what an order is called', () => {
  it('takes calls from strtime to endtime in China only (05:40 is before a 09:00 hall opens)', () => {
    const hours = { strtime: '09:00', endtime: '17:00' };
    expect(isWithinQueueHours(hours, new Date('2026-11-23T21:40:00Z'))).toBe(false);
    expect(isWithinQueueHours(hours, new Date('2026-11-24T00:59:00Z'))).toBe(false);
    expect(isWithinQueueHours(hours, new Date('2026-11-24T01:00:00Z'))).toBe(true);
    expect(isWithinQueueHours(hours, new Date('2026-11-24T09:00:59Z'))).toBe(true);
    expect(isWithinQueueHours(hours, new Date('2026-11-24T09:01:00Z'))).toBe(false);
    expect(isWithinQueueHours({ strtime: '9点', endtime: '17:00' }, new Date('2026-11-24T03:00:00Z'))).toBe(false);
  });
  it('names a valid order by where it is at the counter', () => {
    expect(['waiting', 'called', 'skipped', 'done'].map((callState) => queueOrderStateName(1, callState))).toEqual(['待办理', '已叫号', '已过号', '已办结']);
    expect(queueOrderStateName(2, 'waiting')).toBe('已取消');
  });
});
