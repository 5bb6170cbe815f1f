import { describe, expect, it } from 'vitest';
import { DEFAULT_SLOT_SETTINGS, capacityBelowBookingsMessage, isOpenDay, isoWeekday, normaliseWeekdays, slotNameProblem, slotsOfDay } from './appointment-settings';
import { calendarDayKind } from './counter-booking';

describe('appointment settings', () => {
  it('reads ISO weekdays', () => {
    expect(isoWeekday('2026-11-23')).toBe('1'); // Monday
    expect(isoWeekday('2026-11-29')).toBe('7'); // Sunday
  });

  it('opens a day as the working weekdays say, the fixed public holidays closed, a special day deciding', () => {
    expect(isOpenDay('2026-11-23', '12345', undefined)).toBe(true);
    expect(isOpenDay('2026-11-28', '12345', undefined)).toBe(false); // Saturday
    expect(isOpenDay('2026-11-28', '12345', 'workday')).toBe(true); // 调休
    expect(isOpenDay('2026-11-23', '12345', 'holiday')).toBe(false);
    expect(isOpenDay('2026-10-01', '12345', undefined)).toBe(false);
    expect(isOpenDay('2026-11-27', '1234', undefined)).toBe(false); // Friday dropped
  });

  it('keeps the old calendar when nothing was set: the same open days, Fridays morning only', () => {
    for (const date of ['2026-11-23', '2026-11-27', '2026-11-28', '2026-10-01', '2027-05-03']) {
      expect(isOpenDay(date, '12345', undefined)).toBe(calendarDayKind(date).holiday === 0);
    }
    expect(slotsOfDay(DEFAULT_SLOT_SETTINGS, '2026-11-27', false).map((slot) => slot.timeName)).toEqual(['09:00-10:00', '10:00-11:00', '11:00-12:00']);
    expect(slotsOfDay(DEFAULT_SLOT_SETTINGS, '2026-11-23', false)).toHaveLength(6);
    expect(slotsOfDay(DEFAULT_SLOT_SETTINGS, '2026-11-28', true)).toHaveLength(6); // a make-up Saturday offers every slot
    expect(DEFAULT_SLOT_SETTINGS.map((slot) => slot.maxNum)).toEqual([10, 10, 10, 6, 6, 6]);
  });

  it('normalises weekday digits and refuses anything else', () => {
    expect(normaliseWeekdays('5,1 3，1')).toBe('135');
    expect(normaliseWeekdays('')).toBeNull();
    expect(normaliseWeekdays('18')).toBeNull();
  });

  it('checks a slot name in words', () => {
    expect(slotNameProblem('09:00-10:00')).toBeNull();
    expect(slotNameProblem('上午')).toBeNull();
    expect(slotNameProblem(' ')).toContain('请填写时段名称');
    expect(slotNameProblem('10:00-09:00')).toContain('开始时间应早于结束时间');
  });

  it('words a capacity below the bookings with the count', () => {
    expect(capacityBelowBookingsMessage('2026-11-26', '09:00-10:00', 3)).toBe('2026-11-26 09:00-10:00：该时段已有3人预约，容量不能少于3');
  });
});
