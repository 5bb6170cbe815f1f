import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTER_DAY_STATE_INVALID, LIST_ORDER_INVALID, LIST_PAGE_SIZE_INVALID, LIST_SORT_INVALID, contract, type CounterDay } from '@hall/api/internal';
import { appointmentAttendance, counterBookings } from '../../../src/db/schema';
import { testHallForFile } from '../../hall';
import { callHall } from '../../call';
import { auditedChanges } from '../../rows';
import { AREA, book, openDays } from '../settings/booking-helpers';

/** 今日预约 as a table: pages of a chosen size, sorted by a column, filtered by state, the whole day as before when no page is asked. */

const hall = testHallForFile();
const TIMES = ['09:00-10:00', '10:00-11:00', '11:00-12:00', '14:00-15:00', '15:00-16:00'];
let counter: string;
let date: string;
beforeAll(async () => {
  counter = await hall.operator('counter');
  const [day] = await openDays(hall);
  date = day!.calendarDate;
  // 25 bookings, five to a slot, named 客户01 … 客户25 in reverse of their slot order so that names and times sort differently.
  for (let index = 0; index < 25; index++) {
    const number = String(25 - index).padStart(2, '0');
    await book(hall, day!, TIMES[Math.floor(index / 5)]!, { openid: `day-table-${number}`, name: `客户${number}`, phone: `1380000${String(index).padStart(4, '0')}` });
  }
  // Every fifth arrives: 客户25, 客户20, 客户15, 客户10, 客户05.
  const bookings = await hall.connection.db.select().from(counterBookings);
  for (const booking of bookings.filter((row) => Number(row.name.slice(2)) % 5 === 0)) {
    const { status } = await callHall(hall, contract.markCounterAttendance, { kind: 'counter', id: String(booking.id), state: 'arrived' }, counter);
    expect(status).toBe(200);
  }
});

const day = async (payload: Record<string, unknown>): Promise<CounterDay> => {
  const { status, body } = await callHall(hall, contract.getCounterDay, { areaId: AREA, date, ...payload }, counter);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as CounterDay;
};
const names = (data: CounterDay) => data.bookings.map((booking) => booking.name);

describe("the counter's day as a table", () => {
  it('answers the whole day by slot when no page is asked, as before', async () => {
    const whole = await day({});
    expect(whole).toMatchObject({ total: 25, pageSize: 25 });
    expect(whole.bookings).toHaveLength(25);
    expect(whole.bookings.map((booking) => booking.timeName)).toEqual(TIMES.flatMap((time) => Array(5).fill(time)));
  });

  it('pages by the chosen size, each booking once', async () => {
    const first = await day({ page: 1, sort: 'name' });
    const second = await day({ page: 2, sort: 'name' });
    expect(first).toMatchObject({ total: 25, pageSize: 20 });
    expect(first.bookings).toHaveLength(20);
    expect([...names(first), ...names(second)]).toEqual(Array.from({ length: 25 }, (_, index) => `客户${String(index + 1).padStart(2, '0')}`));
    expect((await day({ page: 1, pageSize: 50 })).bookings).toHaveLength(25);
  });

  it('sorts by name either way, and by state with those still to come first', async () => {
    expect(names(await day({ page: 1, sort: 'name', order: 'desc' })).slice(0, 3)).toEqual(['客户25', '客户24', '客户23']);
    const byState = await day({ page: 1, pageSize: 50, sort: 'state', order: 'desc' });
    expect(names(byState).slice(0, 5).sort()).toEqual(['客户05', '客户10', '客户15', '客户20', '客户25']);
    expect(byState.bookings.slice(5).every((booking) => booking.state === '')).toBe(true);
  });

  it('filters by state, counting what matches', async () => {
    const arrived = await day({ page: 1, state: 'arrived', sort: 'name' });
    expect(arrived.total).toBe(5);
    expect(names(arrived)).toEqual(['客户05', '客户10', '客户15', '客户20', '客户25']);
    const waiting = await day({ page: 1, state: 'waiting' });
    expect(waiting.total).toBe(20);
    expect(waiting.bookings.every((booking) => booking.state === '')).toBe(true);
    expect((await day({ page: 1, state: 'no_show' })).total).toBe(0);
  });

  it('refuses a bad page size, order, column or state with a Chinese message, and changes nothing', async () => {
    const before = await auditedChanges(hall);
    const attendance = await hall.connection.db.select().from(appointmentAttendance);
    for (const [payload, message] of [
      [{ page: 1, pageSize: 1000 }, LIST_PAGE_SIZE_INVALID],
      [{ page: 1, order: 'up' }, LIST_ORDER_INVALID],
      [{ page: 1, sort: 'maskedPhone' }, LIST_SORT_INVALID],
      [{ page: 1, state: 'gone' }, COUNTER_DAY_STATE_INVALID],
    ] as const) {
      const { status, body } = await hall.post('/online/admin/api/counter-day/get', { areaId: AREA, date, ...payload }, counter);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.errmsg).toBe(message);
    }
    expect(await auditedChanges(hall)).toBe(before);
    expect(await hall.connection.db.select().from(appointmentAttendance)).toEqual(attendance);
  });
});
