import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingSuccessMessage, calendarDate, formatBookingDate, isSlotBookable, isSlotFull, remainingSlots, WEEKDAY_NAMES, weekdayName, withWeekdays } from './booking';

describe('slot capacity', () => {
  it.each([
    // maxNum, countNum, remaining, full, bookable without / with a booking that date
    [10, 0, 10, false, true, false],
    [10, 3, 7, false, true, false],
    [10, 9, 1, false, true, false],
    [10, 10, 0, true, false, false],
    [10, 12, 0, true, false, false],
    [0, 0, 0, true, false, false],
  ])('max %i, booked %i → %i left, full %s, bookable %s / %s', (maxNum, countNum, remaining, full, bookableFree, bookableBooked) => {
    const slot = { maxNum, countNum };
    expect(remainingSlots(slot)).toBe(remaining);
    expect(isSlotFull(slot)).toBe(full);
    expect(isSlotBookable(slot, false)).toBe(bookableFree);
    expect(isSlotBookable(slot, true)).toBe(bookableBooked);
  });

  it('remaining is maxNum − countNum while the slot is not overbooked; bookable exactly when countNum < maxNum and no booking', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(500), fc.boolean(), (maxNum, countNum, booked) => {
        const slot = { maxNum, countNum };
        if (countNum <= maxNum) expect(remainingSlots(slot)).toBe(maxNum - countNum);
        expect(isSlotBookable(slot, booked)).toBe(countNum < maxNum && !booked);
      }),
    );
  });
});

describe('bookingSuccessMessage', () => {
  const booking = { caseNumber: 'SL202405060001', date: '2024-05-06', timeName: '09:00-10:00' };

  it.each([
    ['140200', '预约申请已提交，您的预约单号为SL202405060001请如期办理'],
    [' 140200 ', '预约申请已提交，您的预约单号为SL202405060001请如期办理'],
    ['659000', '您申请的业务SL202405060001已预约成功，预约时间为2024-05-06 09:00-10:00,稍后我们将以手机短信通知'],
    ['', '您申请的业务SL202405060001已预约成功，预约时间为2024-05-06 09:00-10:00,稍后我们将以手机短信通知'],
    [undefined, '您申请的业务SL202405060001已预约成功，预约时间为2024-05-06 09:00-10:00,稍后我们将以手机短信通知'],
  ])('district %s → %s', (xzqdm, message) => {
    expect(bookingSuccessMessage({ ...booking, xzqdm })).toBe(message);
  });
});

describe('dates of the booking screens', () => {
  it.each([
    ['2024-05-06 00:00:00', '2024-05-06'],
    ['2024-05-06', '2024-05-06'],
    ['', ''],
  ])('calendar %j → %j', (calendar, expected) => expect(calendarDate(calendar)).toBe(expected));

  it.each<[string | number | Date, string]>([
    ['2024-05-06 10:30:00', '2024-05-06'],
    ['2024-5-6', '2024-05-06'],
    ['2024/05/06', '2024-05-06'],
    ['2024.5.6', '2024-05-06'],
    ['2024年5月6日', '2024-05-06'],
    [new Date(2024, 4, 6, 23, 59), '2024-05-06'],
    [new Date(2024, 11, 31).getTime(), '2024-12-31'],
    [' unknown ', 'unknown'],
    [Number.NaN, ''],
  ])('booking time %j → %j', (value, expected) => expect(formatBookingDate(value)).toBe(expected));

  it('names weekdays 星期日 to 星期六 in Date#getDay order', () => {
    expect(WEEKDAY_NAMES).toEqual(['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六']);
  });

  it.each([
    ['2024-05-06', '星期一'],
    ['2024-05-07', '星期二'],
    ['2024-05-08', '星期三'],
    ['2024-05-09', '星期四'],
    ['2024-05-10', '星期五'],
    ['2024-05-11', '星期六'],
    ['2024-05-12', '星期日'],
    ['2024-02-29 00:00:00', '星期四'],
    ['2023-02-29', undefined],
    ['not a date', undefined],
  ])('%s is %s', (date, expected) => expect(weekdayName(date)).toBe(expected));

  it('gives the date list its weekdays', () => {
    expect(withWeekdays(['2024-05-06 00:00:00', '2024-5-7'])).toEqual([
      { date: '2024-05-06', weekday: '星期一' },
      { date: '2024-05-07', weekday: '星期二' },
    ]);
  });
});
