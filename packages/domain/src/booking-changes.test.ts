import { describe, expect, it } from 'vitest';
import { bookingChangeDeadline, bookingChangeable, slotStart } from './booking-changes';

describe('booking changes', () => {
  it('a slot begins at the start of its name, in the hall’s time', () => {
    expect(slotStart('2026-03-02', '09:00-10:00').toISOString()).toBe('2026-03-02T01:00:00.000Z');
    expect(slotStart('2026-03-02', '9:30-10:00').toISOString()).toBe('2026-03-02T01:30:00.000Z');
  });

  it('the deadline is the setting’s hours before the slot begins, and holds up to that moment', () => {
    expect(bookingChangeDeadline('2026-03-02', '14:00-15:00', 2).toISOString()).toBe('2026-03-02T04:00:00.000Z');
    expect(bookingChangeable('2026-03-02', '14:00-15:00', 2, new Date('2026-03-02T04:00:00.000Z'))).toBe(true);
    expect(bookingChangeable('2026-03-02', '14:00-15:00', 2, new Date('2026-03-02T04:00:01.000Z'))).toBe(false);
  });
});
