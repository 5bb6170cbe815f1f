import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { CounterDay, DayBooking } from '@hall/api';
import { appointmentAttendance, auditTrail, operatorAccounts } from '../../../src/db/schema';
import { NOT_YOUR_SITE } from '../../../src/services/operators/operator-sites';
import { testHallForFile } from '../../hall';
import { AREA, book, openDays } from '../settings/booking-helpers';
import { callHall } from '../../call';
import { contract } from '@hall/api/internal';

const GET = '/online/admin/api/counter-day/get';
const MARK = '/online/admin/api/counter-day/mark';

const hall = testHallForFile();
let counter: string;
beforeAll(async () => {
  counter = await hall.operator('counter');
});

const audits = async () => hall.connection.db.select().from(auditTrail).where(like(auditTrail.action, 'counterDay.%'));

describe("the counter's day", () => {
  it('lists the bookings of a site and date by slot, with name, business, number and state', async () => {
    const [day] = await openDays(hall);
    const late = await book(hall, day!, '15:00-16:00', { openid: 'day-2', name: '王五', phone: '13700001111' });
    const early = await book(hall, day!, '09:00-10:00', { openid: 'day-1', name: '李四', phone: '13600002222' });
    const { status, body } = await callHall(hall, contract.getCounterDay, { areaId: AREA, date: day!.calendarDate }, counter);
    expect(status).toBe(200);
    const data = body.data as CounterDay;
    expect(data).toMatchObject({ areaId: AREA, date: day!.calendarDate, holiday: 0 });
    expect(data.bookings.map((booking) => [booking.timeName, booking.name])).toEqual([
      ['09:00-10:00', '李四'],
      ['15:00-16:00', '王五'],
    ]);
    expect(data.bookings[0]).toMatchObject({ kind: 'counter', id: String(early.id), processName: '一般登记窗口', maskedPhone: '136****2222', bookingNumber: `CB${early.id}`, state: '' });
    expect(String(late.id)).toBe(data.bookings[1]!.id);
    expect((await callHall(hall, contract.getCounterDay, { areaId: 'nowhere' }, counter)).status).toBe(404);
    const badDate = await callHall(hall, contract.getCounterDay, { areaId: AREA, date: '2026-02-30' }, counter);
    expect(badDate.status).toBe(400);
    expect(badDate.body.errmsg).toBe('日期不正确，请重新选择');
  });

  it('records 到场 once, audited; a second record is refused with the first, and nothing changes', async () => {
    const [day] = await openDays(hall);
    const booking = await book(hall, day!, '10:00-11:00', { openid: 'day-3', name: '周七', phone: '13500003333' });
    const first = await callHall(hall, contract.markCounterAttendance, { kind: 'counter', id: String(booking.id), state: 'arrived' }, counter);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // The mark names the person (the demo 窗口人员 张窗口), in the answer, the day's list and a refusal; the trail keeps the account.
    expect(first.body.data as DayBooking).toMatchObject({ state: 'arrived', recordedBy: '张窗口' });
    const day2 = await callHall(hall, contract.getCounterDay, { areaId: AREA, date: day!.calendarDate }, counter);
    expect((day2.body.data as CounterDay).bookings.find((row) => row.id === String(booking.id))).toMatchObject({ state: 'arrived', recordedBy: '张窗口' });
    const before = (await audits()).length;
    for (const state of ['arrived', 'no_show']) {
      const again = await hall.post(MARK, { kind: 'counter', id: String(booking.id), state }, counter);
      expect(again.status).toBe(409);
      expect(again.body.errmsg).toMatch(/^该预约已登记为“已到场”（张窗口，\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}），不能重复登记$/);
    }
    expect((await audits()).length).toBe(before);
    const [entry] = (await audits()).slice(-1);
    expect(entry).toMatchObject({
      action: 'counterDay.arrived',
      operatorName: 'counter',
      target: `counterBooking:${booking.id}`,
      before: { attendance: 'waiting' },
      after: { attendance: 'arrived', name: '周*' },
    });
  });

  it('refuses 未到 before the booked day, in words, and an unknown booking', async () => {
    const [day] = await openDays(hall);
    const booking = await book(hall, day!, '11:00-12:00', { openid: 'day-4', name: '吴八', phone: '13400004444' });
    const early = await callHall(hall, contract.markCounterAttendance, { kind: 'counter', id: String(booking.id), state: 'no_show' }, counter);
    expect(early.status).toBe(400);
    expect(early.body.errmsg).toBe(`该预约在${day!.calendarDate}，当天或之后才能登记未到`);
    expect((await callHall(hall, contract.markCounterAttendance, { kind: 'order', id: String(booking.id), state: 'arrived' }, counter)).status).toBe(404);
  });

  it('two operators checking in the same booking at once: one record, one audit entry, the other refused', async () => {
    const [day] = await openDays(hall);
    const booking = await book(hall, day!, '14:00-15:00', { openid: 'day-5', name: '郑九', phone: '13300005555' });
    const second = await hall.quickOperator('second-counter', ['counter']);
    const before = (await audits()).length;
    const answers = await Promise.all([counter, second].map((cookie) => callHall(hall, contract.markCounterAttendance, { kind: 'counter', id: String(booking.id), state: 'arrived' }, cookie)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await audits()).length).toBe(before + 1);
  });

  it('refuses the admin role (403) and a citizen (401) directly', async () => {
    const admin = await hall.operator('admin');
    const citizen = await hall.quickCitizen('counter-day-citizen');
    for (const [path, payload] of [
      [GET, {}],
      [MARK, { kind: 'counter', id: '1', state: 'arrived' }],
    ] as const) {
      expect((await hall.post(path, payload, admin)).status, path).toBe(403);
      expect((await hall.post(path, payload, citizen)).status, path).toBe(401);
    }
  });

  it('refuses a counter of another site 到场 and 未到 of this site’s booking by any spelling of its id, names nobody, and records nothing', async () => {
    const otherSite = await hall.quickOperator('other-site-counter', ['counter']);
    await hall.connection.db
      .update(operatorAccounts)
      .set({ sites: ['ap-140200-1'] })
      .where(eq(operatorAccounts.username, 'other-site-counter'));
    const [day] = await openDays(hall);
    const booking = await book(hall, day!, '16:00-17:00', { openid: 'day-6', name: '钱十', phone: '13200006666' });
    const id = String(booking.id);
    const fullWidth = (text: string) => text.replace(/[0-9]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) + 0xfee0));
    const before = (await audits()).length;
    for (const spelling of [id, booking.id, ` ${id}`, `${id} `, `0${id}`, fullWidth(id), `\u3000${fullWidth(`00${id}`)}`]) {
      for (const state of ['arrived', 'no_show']) {
        const answer = await hall.post(MARK, { kind: 'counter', id: spelling, state }, otherSite);
        expect(answer, `${state} ${JSON.stringify(spelling)}`).toMatchObject({ status: 403, body: { errmsg: NOT_YOUR_SITE } });
        expect(JSON.stringify(answer.body)).not.toContain('钱十');
      }
    }
    const recorded = await hall.connection.db
      .select()
      .from(appointmentAttendance)
      .where(and(eq(appointmentAttendance.bookingKind, 'counter'), eq(appointmentAttendance.bookingId, booking.id)));
    expect(recorded).toEqual([]);
    expect((await audits()).length).toBe(before);
    // The site’s own counter (tied to no site: every site) names the same booking by a padded, full-width id.
    expect((await callHall(hall, contract.markCounterAttendance, { kind: 'counter', id: ` ${fullWidth(`0${id}`)}`, state: 'arrived' }, counter)).body.data).toMatchObject({ id, state: 'arrived' });
  });

  it('names a site by its id however it is spelled: the day of the site for its counter, and nothing of it for another site’s', async () => {
    const mine = await hall.quickOperator('own-site-counter', ['counter']);
    await hall.connection.db
      .update(operatorAccounts)
      .set({ sites: [AREA] })
      .where(eq(operatorAccounts.username, 'own-site-counter'));
    const otherSite = await hall.quickOperator('far-site-counter', ['counter']);
    await hall.connection.db
      .update(operatorAccounts)
      .set({ sites: ['ap-140200-1'] })
      .where(eq(operatorAccounts.username, 'far-site-counter'));
    for (const spelling of [` ${AREA}`, `${AREA} `, `\u3000${AREA}`]) {
      expect(((await callHall(hall, contract.getCounterDay, { areaId: spelling }, mine)).body.data as CounterDay).areaId, spelling).toBe(AREA);
      expect((await callHall(hall, contract.getCounterDay, { areaId: spelling }, otherSite)).status, spelling).toBe(404);
    }
  });
});
