import type { HallStatisticsReport } from '@hall/api';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  appointmentAreas,
  appointmentAttendance,
  appointmentCalendars,
  appointmentOrders,
  appointmentSlots,
  businesses,
  counterBookings,
  feedback,
  notificationDeliveries,
  notifications,
  queryRecords,
  queueGroups,
  queueOrders,
} from '../../src/db/schema';
import { formatShanghaiDate } from '../../src/lib/shanghai-time';
import { startApplication, verifiedCitizen } from '../application-helpers';
import { createTestHall, testHallForFile } from '../hall';
import { callHall } from '../call';
import { contract } from '@hall/api';

const REPORT = '/online/admin/api/statistics/report';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const hall = testHallForFile({ HALL_QUERY_POLL_MS: 0 });
let admin: string;
let reviewer: string;
let citizen: string;
const today = formatShanghaiDate(new Date());
const weekAgo = formatShanghaiDate(new Date(Date.now() - 6 * DAY));

beforeAll(async () => {
  admin = await hall.operator('admin');
  reviewer = await hall.operator('reviewer');
  citizen = await verifiedCitizen(hall, 'stat-citizen', '统计');
});

/** An application submitted `hoursAgo` hours ago and waiting for review (shzt 0). */
async function submittedHoursAgo(prodefid: string, hoursAgo: number): Promise<string> {
  const id = await startApplication(hall, citizen, prodefid);
  await hall.connection.db
    .update(applications)
    .set({ shzt: 0, submittedAt: new Date(Date.now() - hoursAgo * HOUR) })
    .where(eq(applications.id, Number(id)));
  return id;
}

const review = (proinstid: string, decision: 'pass' | 'reject', opinion?: string) =>
  callHall(hall, contract.reviewApply, { proinstid, stage: 'cadastralSurvey', decision, ...(opinion ? { opinion } : {}) }, reviewer);

async function report(body: Record<string, unknown> = { from: weekAgo, to: today }): Promise<HallStatisticsReport> {
  const { status, body: reply } = await hall.post(REPORT, body, admin);
  expect(status, JSON.stringify(reply)).toBe(200);
  return reply.data as HallStatisticsReport;
}

/** A number of the group for the band starting at `bandStart`, taken and called at the times given. */
function calledNumber(group: { id: string; companyId: string }, bandStart: Date, band: string, at: { openid: string; number: string; takenAt: Date; calledAt: Date }) {
  return {
    openid: at.openid,
    companyId: group.companyId,
    groupId: group.id,
    resDay: formatShanghaiDate(bandStart),
    resTime: band,
    name: '王五',
    phone: '13812341234',
    number: at.number,
    createdAt: at.takenAt,
    callState: 'called',
    callWindow: 1,
    calledAt: at.calledAt,
  };
}

describe('the statistics page', () => {
  it('counts the applications of each day by stage and business as the rows hold them', async () => {
    const a = await submittedHoursAgo('pd-400-4', 10);
    const b = await submittedHoursAgo('pd-400-4', 30);
    await submittedHoursAgo('pd-200-4', 2);
    expect((await review(a, 'pass')).status).toBe(200);
    expect((await review(b, 'reject', '材料不清晰，请重新上传')).status).toBe(200);

    const figures = await report();
    // Counted again from the rows, another way: every submitted application of the range, grouped here.
    const rows = await hall.connection.db
      .select({ submittedAt: applications.submittedAt, shzt: applications.shzt, business: businesses.prodefName })
      .from(applications)
      .innerJoin(businesses, eq(businesses.id, applications.prodefid))
      .where(and(gte(applications.submittedAt, new Date(`${weekAgo}T00:00:00+08:00`)), lt(applications.submittedAt, new Date(Date.parse(`${today}T00:00:00+08:00`) + DAY))));
    const expected = new Map<string, number>();
    for (const row of rows) {
      const key = `${formatShanghaiDate(row.submittedAt)}|${row.shzt}|${row.business}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    const got = new Map(figures.applicationsPerDay.map((row) => [`${row.day}|${row.shzt}|${row.business}`, row.count]));
    expect(got).toEqual(expected);
    expect(figures.applicationsPerDay.reduce((sum, row) => sum + row.count, 0)).toBe(3);
    expect(figures.applicationsPerDay.some((row) => row.shzt === 10)).toBe(true);
    expect(figures.applicationsPerDay.some((row) => row.shzt === 11)).toBe(true);
  });

  it('times each decision from its submission (mean and 90th percentile, hours) and lists the rejection opinions', async () => {
    const figures = await report();
    const passed = figures.reviewTimes.find((row) => row.stage === '权籍调查审核' && row.decision === '通过')!;
    const rejected = figures.reviewTimes.find((row) => row.stage === '权籍调查审核' && row.decision === '驳回')!;
    expect(passed.figures).toMatchObject({ count: 1 });
    expect(passed.figures.averageHours).toBeCloseTo(10, 0);
    expect(rejected.figures.averageHours).toBeCloseTo(30, 0);
    expect(rejected.figures.p90Hours).toBeCloseTo(30, 0);
    expect(figures.rejectionReasons).toEqual([{ stage: '权籍调查审核', opinion: '材料不清晰，请重新上传', count: 1 }]);
  });

  it('times a decision of an earlier round from its own submission, and counts nothing for a decision that lost the race', async () => {
    // Rejected 20 hours after its submission, sent again, and passed 2 hours after the second submission.
    const c = await submittedHoursAgo('pd-400-4', 20);
    expect((await review(c, 'reject', '缺少身份证明')).status).toBe(200);
    await hall.connection.db
      .update(applications)
      .set({ shzt: 0, submittedAt: new Date(Date.now() - 2 * HOUR) })
      .where(eq(applications.id, Number(c)));
    expect((await review(c, 'pass')).status).toBe(200);
    // A second operator deciding the same stage again is refused, and the refused decision is not counted.
    expect((await review(c, 'reject', '迟到的决定')).status).toBe(409);

    const figures = await report();
    const passed = figures.reviewTimes.find((row) => row.stage === '权籍调查审核' && row.decision === '通过')!;
    const rejected = figures.reviewTimes.find((row) => row.stage === '权籍调查审核' && row.decision === '驳回')!;
    // With the decisions of the test before: passes after 10 and 2 hours, rejections after 30 and 20 hours.
    expect(passed.figures.count).toBe(2);
    expect(passed.figures.averageHours).toBeCloseTo(6, 0);
    expect(rejected.figures.count).toBe(2);
    expect(rejected.figures.averageHours).toBeCloseTo(25, 0);
    expect(figures.rejectionReasons).toContainEqual({ stage: '权籍调查审核', opinion: '缺少身份证明', count: 1 });
    expect(figures.rejectionReasons.map((row) => row.opinion)).not.toContain('迟到的决定');
  });

  it('sets the bookings of each open day against its places, as the slots hold them', async () => {
    const figures = await report({ from: today, to: formatShanghaiDate(new Date(Date.now() + 13 * DAY)) });
    expect(figures.bookingsPerDay.length).toBeGreaterThan(0);
    const slots = await hall.connection.db
      .select({ day: appointmentCalendars.calendarDate, max: appointmentSlots.maxNum, count: appointmentSlots.countNum })
      .from(appointmentSlots)
      .innerJoin(appointmentCalendars, eq(appointmentCalendars.id, appointmentSlots.calendarId))
      .where(
        and(
          eq(appointmentCalendars.holiday, 0),
          inArray(
            appointmentCalendars.calendarDate,
            figures.bookingsPerDay.map((row) => row.day),
          ),
        ),
      );
    for (const row of figures.bookingsPerDay) {
      const ofDay = slots.filter((slot) => slot.day === row.day);
      expect(row).toEqual({ day: row.day, capacity: ofDay.reduce((sum, s) => sum + s.max, 0), booked: ofDay.reduce((sum, s) => sum + s.count, 0) });
    }
  });

  it('limits applications and bookings to one district when asked', async () => {
    const [area] = await hall.connection.db.select().from(appointmentAreas).limit(1);
    const figures = await report({ from: weekAgo, to: today, xzqdm: '999999' });
    expect(figures.applicationsPerDay).toEqual([]);
    expect(figures.bookingsPerDay).toEqual([]);
    expect(figures.districts.map((d) => d.xzqdm)).toContain(area!.xzqdm);
  });

  it('counts query volumes by kind and the feedback answered with its time to answer', async () => {
    await hall.connection.db.insert(queryRecords).values([
      { openid: 'stat-citizen', kind: 'zs' },
      { openid: 'stat-citizen', kind: 'zs' },
      { openid: 'stat-citizen', kind: 'archive' },
    ]);
    await hall.connection.db.insert(feedback).values([
      { openid: 'stat-citizen', content: '一', createdAt: new Date(Date.now() - 5 * HOUR), status: 1, reply: '好', repliedAt: new Date(Date.now() - 1 * HOUR) },
      { openid: 'stat-citizen', content: '二', createdAt: new Date(Date.now() - 3 * HOUR) },
    ]);
    const figures = await report();
    const [queries] = await hall.connection.db
      .select({ n: sql<number>`count(*)::int` })
      .from(queryRecords)
      .where(gte(queryRecords.createdAt, new Date(`${weekAgo}T00:00:00+08:00`)));
    expect(figures.queriesPerDay.reduce((sum, row) => sum + row.count, 0)).toBe(queries!.n);
    expect(figures.queriesPerDay.filter((row) => row.kind === 'zs').reduce((sum, row) => sum + row.count, 0)).toBe(2);
    expect(figures.feedback).toMatchObject({ received: 2, answered: 1, timeToAnswer: { count: 1, averageHours: 4, p90Hours: 4 } });
  });

  it('refuses a reversed or too long range, and anyone but an administrator', async () => {
    const reversed = await callHall(hall, contract.getStatisticsReport, { from: today, to: weekAgo }, admin);
    expect(reversed.status).toBe(400);
    expect(reversed.body.errmsg).toBe('开始日期不能晚于结束日期');
    const long = await callHall(hall, contract.getStatisticsReport, { from: '2024-01-01', to: '2025-06-01' }, admin);
    expect(long.body.errmsg).toBe('统计范围不能超过366天，请缩小日期范围');
    expect((await callHall(hall, contract.getStatisticsReport, { from: weekAgo, to: today }, reviewer)).status).toBe(403);
    expect((await callHall(hall, contract.getStatisticsReport, { from: weekAgo, to: today }, citizen)).status).toBe(401);
  });
});

describe('the counter and the queue in the figures', () => {
  it('counts each day’s bookings with the arrivals and no-shows the counter recorded', async () => {
    // Two online bookings on an open day, one recorded 到场 and one 未到.
    const [slot] = await hall.connection.db
      .select({ slot: appointmentSlots, calendar: appointmentCalendars, areaXzqdm: appointmentAreas.xzqdm })
      .from(appointmentSlots)
      .innerJoin(appointmentCalendars, eq(appointmentCalendars.id, appointmentSlots.calendarId))
      .innerJoin(appointmentAreas, eq(appointmentAreas.id, appointmentCalendars.areaId))
      .where(eq(appointmentCalendars.holiday, 0))
      .limit(1);
    const cases = [await startApplication(hall, citizen, 'pd-400-4'), await startApplication(hall, citizen, 'pd-400-4')];
    const booking = (openid: string, applicationId: string) => ({
      openid,
      applicationId: Number(applicationId),
      wlsh: `HD-${openid}`,
      areaId: slot!.calendar.areaId,
      processId: slot!.slot.processId,
      calendarId: slot!.calendar.id,
      slotId: slot!.slot.id,
      bookedDate: slot!.calendar.calendarDate,
      name: '王五',
      code: '11010519491231002X',
      phone: '13812341234',
      extendData: {},
    });
    const orders = await hall.connection.db
      .insert(appointmentOrders)
      .values([booking('stat-arrived', cases[0]!), booking('stat-absent', cases[1]!)])
      .returning();
    await hall.connection.db.insert(appointmentAttendance).values([
      { bookingKind: 'order', bookingId: orders[0]!.id, state: 'arrived', operatorName: 'counter' },
      { bookingKind: 'order', bookingId: orders[1]!.id, state: 'no_show', operatorName: 'counter' },
    ]);
    const day = slot!.calendar.calendarDate;
    const figures = await report({ from: day, to: day });
    // Counted again from the rows: the bookings of that day of both kinds, and their records.
    const ofDay = await hall.connection.db.select().from(appointmentOrders).where(eq(appointmentOrders.bookedDate, day));
    const counter = await hall.connection.db.select().from(counterBookings).where(eq(counterBookings.bookedDate, day));
    const records = await hall.connection.db.select().from(appointmentAttendance);
    const recorded = (kind: string, ids: number[], state: string) => records.filter((r) => r.bookingKind === kind && ids.includes(r.bookingId) && r.state === state).length;
    const both = (state: string) =>
      recorded(
        'order',
        ofDay.map((o) => o.id),
        state,
      ) +
      recorded(
        'counter',
        counter.map((c) => c.id),
        state,
      );
    expect(figures.attendancePerDay).toEqual([{ day, booked: ofDay.length + counter.length, arrived: both('arrived'), noShow: both('no_show') }]);
    expect(figures.attendancePerDay[0]).toMatchObject({ arrived: 1, noShow: 1 });
    // Another district's filter leaves them out.
    expect((await report({ from: day, to: day, xzqdm: slot!.areaXzqdm === '999999' ? '999998' : '999999' })).attendancePerDay).toEqual([]);
  });

  it('times the queue from the number’s time band (or its taking, if later) to its call', async () => {
    const [group] = await hall.connection.db.select().from(queueGroups).limit(1);
    const now = Date.now();
    // A number for a band that started 20 minutes ago, taken an hour ago, called now: 20 minutes' wait.
    const bandStart = new Date(now - 20 * 60_000);
    const band = `${bandStart.toLocaleTimeString('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit' })}-23:59`;
    await hall.connection.db
      .insert(queueOrders)
      .values([calledNumber(group!, bandStart, band, { openid: 'stat-citizen', number: 'S001', takenAt: new Date(now - 60 * 60_000), calledAt: new Date(now) })]);
    const figures = await report();
    expect(figures.queueWaiting.count).toBe(1);
    // The band starts on a whole minute, so the wait is between 20 and 21 minutes.
    expect(figures.queueWaiting.averageMinutes!).toBeGreaterThanOrEqual(19.9);
    expect(figures.queueWaiting.averageMinutes!).toBeLessThanOrEqual(21);
  });
});

describe('every call and every valid booking in the figures', () => {
  it('counts a number called before its time band began, as a wait of 0 minutes', async () => {
    const before = (await report()).queueWaiting;
    const [group] = await hall.connection.db.select().from(queueGroups).limit(1);
    const now = Date.now();
    // Nine numbers of a band starting in three hours, taken an hour ago and called now, hours early.
    const bandStart = new Date(now + 3 * HOUR);
    const band = `${bandStart.toLocaleTimeString('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit' })}-23:59`;
    await hall.connection.db
      .insert(queueOrders)
      .values(Array.from({ length: 9 }, (_, i) => calledNumber(group!, bandStart, band, { openid: `stat-early-${i}`, number: `E00${i}`, takenAt: new Date(now - HOUR), calledAt: new Date(now) })));
    const after = (await report()).queueWaiting;
    expect(after.count).toBe(before.count + 9);
    const waitedBefore = (before.averageMinutes ?? 0) * before.count;
    expect(after.averageMinutes!).toBeCloseTo(waitedBefore / after.count, 0);
    expect(after.averageMinutes!).toBeGreaterThanOrEqual(0);
  });

  it('counts the still-valid bookings of a day closed after it was booked, against no places offered', async () => {
    const [day] = await hall.connection.db
      .select()
      .from(appointmentCalendars)
      .where(and(eq(appointmentCalendars.holiday, 0), gte(appointmentCalendars.calendarDate, formatShanghaiDate(new Date(Date.now() + 2 * DAY)))))
      .orderBy(appointmentCalendars.calendarDate)
      .limit(1);
    const [slot] = await hall.connection.db.select().from(appointmentSlots).where(eq(appointmentSlots.calendarId, day!.id)).limit(1);
    await hall.connection.db
      .update(appointmentSlots)
      .set({ countNum: sql`${appointmentSlots.countNum} + 3` })
      .where(eq(appointmentSlots.id, slot!.id));
    const range = { from: today, to: formatShanghaiDate(new Date(Date.now() + 13 * DAY)) };
    const open = (await report(range)).bookingsPerDay.find((row) => row.day === day!.calendarDate)!;
    expect(open.booked).toBeGreaterThanOrEqual(3);
    expect(open.capacity).toBeGreaterThan(0);
    // The day is closed now: its slots take nothing new, the bookings made stay.
    await hall.connection.db.update(appointmentCalendars).set({ holiday: 1 }).where(eq(appointmentCalendars.calendarDate, day!.calendarDate));
    const closed = (await report(range)).bookingsPerDay.find((row) => row.day === day!.calendarDate);
    expect(closed).toEqual({ day: day!.calendarDate, capacity: 0, booked: open.booked });
  });

  it('refuses a date that is not on the calendar with a message, not a server error', async () => {
    for (const body of [
      { from: '2026-02-30', to: '2026-03-05' },
      { from: '2026-02-01', to: '2026-02-29' },
      { from: '2026-13-01', to: '2026-12-31' },
    ]) {
      const answer = await callHall(hall, contract.getStatisticsReport, body, admin);
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { errmsg: '日期不正确，请重新选择' } });
    }
  });
});

describe('the messages to citizens in the figures', () => {
  /** A message of `event` written at `at`, with its outside deliveries as given. */
  async function message(event: string, at: Date, deliveries: Array<Partial<typeof notificationDeliveries.$inferInsert> & { channel: string }>) {
    const [row] = await hall.connection.db
      .insert(notifications)
      .values({ openid: 'stat-notified', event, title: '预约提醒', body: '请按时到场', link: '/yuyueRecord', dedupeKey: `stat:${event}:${at.getTime()}:${Math.random()}`, createdAt: at })
      .returning();
    if (deliveries.length) await hall.connection.db.insert(notificationDeliveries).values(deliveries.map((delivery) => ({ ...delivery, notificationId: row!.id, createdAt: at, updatedAt: at })));
  }

  it('counts each event on each channel of the range: sent, waiting, failed with the last error, retried (a re-send too)', async () => {
    // A quiet day a month back, Asia/Shanghai: from its 00:00 to the next day's 00:00. The waiting delivery waits a day for its next try, so the hall's own delivery job leaves it alone.
    const day = formatShanghaiDate(new Date(Date.now() - 30 * DAY));
    const start = new Date(`${day}T00:00:00+08:00`);
    const end = new Date(start.getTime() + DAY);
    await message('bookingReminder', start, [{ channel: 'sms', state: 'sent', attempts: 1 }]);
    await message('bookingReminder', new Date(end.getTime() - 1000), [
      { channel: 'sms', state: 'failed', attempts: 10, lastError: '短信网关超时' },
      { channel: 'wechat', state: 'sent', attempts: 1, resends: 1 },
    ]);
    await message('bookingReminder', new Date(start.getTime() + 9 * HOUR), [{ channel: 'sms', state: 'waiting', attempts: 2, lastError: '短信网关繁忙', nextAttemptAt: new Date(Date.now() + DAY) }]);
    await message('queueCalled', new Date(start.getTime() + 10 * HOUR), []);
    // Just outside the day on either side: not counted.
    await message('bookingReminder', end, [{ channel: 'sms', state: 'failed', attempts: 10, lastError: '次日的错误' }]);
    await message('bookingReminder', new Date(start.getTime() - 1000), [{ channel: 'sms', state: 'sent', attempts: 3 }]);

    const figures = await report({ from: day, to: day });
    expect(figures.notifications).toEqual([
      { event: 'bookingReminder', eventLabel: '预约提醒', channel: 'hall', channelLabel: '站内消息', total: 3, sent: 3, waiting: 0, failed: 0, retried: 0, lastError: '' },
      { event: 'bookingReminder', eventLabel: '预约提醒', channel: 'sms', channelLabel: '短信', total: 3, sent: 1, waiting: 1, failed: 1, retried: 2, lastError: '短信网关超时' },
      { event: 'bookingReminder', eventLabel: '预约提醒', channel: 'wechat', channelLabel: '微信', total: 1, sent: 1, waiting: 0, failed: 0, retried: 1, lastError: '' },
      { event: 'queueCalled', eventLabel: '叫号提醒', channel: 'hall', channelLabel: '站内消息', total: 1, sent: 1, waiting: 0, failed: 0, retried: 0, lastError: '' },
    ]);
    // A district asked for changes nothing here: a message has none.
    const [area] = await hall.connection.db.select().from(appointmentAreas).limit(1);
    expect((await report({ from: day, to: day, xzqdm: area!.xzqdm })).notifications).toEqual(figures.notifications);
    // The day after holds only the message written at its 00:00.
    const next = formatShanghaiDate(end);
    expect((await report({ from: next, to: next })).notifications.find((row) => row.channel === 'sms')).toMatchObject({ total: 1, failed: 1, lastError: '次日的错误' });
  });

  it('counts the messages the review’s own decisions wrote', async () => {
    const id = await submittedHoursAgo('pd-400-4', 1);
    expect((await review(id, 'reject', '请补充身份证明')).status).toBe(200);
    const written = await hall.connection.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.event, 'surveyRejected'), gte(notifications.createdAt, new Date(`${weekAgo}T00:00:00+08:00`))));
    const figures = await report();
    expect(figures.notifications.find((row) => row.event === 'surveyRejected' && row.channel === 'hall')).toMatchObject({ eventLabel: '权籍调查审核未通过', total: written.length });
    expect(figures.notifications.find((row) => row.event === 'surveyRejected' && row.channel === 'sms')?.total).toBe(written.length);
  });
});

describe('a read replica for the statistics page', () => {
  it('reads the figures from HALL_STATISTICS_DATABASE_URL when it is set, not from the primary', async () => {
    const replica = await createTestHall();
    const primary = await createTestHall({ HALL_QUERY_POLL_MS: 0, HALL_STATISTICS_DATABASE_URL: replica.databaseUrl });
    try {
      const director = await primary.operator('admin');
      await replica.connection.db.insert(feedback).values({ openid: 'stat-replica', content: '副本', createdAt: new Date(Date.now() - HOUR) });
      await primary.connection.db.insert(feedback).values([
        { openid: 'stat-primary', content: '主库一', createdAt: new Date(Date.now() - HOUR) },
        { openid: 'stat-primary', content: '主库二', createdAt: new Date(Date.now() - HOUR) },
      ]);
      const { status, body } = await callHall(primary, contract.getStatisticsReport, { from: weekAgo, to: today }, director);
      expect(status).toBe(200);
      expect((body.data as HallStatisticsReport).feedback.received).toBe(1);
    } finally {
      await primary.close();
      await replica.close();
    }
  });
});
