import { bookingChangeDeadline, bookingChangeable } from '@hall/domain';
import { formatShanghaiDateTime } from '../../../lib/shanghai-time';

/** The hall's rule for changing a booking: HALL_BOOKING_CHANGE_HOURS before its slot, at a moment (now unless a test says). */
export interface ChangeRule {
  hours: number;
  now?: Date;
}

/** What the lists show of a booking: until when it may be cancelled or moved (YYYY-MM-DD HH:mm) and whether that is still ahead. */
export function changeTerms(date: string, timeName: string, rule: ChangeRule): { changeable: boolean; changeDeadline: string } {
  return {
    changeable: bookingChangeable(date, timeName, rule.hours, rule.now ?? new Date()),
    changeDeadline: formatShanghaiDateTime(bookingChangeDeadline(date, timeName, rule.hours)).slice(0, 16),
  };
}
