/**
 * Cancelling or moving a booking of either booking page (在线预约 and 窗口预约). The specification shows
 * only the queue module's cancellation (part 3 §2.6, cancelyuyuetime); the hall lets the citizen undo
 * or move the other two the same way, until a deadline before the booked slot begins.
 */

/** Hours before a slot begins after which it can no longer be cancelled or moved (the hall's default). */
export const DEFAULT_BOOKING_CHANGE_HOURS = 2;

/** The confirmation before a booking is cancelled. */
export const BOOKING_CANCEL_CONFIRM = '确定要取消该预约吗？取消后名额将释放给其他市民。';
/** The confirmation before a booking is moved to another slot. */
export const bookingMoveConfirm = (time: string) => `确定将预约改到 ${time} 吗？原预约时段的名额将被释放。`;
export const BOOKING_CANCELLED = '预约已取消';
export const BOOKING_MOVED = '改约成功';
/** The deadline has passed: the citizen is told what is left to do. */
export const bookingChangeClosed = (hours: number) => `预约时段开始前${hours}小时内不能取消或改约，如需调整请联系办理大厅`;
/** The move names the slot the booking already holds. */
export const SAME_SLOT = '该时段即为您当前的预约，请选择其他时段';
/** The counter has already recorded the booking's visit. */
export const BOOKING_ALREADY_ATTENDED = '该预约已在窗口登记，不能取消或改约';

const SHANGHAI_OFFSET = '+08:00';

/**
 * When a slot begins: its date and the start of its name ('09:00-10:00' begins at 09:00), in the
 * hall's time (Asia/Shanghai). A name without a time begins at the start of the day.
 */
export function slotStart(date: string, timeName: string): Date {
  const match = /^(\d{1,2}):(\d{2})/.exec(timeName.trim());
  const time = match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : '00:00';
  return new Date(`${date.slice(0, 10)}T${time}:00${SHANGHAI_OFFSET}`);
}

/** The last moment a booking of the slot may be cancelled or moved. */
export function bookingChangeDeadline(date: string, timeName: string, hours: number): Date {
  return new Date(slotStart(date, timeName).getTime() - hours * 3_600_000);
}

/** Whether a booking of the slot may still be cancelled or moved at `now`. */
export function bookingChangeable(date: string, timeName: string, hours: number, now: Date): boolean {
  return now.getTime() <= bookingChangeDeadline(date, timeName, hours).getTime();
}
