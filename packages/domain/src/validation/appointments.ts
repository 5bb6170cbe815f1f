/** Appointments and their time slots (spec part 3 §4, §5). */
import { isSlotFull, type SlotCapacity } from '../booking';
import { VALIDATION_MESSAGES as M } from './messages';
import { firstBlank, type Text } from './inputs';

export interface AppointmentInput {
  /** area: the location */
  area?: Text;
  /** process: the business */
  process?: Text;
  /** calendar: the date */
  calendar?: Text;
  /** time: the slot */
  time?: Text;
}

/** Appointment submit (part 3 §5), in this order: location, business, date, time. */
export function validateAppointment(input: AppointmentInput): string | null {
  return firstBlank(input, { area: M.appointmentArea, process: M.appointmentProcess, calendar: M.appointmentDate, time: M.appointmentTime });
}

/** Slot check (part 3 §4, §5): a full slot first, then an existing booking that date; null when bookable. */
export function slotBookingMessage(slot: SlotCapacity, userHasBookingThatDate: boolean): string | null {
  if (isSlotFull(slot)) return M.slotFull;
  if (userHasBookingThatDate) return M.alreadyBooked;
  return null;
}
