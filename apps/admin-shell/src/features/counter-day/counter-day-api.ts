import { errcodeOk, replyMessage, type COUNTER_DAY_SORTS, type COUNTER_DAY_STATES, type CounterDay, type DayBooking } from '@hall/api/browser';
import { LOAD_FAILED_TRY_LATER } from '@hall/app';
import { api } from '../../lib/hall';
import { listAskOf, type TableState } from '../../lib/table-state';

/** A site's bookings of a date. Throws the server's message. */
export async function loadDay(areaId: string | undefined, date: string | undefined): Promise<CounterDay> {
  const reply = await api.getCounterDay({ areaId, date });
  if (!errcodeOk(reply) || !reply.data) throw new Error(replyMessage(reply, LOAD_FAILED_TRY_LATER));
  return reply.data;
}

export type CounterDayState = (typeof COUNTER_DAY_STATES)[number];

/** A page of a site's bookings of a date for the desktop's table, in the column's order, of one state or all. Throws the server's message. */
export async function loadDayPage(areaId: string | undefined, date: string, table: TableState, state: CounterDayState | undefined): Promise<CounterDay> {
  const reply = await api.getCounterDay({ areaId, date, state, ...listAskOf<(typeof COUNTER_DAY_SORTS)[number]>(table) });
  if (!errcodeOk(reply) || !reply.data) throw new Error(replyMessage(reply, LOAD_FAILED_TRY_LATER));
  return reply.data;
}

/** 到场 or 未到; answers the booking as recorded, or the server's message (already recorded, too early …). */
export async function mark(booking: DayBooking, state: 'arrived' | 'no_show'): Promise<{ booking: DayBooking } | { problem: string }> {
  const reply = await api.markCounterAttendance({ kind: booking.kind, id: booking.id, state });
  return errcodeOk(reply) && reply.data ? { booking: reply.data } : { problem: replyMessage(reply, '登记失败，请稍后重试') };
}
