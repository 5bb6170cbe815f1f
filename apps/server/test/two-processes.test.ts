import { QUEUE_MESSAGES } from '@hall/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type HallApp } from '../src/app';
import { connectDatabase, type DatabaseConnection } from '../src/db/client';
import { appointmentCalendars, appointmentSlots, counterBookings, queueOrders } from '../src/db/schema';
import { createContext } from '../src/hall';
import { extendAppointmentCalendars } from '../src/services/appointments/settings/calendar-extension';
import { createTestHall, type TestHall } from './hall';

/**
 * Two server processes on one database, as behind a load balancer (docs/deploy.md): each app here
 * has its own pool and its own LISTEN connection, and requests go to both at once. The firm rate
 * limits across processes are tested in rate-limits.test.ts, queue calls in queue-calling.test.ts,
 * public menus in content-console/home.test.ts.
 */
let hall: TestHall;
let connection: DatabaseConnection;
let second: HallApp;
beforeAll(async () => {
  hall = await createTestHall();
  connection = connectDatabase(hall.databaseUrl, 5);
  second = await buildApp(await createContext({ env: hall.env, db: connection.db, pool: connection.pool, filesDir: hall.filesDir }));
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await connection.close();
  await hall.close();
});

const servers = () => [hall.app, second];

async function post(app: HallApp, url: string, payload: object, cookie?: string) {
  const response = await app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  return { status: response.statusCode, body: response.json() as { state?: number; stat?: number; msg?: string; data?: Record<string, unknown> } };
}

describe('two server processes on one database', () => {
  it('book the last 5 places of a slot from both at once: exactly 5 bookings, none over', async () => {
    const days = ((await post(hall.app, '/online/wx/appoint/getCalendar', {}, await hall.quickCitizen('two-calendar'))).body.data as unknown as { calendarId: string; holiday: number }[]).filter(
      (day) => day.holiday === 0,
    );
    const day = days[12]!;
    const [slot] = await hall.connection.db
      .select()
      .from(appointmentSlots)
      .where(eq(appointmentSlots.calendarId, Number(day.calendarId)));
    await hall.connection.db.update(appointmentSlots).set({ maxNum: 20, countNum: 15 }).where(eq(appointmentSlots.id, slot!.id));
    const cookies = await Promise.all(Array.from({ length: 60 }, (_, index) => hall.quickCitizen(`two-booking-${index}`)));
    const results = await Promise.all(cookies.map((cookie, index) => post(servers()[index % 2]!, '/online/wx/appoint/addApmCount', { calendarId: day.calendarId, countId: String(slot!.id) }, cookie)));
    const booked = results.map((result, index) => ({ ...result, server: index % 2 })).filter((result) => result.body.state === 1);
    expect(booked).toHaveLength(5);
    for (const refused of results.filter((result) => result.body.state !== 1)) expect(refused).toMatchObject({ status: 409, body: { msg: '该时间段预约已满，请选择其他时间段！' } });
    const [after] = await hall.connection.db.select().from(appointmentSlots).where(eq(appointmentSlots.id, slot!.id));
    expect(after).toMatchObject({ countNum: 20, maxNum: 20 });
    const [rows] = await hall.connection.db.select({ n: count() }).from(counterBookings).where(eq(counterBookings.slotId, slot!.id));
    expect(rows!.n).toBe(5);
  }, 60_000);

  it('a session made on one works on the other, and signing out on one ends it on the other at once', async () => {
    const cookie = await hall.login('two-session');
    for (const app of servers()) expect((await post(app, '/online/wx/apilist/getSuggeList', {}, cookie)).status).toBe(200);
    const out = await second.inject({ method: 'GET', url: '/logout', headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(out.statusCode).toBe(302);
    for (const app of servers()) expect((await post(app, '/online/wx/apilist/getSuggeList', {}, cookie)).body).toMatchObject({ status: -1 });
  });

  it('a console session made on one works on the other; signing out on the other ends it on both', async () => {
    const cookie = await hall.operator('reviewer');
    for (const app of servers()) expect((await post(app, '/online/wx/apilist/getReviewList', {}, cookie)).status).toBe(200);
    expect((await post(second, '/online/admin/api/signOut', {}, cookie)).status).toBe(200);
    for (const app of servers()) expect((await post(app, '/online/wx/apilist/getReviewList', {}, cookie)).status).toBe(401);
  });

  it('queue numbers taken on both at once for a time of 10: exactly 10, each number once, in one series', async () => {
    const days = (await post(hall.app, '/callnum/api/makeanapp/resdate', { comID: 'qc-130400' })).body.data as unknown as { date: string; holiday: number }[];
    const day = days.slice(1).find((item) => item.holiday === 0)!.date;
    const cookies = await Promise.all(Array.from({ length: 40 }, (_, index) => hall.quickCitizen(`two-queue-${index}`)));
    const fields = { name: '张三', phone: '13812341234', remark: '', queueid: 'qc-130400-a', resDay: day, resTime: '15:00-16:00' };
    const replies = await Promise.all(cookies.map((cookie, index) => post(servers()[index % 2]!, '/callnum/api/order/add', fields, cookie)));
    const won = replies.filter((reply) => reply.body.stat === 1);
    expect(won).toHaveLength(10);
    for (const lost of replies.filter((reply) => reply.body.stat !== 1)) expect(lost).toEqual({ status: 409, body: { stat: 0, msg: QUEUE_MESSAGES.timeFull } });
    const numbers = won.map((reply) => String(reply.body.data!.number));
    expect(new Set(numbers).size).toBe(10);
    // Numbers are one series per group and day, whichever process handed them out (A001 …).
    const orders = await hall.connection.db
      .select()
      .from(queueOrders)
      .where(and(eq(queueOrders.groupId, 'qc-130400-a'), eq(queueOrders.resDay, day)));
    expect(orders.map((order) => order.number).sort()).toEqual(numbers.sort());
  });

  it('the calendar job run by both at once adds each day once, as one process would', async () => {
    const ahead = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);
    const before = await hall.connection.db.select({ n: count() }).from(appointmentCalendars);
    const [a, b] = await Promise.all([extendAppointmentCalendars(hall.connection.db, ahead), extendAppointmentCalendars(connection.db, ahead)]);
    const after = await hall.connection.db.select({ n: count() }).from(appointmentCalendars);
    expect(a.days + b.days).toBeGreaterThan(0);
    expect(after[0]!.n - before[0]!.n).toBe(a.days + b.days);
    const again = await extendAppointmentCalendars(connection.db, ahead);
    expect(again).toMatchObject({ days: 0, slots: 0 });
    const duplicates = await hall.connection.db
      .select({ areaId: appointmentCalendars.areaId, date: appointmentCalendars.calendarDate, n: count() })
      .from(appointmentCalendars)
      .groupBy(appointmentCalendars.areaId, appointmentCalendars.calendarDate);
    expect(duplicates.filter((row) => row.n > 1)).toEqual([]);
  });
});
