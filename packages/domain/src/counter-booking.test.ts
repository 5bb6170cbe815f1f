import { describe, expect, it } from 'vitest';
import { calendarDayKind, counterBookingTime, NO_COUNTER_BOOKINGS } from './counter-booking';

describe('counter booking', () => {
  it('closes weekends and fixed public holidays, opens Fridays in the morning only', () => {
    expect(calendarDayKind('2026-11-23')).toEqual({ timeClass: '1', holiday: 0 }); // Monday
    expect(calendarDayKind('2026-11-27')).toEqual({ timeClass: '2', holiday: 0 }); // Friday
    expect(calendarDayKind('2026-11-28').holiday).toBe(1); // Saturday
    expect(calendarDayKind('2026-11-29').holiday).toBe(1); // Sunday
    expect(calendarDayKind('2026-10-01').holiday).toBe(1); // Thursday, National Day
    expect(calendarDayKind('2027-05-03').holiday).toBe(1); // Monday, Labour Day
  });

  it('records the booking time as the date and the slot', () => {
    expect(counterBookingTime('2026-11-24', '09:00-10:00')).toBe('2026-11-24 09:00-10:00');
  });

  it('says so when the citizen has no booking', () => {
    expect(NO_COUNTER_BOOKINGS).toBe('当前用户暂无预约记录！');
  });
});
