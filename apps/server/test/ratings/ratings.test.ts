import { contract } from '@hall/api';
import { RATING_MESSAGES, RATING_STATES_MAX, addWorkingDays, isOpenDay, DEFAULT_WORKING_WEEKDAYS } from '@hall/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointmentAttendance, appointmentCalendars, appointmentOrders, appointmentSlots, feedback, queryRecords, queueGroups, queueOrders, ratingFollowUps, ratings } from '../../src/db/schema';
import { formatShanghaiDate } from '../../src/lib/shanghai-time';
import { setStatus, startApplication } from '../application-helpers';
import { callHall } from '../call';
import { testHallForFile } from '../hall';

const hall = testHallForFile({ HALL_RATING_FOLLOW_UP_DAYS: 3 });
const db = () => hall.connection.db;
let owner: string;
let stranger: string;
let reviewer: string;
let counter: string;
let admin: string;
beforeAll(async () => {
  owner = await hall.quickCitizen('rate-owner', { name: '王小明', cardnum: '11010519491231002X', phone: '13812341234' });
  stranger = await hall.quickCitizen('rate-stranger', { name: '李四' });
  reviewer = await hall.quickOperator('rate-reviewer', ['reviewer'], '钱审核');
  counter = await hall.quickOperator('rate-counter', ['counter']);
  admin = await hall.quickOperator('rate-admin', ['admin']);
});

const rate = (body: { kind: string; serviceId: string; grade: number; comment?: string; reasons?: string[] }, cookie = owner) =>
  callHall(hall, contract.rateService, { reqseq: 'r', ...body } as never, cookie);
const ratingsOf = (kind: string, serviceId: string, cookie = owner) => callHall(hall, contract.getServiceRatings, { reqseq: 'r', kind, serviceId } as never, cookie);

const rated = (kind: string, id: string) => and(eq(ratings.serviceKind, kind), eq(ratings.serviceId, id));

async function decidedApplication(): Promise<string> {
  const id = await startApplication(hall, owner, 'pd-400-4');
  await setStatus(hall, id, 20);
  return id;
}

async function answeredFeedback(openid = 'rate-owner'): Promise<string> {
  const [row] = await db().insert(feedback).values({ openid, content: '窗口排队太久', reply: '已增加窗口', status: 1, repliedAt: new Date() }).returning();
  return String(row!.id);
}

describe('rating a service', () => {
  it('takes a good rating of a decided application once, with its comment, and no follow-up', async () => {
    const id = await decidedApplication();
    expect((await ratingsOf('application', id)).body.data).toEqual({ ratings: [], canRate: true });
    const { status, body } = await rate({ kind: 'application', serviceId: id, grade: 5, comment: '  办理很快  ' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.errmsg).toBe('感谢您的评价');
    expect(body.data!.canRate).toBe(false);
    expect(body.data!.ratings).toEqual([expect.objectContaining({ grade: 5, gradeLabel: '非常满意', comment: '办理很快', reasons: [], round: 1, followUp: null })]);

    const twice = await rate({ kind: 'application', serviceId: id, grade: 4 });
    expect(twice.status).toBe(409);
    expect(twice.body.errmsg).toBe(RATING_MESSAGES.alreadyRated);
    expect(await db().select().from(ratings).where(rated('application', id))).toHaveLength(1);
  });

  it("refuses another citizen's service, a missing one and an unfinished one, and changes nothing", async () => {
    const id = await startApplication(hall, owner, 'pd-400-4');
    const theirs = await rate({ kind: 'application', serviceId: id, grade: 5 }, stranger);
    expect(theirs.status).toBe(404);
    expect(theirs.body.errmsg).toBe(RATING_MESSAGES.notYours);
    expect(JSON.stringify(theirs.body)).not.toContain('王小明');
    expect((await ratingsOf('application', id, stranger)).status).toBe(404);
    expect((await rate({ kind: 'application', serviceId: '99999999', grade: 5 })).body.errmsg).toBe(RATING_MESSAGES.notYours);

    for (const shzt of [-1, 0, 10]) {
      await setStatus(hall, id, shzt);
      const early = await rate({ kind: 'application', serviceId: id, grade: 5 });
      expect(early.status).toBe(409);
      expect(early.body.errmsg).toBe(RATING_MESSAGES.notFinished);
    }
    expect((await ratingsOf('application', id)).body.data!.canRate).toBe(false);
    // A query not yet answered, a feedback not yet replied to, a number not yet served, a booking not attended.
    const [query] = await db().insert(queryRecords).values({ openid: 'rate-owner', kind: 'zs', state: 0 }).returning();
    expect((await rate({ kind: 'query', serviceId: String(query!.id), grade: 5 })).body.errmsg).toBe(RATING_MESSAGES.notFinished);
    const [waiting] = await db().insert(feedback).values({ openid: 'rate-owner', content: '等待回复' }).returning();
    expect((await rate({ kind: 'feedback', serviceId: String(waiting!.id), grade: 5 })).body.errmsg).toBe(RATING_MESSAGES.notFinished);
    const written = await db().select({ kind: ratings.serviceKind, id: ratings.serviceId }).from(ratings);
    const refused = [`application:${id}`, `query:${query!.id}`, `feedback:${waiting!.id}`];
    expect(written.filter((r) => refused.includes(`${r.kind}:${r.id}`))).toEqual([]);
  });

  it('checks the grade, the comment and the reasons with messages that say what to do', async () => {
    const id = await answeredFeedback();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ grade: 0 }, RATING_MESSAGES.gradeRequired],
      [{ grade: 6 }, RATING_MESSAGES.gradeRequired],
      [{ grade: 1 }, RATING_MESSAGES.reasonsRequired],
      [{ grade: 2, reasons: [] }, RATING_MESSAGES.reasonsRequired],
      [{ grade: 4, reasons: ['办理时间过长'] }, RATING_MESSAGES.reasonsOnlyForLow],
      [{ grade: 1, reasons: ['不存在的原因'] }, RATING_MESSAGES.reasonsRequired],
      [{ grade: 5, comment: '好'.repeat(201) }, RATING_MESSAGES.commentTooLong],
    ];
    for (const [body, message] of cases) {
      const reply = await rate({ kind: 'feedback', serviceId: id, ...body } as never);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.errmsg).toBe(message);
    }
    expect((await rate({ kind: 'feedback', serviceId: id, grade: 5, comment: '好'.repeat(200) })).status).toBe(200);
    expect((await rate({ kind: 'nonsense', serviceId: id, grade: 5 })).status).toBe(400);
  });

  it('rates an answered query, a served queue number and an attended booking', async () => {
    const [query] = await db().insert(queryRecords).values({ openid: 'rate-owner', kind: 'archive', state: 21 }).returning();
    expect((await rate({ kind: 'query', serviceId: String(query!.id), grade: 4 })).body.data!.ratings[0]).toMatchObject({ serviceTitle: '查档证明' });

    const [group] = await db().select().from(queueGroups).limit(1);
    const [number] = await db()
      .insert(queueOrders)
      .values({
        openid: 'rate-owner',
        companyId: group!.companyId,
        groupId: group!.id,
        resDay: '2026-01-05',
        resTime: '09:00',
        name: '王小明',
        phone: '13812341234',
        number: 'A001',
        callState: 'done',
      })
      .returning();
    expect((await rate({ kind: 'queue', serviceId: String(number!.id), grade: 3 })).body.data!.ratings[0]).toMatchObject({ serviceTitle: '排队取号 A001', gradeLabel: '基本满意' });

    const [slot] = await db()
      .select({ slot: appointmentSlots, areaId: appointmentCalendars.areaId, date: appointmentCalendars.calendarDate })
      .from(appointmentSlots)
      .innerJoin(appointmentCalendars, eq(appointmentCalendars.id, appointmentSlots.calendarId))
      .limit(1);
    const applicationId = await decidedApplication();
    const [order] = await db()
      .insert(appointmentOrders)
      .values({
        openid: 'rate-owner',
        applicationId: Number(applicationId),
        wlsh: 'HD000000000001',
        areaId: slot!.areaId,
        processId: slot!.slot.processId,
        calendarId: slot!.slot.calendarId,
        slotId: slot!.slot.id,
        bookedDate: slot!.date,
        name: '王小明',
        code: '11010519491231002X',
        phone: '13812341234',
        extendData: { processName: '抵押登记' },
      })
      .returning();
    const booking = `order-${order!.id}`;
    expect((await rate({ kind: 'booking', serviceId: booking, grade: 5 })).body.errmsg).toBe(RATING_MESSAGES.notFinished);
    await db().insert(appointmentAttendance).values({ bookingKind: 'order', bookingId: order!.id, state: 'arrived', operatorName: 'counter' });
    expect((await rate({ kind: 'booking', serviceId: booking, grade: 5 }, stranger)).status).toBe(404);
    expect((await rate({ kind: 'booking', serviceId: booking, grade: 5 })).body.data!.ratings[0]).toMatchObject({ serviceTitle: '抵押登记' });
  });

  it('keeps one rating when two arrive at once', async () => {
    const id = await answeredFeedback();
    const replies = await Promise.all([rate({ kind: 'feedback', serviceId: id, grade: 5 }), rate({ kind: 'feedback', serviceId: id, grade: 4 })]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await db().select().from(ratings).where(rated('feedback', id))).toHaveLength(1);
  });
});

async function countRatings(openid: string): Promise<number> {
  const rows = await db().execute(sql`select count(*)::int as n from ratings where openid = ${openid}`);
  return (rows.rows[0] as { n: number }).n;
}

describe('a low rating and its follow-up', () => {
  it('opens a follow-up for the reviewer, due in working days; the answer reaches the citizen, who may rate once more', async () => {
    const id = await decidedApplication();
    const low = await rate({ kind: 'application', serviceId: id, grade: 1, comment: '材料被退回三次', reasons: ['需要多次跑动', '办事指引不清楚'] });
    expect(low.status, JSON.stringify(low.body)).toBe(200);
    const today = formatShanghaiDate(new Date());
    const dueOn = addWorkingDays(today, 3, (date) => isOpenDay(date, DEFAULT_WORKING_WEEKDAYS, undefined));
    expect(low.body.data).toEqual({
      canRate: false,
      ratings: [expect.objectContaining({ grade: 1, gradeLabel: '非常不满意', reasons: ['需要多次跑动', '办事指引不清楚'], followUp: { dueOn, answer: '', answeredAt: '' } })],
    });
    // Before the answer, rating again is refused with the reason.
    expect((await rate({ kind: 'application', serviceId: id, grade: 4 })).body.errmsg).toBe(RATING_MESSAGES.rateAgainNotYet);

    // The counter does not see the reviewer's follow-up; the reviewer does, without the citizen's ID number or phone.
    const counterList = await callHall(hall, contract.listRatingFollowUps, { reqseq: 'r', page: 1 }, counter);
    expect(counterList.body.data!.items.some((item) => item.kind === 'application' && item.serviceId === id)).toBe(false);
    const list = await callHall(hall, contract.listRatingFollowUps, { reqseq: 'r', page: 1, only: 'open' }, reviewer);
    const item = list.body.data!.items.find((entry) => entry.kind === 'application' && entry.serviceId === id)!;
    expect(item).toMatchObject({ role: 'reviewer', state: '待整改', citizenName: '王**', grade: 1, comment: '材料被退回三次' });
    expect(JSON.stringify(list.body)).not.toMatch(/11010519491231002X|13812341234|rate-owner|王小明/);
    expect((await callHall(hall, contract.getRatingFollowUp, { reqseq: 'r', id: item.followUpId }, counter)).status).toBe(404);
    expect((await callHall(hall, contract.answerRatingFollowUp, { reqseq: 'r', id: item.followUpId, answer: '越权答复' }, counter)).status).toBe(404);
    // An operator of neither role finds none.
    expect((await callHall(hall, contract.listRatingFollowUps, { reqseq: 'r', page: 1 }, admin)).body.data).toMatchObject({ items: [], total: 0 });
    expect((await callHall(hall, contract.getRatingFollowUp, { reqseq: 'r', id: item.followUpId }, admin)).status).toBe(404);

    const empty = await callHall(hall, contract.answerRatingFollowUp, { reqseq: 'r', id: item.followUpId, answer: '   ' }, reviewer);
    expect(empty.status).toBe(400);
    expect(empty.body.errmsg).toBe(RATING_MESSAGES.answerRequired);
    const answer = '已核查退回原因，材料清单已补充说明，请按清单准备。';
    const answered = await callHall(hall, contract.answerRatingFollowUp, { reqseq: 'r', id: item.followUpId, answer }, reviewer);
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    // The answer names the person who gave it; the audit trail keeps the account.
    expect(answered.body.data).toMatchObject({ state: '已答复', answeredBy: '钱审核', followUp: { answer } });
    const again = await callHall(hall, contract.answerRatingFollowUp, { reqseq: 'r', id: item.followUpId, answer: '第二次' }, reviewer);
    expect(again.status).toBe(409);
    expect(again.body.errmsg).toBe(RATING_MESSAGES.followUpAnswered);
    const [audit] = (await db().execute(sql`select action, target, operator_name from audit_trail where target = ${`rating_follow_up:${item.followUpId}`}`)).rows;
    expect(audit).toMatchObject({ action: 'rating.follow_up.answer', operator_name: 'rate-reviewer' });
    const reread = await callHall(hall, contract.getRatingFollowUp, { reqseq: 'r', id: item.followUpId }, reviewer);
    expect(reread.body.data).toMatchObject({ answeredBy: '钱审核' });

    // The citizen reads the answer with the rating, and in 我的评价; then rates again, once.
    const read = await ratingsOf('application', id);
    expect(read.body.data!.canRate).toBe(true);
    expect(read.body.data!.ratings[0]!.followUp).toMatchObject({ answer });
    const mine = await callHall(hall, contract.getMyRatings, { reqseq: 'r' }, owner);
    expect(mine.body.data!.ratings.find((r) => r.serviceId === id)!.followUp!.answer).toBe(answer);
    expect((await callHall(hall, contract.getMyRatings, { reqseq: 'r' }, stranger)).body.data!.ratings).toEqual([]);
    const second = await rate({ kind: 'application', serviceId: id, grade: 4, comment: '答复清楚' });
    expect(second.body.data!.ratings.map((r) => [r.round, r.grade])).toEqual([
      [1, 1],
      [2, 4],
    ]);
    expect(second.body.data!.canRate).toBe(false);
    expect((await rate({ kind: 'application', serviceId: id, grade: 5 })).body.errmsg).toBe(RATING_MESSAGES.alreadyRated);
  });

  it('gives the follow-up of a counter service to the counter', async () => {
    const id = await answeredFeedback();
    await rate({ kind: 'feedback', serviceId: id, grade: 2, reasons: ['服务态度不好'] });
    const [row] = await db().select({ role: ratingFollowUps.role }).from(ratingFollowUps).innerJoin(ratings, eq(ratings.id, ratingFollowUps.ratingId)).where(rated('feedback', id));
    expect(row!.role).toBe('counter');
    const list = await callHall(hall, contract.listRatingFollowUps, { reqseq: 'r', page: 1 }, counter);
    expect(list.body.data!.items.some((item) => item.kind === 'feedback' && item.serviceId === id && item.gradeLabel === '不满意')).toBe(true);
  });
});

describe('statistics and the export', () => {
  it('counts by service and site, and exports without naming the citizen', async () => {
    const today = formatShanghaiDate(new Date());
    const stats = await callHall(hall, contract.ratingStatistics, { reqseq: 'r', from: today, to: today }, admin);
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    const all = await countRatings('rate-owner');
    const { overall, byService, bySite } = stats.body.data!;
    expect(overall.total).toBe(all);
    expect(overall.byGrade.reduce((a, b) => a + b, 0)).toBe(all);
    expect(byService.map((s) => s.key)).toEqual(['application', 'query', 'booking', 'queue', 'feedback']);
    expect(byService.reduce((a, s) => a + s.total, 0)).toBe(all);
    expect(bySite.reduce((a, s) => a + s.total, 0)).toBe(all);
    const feedbackFigures = byService.find((s) => s.key === 'feedback')!;
    const grades = (await db().select({ grade: ratings.grade }).from(ratings).where(eq(ratings.serviceKind, 'feedback'))).map((r) => r.grade);
    expect(feedbackFigures.satisfiedPercent).toBe(Math.round((grades.filter((g) => g >= 3).length / grades.length) * 1000) / 10);

    const yesterday = addWorkingDays('2020-01-01', 1, () => true);
    expect((await callHall(hall, contract.ratingStatistics, { reqseq: 'r', from: '2020-01-01', to: yesterday }, admin)).body.data!.overall.total).toBe(0);
    expect((await callHall(hall, contract.ratingStatistics, { reqseq: 'r', from: today, to: today }, counter)).status).toBe(403);

    const exported = await hall.app.inject({ method: 'GET', url: `/online/admin/api/ratings/export?from=${today}&to=${today}`, headers: { cookie: admin } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('attachment');
    const file = exported.json() as { format: string; region: string; records: Array<Record<string, unknown>> };
    expect(file).toMatchObject({ format: 'hall-ratings/1', region: hall.env.HALL_XZQDM });
    expect(file.records).toHaveLength(all);
    expect(exported.body).not.toMatch(/rate-owner|王小明|11010519491231002X|13812341234/);
    const badDate = await hall.app.inject({ method: 'GET', url: `/online/admin/api/ratings/export?from=2026-02-30&to=${today}`, headers: { cookie: admin } });
    expect(badDate.statusCode).toBe(400);
  });
});

const statesOf = (kind: string, serviceIds: string[], cookie = owner) => callHall(hall, contract.getRatingStates, { reqseq: 'r', kind, serviceIds } as never, cookie);

describe('the rating state of the services a list shows', () => {
  // A citizen of their own: the ratings here stay clear of the owner's per-minute limit.
  let lister: string;
  beforeAll(async () => {
    lister = await hall.quickCitizen('rate-lists', { name: '赵列表' });
  });
  const rateAs = (body: { kind: string; serviceId: string; grade: number; reasons?: string[] }) => rate(body, lister);
  it('offers a rating only for the citizen’s finished services not yet rated, as the server reads them', async () => {
    const decided = await startApplication(hall, lister, 'pd-400-4');
    await setStatus(hall, decided, 20);
    const waiting = await startApplication(hall, lister, 'pd-400-4');
    const [answered] = await db().insert(queryRecords).values({ openid: 'rate-lists', kind: 'zs', state: 20 }).returning();
    const [unanswered] = await db().insert(queryRecords).values({ openid: 'rate-lists', kind: 'zs', state: 10 }).returning();
    const [theirs] = await db().insert(queryRecords).values({ openid: 'rate-stranger', kind: 'zs', state: 20 }).returning();

    const applications = await statesOf('application', [decided, waiting, '99999999', decided], lister);
    expect(applications.status, JSON.stringify(applications.body)).toBe(200);
    // In the order asked, each once; a missing service reads as one never rateable.
    expect(applications.body.data!.states).toEqual([
      { serviceId: decided, canRate: true, latest: null },
      { serviceId: waiting, canRate: false, latest: null },
      { serviceId: '99999999', canRate: false, latest: null },
    ]);
    const queries = await statesOf('query', [String(answered!.id), String(unanswered!.id), String(theirs!.id)], lister);
    expect(queries.body.data!.states.map((state) => [state.serviceId, state.canRate])).toEqual([
      [String(answered!.id), true],
      [String(unanswered!.id), false],
      [String(theirs!.id), false],
    ]);

    // Once rated: 已评价 with the grade, and no second rating offered.
    expect((await rateAs({ kind: 'query', serviceId: String(answered!.id), grade: 4 })).status).toBe(200);
    const after = (await statesOf('query', [String(answered!.id)], lister)).body.data!.states[0]!;
    expect(after).toMatchObject({ canRate: false, latest: { gradeLabel: '满意', round: 1, followUp: null } });
    // Another citizen rating the same service id learns nothing of the owner's rating.
    expect((await statesOf('query', [String(answered!.id)], stranger)).body.data!.states).toEqual([{ serviceId: String(answered!.id), canRate: false, latest: null }]);
  });

  it('shows a low rating’s follow-up while open, then its answer with a second rating offered', async () => {
    const id = await answeredFeedback('rate-lists');
    expect((await rateAs({ kind: 'feedback', serviceId: id, grade: 2, reasons: ['办理时间过长'] })).status).toBe(200);
    const open = (await statesOf('feedback', [id], lister)).body.data!.states[0]!;
    expect(open).toMatchObject({ canRate: false, latest: { gradeLabel: '不满意', followUp: { answer: '' } } });
    const [followUp] = await db().select({ id: ratingFollowUps.id }).from(ratingFollowUps).innerJoin(ratings, eq(ratings.id, ratingFollowUps.ratingId)).where(rated('feedback', id));
    const answer = '已增加两个窗口，排队时间缩短一半。';
    expect((await callHall(hall, contract.answerRatingFollowUp, { reqseq: 'r', id: String(followUp!.id), answer }, counter)).status).toBe(200);
    const answered = (await statesOf('feedback', [id], lister)).body.data!.states[0]!;
    expect(answered).toMatchObject({ canRate: true, latest: { round: 1, followUp: { answer } } });
    expect((await rateAs({ kind: 'feedback', serviceId: id, grade: 4 })).status).toBe(200);
    expect((await statesOf('feedback', [id], lister)).body.data!.states[0]).toMatchObject({ canRate: false, latest: { round: 2, gradeLabel: '满意' } });
  });

  it('refuses a list too long, an empty one and an unknown kind, with a 4xx', async () => {
    const many = Array.from({ length: RATING_STATES_MAX + 1 }, (_, index) => String(index + 1));
    expect((await statesOf('query', many, lister)).status).toBe(400);
    expect((await statesOf('query', [], lister)).status).toBe(400);
    expect((await statesOf('nonsense', ['1'], lister)).status).toBe(400);
    expect((await statesOf('query', ['1'], '')).status).not.toBe(200);
  });
});
