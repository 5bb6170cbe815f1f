import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKING_WEEKDAYS, isOpenDay } from './appointment-settings';
import { addWorkingDays, isLowRating, ratingGradeLabel } from './ratings';

const open = (date: string) => isOpenDay(date, DEFAULT_WORKING_WEEKDAYS, undefined);

describe('addWorkingDays (the follow-up deadline)', () => {
  it.each<[string, number, string]>([
    ['2026-12-07', 5, '2026-12-14'], // Monday → next Monday
    ['2026-12-04', 1, '2026-12-07'], // Friday → Monday
    ['2026-12-30', 2, '2027-01-04'], // 1 January closed, then the weekend
    ['2026-09-30', 1, '2026-10-08'], // the National Day week closed
  ])('%s + %d → %s', (from, days, due) => expect(addWorkingDays(from, days, open)).toBe(due));
});

describe('grades', () => {
  it('names the five grades and marks the two lowest', () => {
    expect([5, 4, 3, 2, 1].map(ratingGradeLabel)).toEqual(['非常满意', '满意', '基本满意', '不满意', '非常不满意']);
    expect([5, 4, 3, 2, 1].map(isLowRating)).toEqual([false, false, false, true, true]);
  });
});
