import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { extendAppointmentCalendars } from '../src/services/appointments/settings/calendar-extension';
import { testHallForFile } from './hall';

/**
 * A transaction is one connection, and a connection runs one statement at a time: pg queues a second
 * statement sent before the first has answered, warns at start ("Calling client.query() when the client
 * is already executing a query") and pg 9 will refuse it. Every statement sent to a connection that is
 * still busy is caught here, with the statement.
 */
const overlapping: string[] = [];
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client & { _queryQueue: unknown[]; activeQuery?: unknown }, ...args: unknown[]) {
  if (this._queryQueue.length > 0) overlapping.push(String((args[0] as { text?: string })?.text ?? args[0]).slice(0, 120));
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;
afterAll(() => {
  pg.Client.prototype.query = query;
});

const hall = testHallForFile({ HALL_QUERY_POLL_MS: 0 });

describe('one statement at a time on a connection', () => {
  it('starting the hall and extending the appointment calendar in its transaction send no statement to a busy connection', async () => {
    await hall.connection.db.execute('select 1');
    const result = await extendAppointmentCalendars(hall.connection.db, new Date(Date.now() + 40 * 24 * 60 * 60 * 1000));
    expect(result.ran).toBe(true);
    expect(overlapping).toEqual([]);
  });
});
