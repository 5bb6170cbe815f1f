import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ReviewApplicationDetail, ReviewQueue } from '@hall/api';
import { applications, auditTrail, registryCases, reviewDecisions } from '../../src/db/schema';
import { testHallForFile } from '../hall';
import { rowById } from '../rows';
import { API, PNG, addPerson, attachPicture, materialsOf, personPayload, setStatus, startApplication, verifiedCitizen } from '../application-helpers';
import { callHall } from '../call';
import { contract } from '@hall/api';

const hall = testHallForFile();
let owner: string;
let operator: string;
let stranger: string;
beforeAll(async () => {
  owner = await verifiedCitizen(hall, 'review-owner', '赵六');
  stranger = await verifiedCitizen(hall, 'review-stranger', '钱七');
  operator = await hall.operator('reviewer');
});

const CERTIFICATE = '新(2020)石河子市不动产权第0001号';
const BUSINESS = '国有建设用地使用权及房屋所有权注销登记';

/** Saves the cancellation's certificate number and reason (savetype 4) as the owner. */
async function saveCancellation(id: string, reason: string, cookie = owner) {
  return callHall(hall, contract.addQlxxInfo, { proinstid: id, savetype: '4', reqData: { ZXDJ: { BDCZMH: CERTIFICATE, ZXYY: reason, ZXFJ: '' } } }, cookie);
}

const submit = (id: string, cookie = owner) => callHall(hall, contract.submitApplyProject, { reqseq: 'r', proinstid: id, appointment: '0' }, cookie);

/** A cancellation (400+4) with an applicant, its certificate number and every required picture, submitted: shzt 0. */
async function submittedCancellation(cookie = owner): Promise<string> {
  const id = await startApplication(hall, cookie, 'pd-400-4');
  expect((await addPerson(hall, cookie, id, personPayload({ sqrxm: '赵六' }))).body.errcode).toBe('00');
  expect((await saveCancellation(id, '房屋灭失', cookie)).body.state).toBe(1);
  for (const material of (await materialsOf(hall, cookie, id)).filter((m) => m.required === '是')) await attachPicture(hall, cookie, material.id);
  const { status, body } = await submit(id, cookie);
  expect(status, JSON.stringify(body)).toBe(200);
  return id;
}

const review = (proinstid: string, stage: string, decision: string, opinion?: string, cookie = operator) =>
  hall.post(`${API}/reviewApply`, { reqseq: 'r', proinstid, stage, decision, ...(opinion === undefined ? {} : { opinion }) }, cookie);

async function queues(cookie = operator): Promise<ReviewQueue[]> {
  const { status, body } = await callHall(hall, contract.getReviewList, { reqseq: 'r' }, cookie);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data!.lists;
}

const queued = async (stage: string) => (await queues()).find((queue) => queue.stage === stage)!.items.map((item) => item.id);
const rowOf = async (id: string) => (await rowById(hall, applications, id))!;

/** The citizen's own list: the tab an application is under and the item as listed. */
async function citizenSees(id: string) {
  const { body } = await callHall(hall, contract.getApplyList, { reqseq: 'r' }, owner);
  for (const tab of body.data!.lists) {
    const item = tab.items.find((entry) => entry.id === id);
    if (item) return { tab: tab.label, item };
  }
  return null;
}

describe('review queues and one application', () => {
  it('lists submitted applications by stage with applicants, business, numbers and times, oldest first; drafts never', async () => {
    const first = await submittedCancellation();
    const second = await submittedCancellation();
    const draft = await startApplication(hall, owner, 'pd-400-4');
    const lists = await queues();
    expect(lists.map(({ stage, label, status }) => ({ stage, label, status }))).toEqual([
      { stage: 'cadastralSurvey', label: '权籍调查审核', status: 0 },
      { stage: 'acceptance', label: '受理审核', status: 10 },
    ]);
    const ids = lists[0]!.items.map((item) => item.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(ids).not.toContain(draft);
    const item = lists[0]!.items.find((entry) => entry.id === first)!;
    expect(item).toMatchObject({ name: BUSINESS, business_name: BUSINESS, djlx: '400', djlx_name: '注销登记', shzt: 0, user_name: '赵六', sqr_names: ['赵六'] });
    expect(item.prolsh).toMatch(/^HD\d{12,}$/);
    expect(item.tjsj).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const one = await callHall(hall, contract.getReviewList, { reqseq: 'r', stage: 'acceptance' }, operator);
    expect(one.body.data!.lists.map((queue) => queue.stage)).toEqual(['acceptance']);
  });

  it("lists each application's own applicants, in the order they were entered", async () => {
    const joint = await startApplication(hall, owner, 'pd-400-4');
    for (const name of ['赵六', '孙八']) expect((await addPerson(hall, owner, joint, personPayload({ sqrxm: name }))).body.errcode).toBe('00');
    expect((await saveCancellation(joint, '房屋灭失')).body.state).toBe(1);
    for (const material of (await materialsOf(hall, owner, joint)).filter((m) => m.required === '是')) await attachPicture(hall, owner, material.id);
    expect((await submit(joint)).status).toBe(200);
    const single = await submittedCancellation();
    const items = (await queues())[0]!.items;
    expect(items.find((item) => item.id === joint)!.sqr_names).toEqual(['赵六', '孙八']);
    expect(items.find((item) => item.id === single)!.sqr_names).toEqual(['赵六']);
  });

  it('pages a queue in the same order: pageSize items from page, none past the end; a page over 500 is refused', async () => {
    await submittedCancellation();
    await submittedCancellation();
    const whole = await queued('cadastralSurvey');
    expect(whole.length).toBeGreaterThanOrEqual(2);
    const page = async (number: number, pageSize: number) => {
      const { status, body } = await callHall(hall, contract.getReviewList, { reqseq: 'r', stage: 'cadastralSurvey', page: number, pageSize }, operator);
      expect(status, JSON.stringify(body)).toBe(200);
      return body.data!.lists[0]!.items.map((item) => item.id);
    };
    expect(await page(1, 1)).toEqual([whole[0]]);
    expect(await page(2, 1)).toEqual([whole[1]]);
    expect(await page(1, whole.length)).toEqual(whole);
    expect(await page(whole.length + 1, 1)).toEqual([]);
    // Whatever the page, the queue says how many wait at its stage.
    const paged = await callHall(hall, contract.getReviewList, { reqseq: 'r', page: 2, pageSize: 1 }, operator);
    const totals = Object.fromEntries(paged.body.data!.lists.map((queue) => [queue.stage, queue.total]));
    expect(totals).toEqual({ cadastralSurvey: whole.length, acceptance: (await queued('acceptance')).length });
    const roomy = await callHall(hall, contract.getReviewList, { reqseq: 'r', stage: 'cadastralSurvey', page: 1, pageSize: whole.length + 5 }, operator);
    expect(roomy.body.data!.lists[0]!.total).toBe(whole.length);
    const tight = await callHall(hall, contract.getReviewList, { reqseq: 'r', stage: 'cadastralSurvey', page: 1, pageSize: whole.length }, operator);
    expect(tight.body.data!.lists[0]!.total).toBe(whole.length);
    const tooLarge = await callHall(hall, contract.getReviewList, { reqseq: 'r', page: 1, pageSize: 501 }, operator);
    expect(tooLarge.status).toBe(400);
  });

  it('reads one submitted application with its persons, rights and materials; pictures open for operators only', async () => {
    const id = await submittedCancellation();
    const { status, body } = await callHall(hall, contract.getReviewApply, { reqseq: 'r', proinstid: id }, operator);
    expect(status, JSON.stringify(body)).toBe(200);
    const detail = body.data as ReviewApplicationDetail;
    expect(detail).toMatchObject({ business_name: BUSINESS, stage: 'cadastralSurvey', proinst: { id, shzt: 0, user_name: '赵六' } });
    expect(detail.sqrs.map((person) => person.sqr_name)).toEqual(['赵六']);
    expect(detail.qlxxInfo[0]).toMatchObject({ savetype: '4' });
    const picture = detail.materials.flatMap((material) => material.pro_attachment)[0]!;
    expect(picture.url).toMatch(/^\/online\/wx\/apilist\/reviewMaterialFile\?id=/);
    const seen = await hall.app.inject({ method: 'GET', url: picture.url, headers: { cookie: operator } });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect(seen.rawPayload.equals(PNG)).toBe(true);
    const refused = await hall.app.inject({ method: 'GET', url: picture.url, headers: { cookie: owner } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ errmsg: '请先登录管理端' });
    const counter = await hall.app.inject({ method: 'GET', url: picture.url, headers: { cookie: await hall.operator('counter') } });
    expect(counter.statusCode).toBe(403);

    const draft = await startApplication(hall, owner, 'pd-400-4');
    const hidden = await callHall(hall, contract.getReviewApply, { reqseq: 'r', proinstid: draft }, operator);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ errcode: '01', errmsg: '查询无数据' });
  });
});

describe('the two review stages', () => {
  it('权籍调查审核 passes 0 → 10 and 受理审核 accepts 10 → 20, opening the registry case the progress query finds', async () => {
    const id = await submittedCancellation();
    const { prolsh } = await rowOf(id);
    const passed = await review(id, 'cadastralSurvey', 'pass');
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    expect(passed.body).toEqual({ errcode: '00', errmsg: '审核通过', data: { shzt: 10, prolsh } });
    expect(await queued('cadastralSurvey')).not.toContain(id);
    expect(await queued('acceptance')).toContain(id);
    expect(await citizenSees(id)).toMatchObject({ tab: '审核通过', item: { shzt: 10, kyy: '0' } });

    const accepted = await review(id, 'acceptance', 'pass');
    expect(accepted.body).toEqual({ errcode: '00', errmsg: '审核通过', data: { shzt: 20, prolsh } });
    expect(await queued('acceptance')).not.toContain(id);
    expect(await citizenSees(id)).toMatchObject({ tab: '审核通过', item: { shzt: 20, prolsh, kyy: '1' } });
    const progress = await callHall(hall, contract.querySearch, { reqseq: 'r', appPlosh: prolsh! }, owner);
    expect(progress.body.data).toEqual([{ serialNumber: prolsh, name: `赵六 ${BUSINESS}`, processName: '注销登记', actStart: expect.stringMatching(/^\d{4}-/), activityName: '受理' }]);
    const detail = (await callHall(hall, contract.getReviewApply, { reqseq: 'r', proinstid: id }, operator)).body.data as ReviewApplicationDetail;
    expect(detail.stage).toBeNull();
  });

  it('an opinion written with a pass is kept: on the application, in the audit row and the decision, and in the detail', async () => {
    // Another citizen's: the owner's uploads of this file would meet the upload limit.
    const id = await submittedCancellation(await verifiedCitizen(hall, 'review-opinions', '赵六'));
    expect((await review(id, 'cadastralSurvey', 'pass', ' 权籍调查无异议 ')).status).toBe(200);
    expect((await review(id, 'acceptance', 'pass', '材料齐全，予以受理')).status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ shzt: 20, shQjdcYj: '权籍调查无异议', shXmslYj: '材料齐全，予以受理' });
    const detail = (await callHall(hall, contract.getReviewApply, { reqseq: 'r', proinstid: id }, operator)).body.data as ReviewApplicationDetail;
    expect(detail.proinst.pro_slxmsh).toEqual({ sh_qjdc_yj: '权籍调查无异议', sh_xmsl_yj: '材料齐全，予以受理' });
    const trail = await hall.connection.db
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.target, `application:${id}`));
    expect(trail.filter((row) => row.action === 'review.pass').map((row) => row.after)).toEqual([
      expect.objectContaining({ stage: 'cadastralSurvey', sh_qjdc_yj: '权籍调查无异议' }),
      expect.objectContaining({ stage: 'acceptance', sh_xmsl_yj: '材料齐全，予以受理' }),
    ]);
    const decisions = await hall.connection.db
      .select()
      .from(reviewDecisions)
      .where(eq(reviewDecisions.applicationId, Number(id)));
    expect(decisions.map((row) => [row.stage, row.decision, row.opinion])).toEqual([
      ['cadastralSurvey', 'pass', '权籍调查无异议'],
      ['acceptance', 'pass', '材料齐全，予以受理'],
    ]);
  });

  it('an acceptance gives a number to an application that has none', async () => {
    const id = await submittedCancellation();
    // Without a number, and booked already (kyy 2): the booking slip stays.
    await hall.connection.db
      .update(applications)
      .set({ shzt: 10, prolsh: null, kyy: '2' })
      .where(eq(applications.id, Number(id)));
    const accepted = await review(id, 'acceptance', 'pass');
    const { prolsh } = accepted.body.data as { prolsh: string };
    expect(prolsh).toMatch(/^HD\d{12,}$/);
    expect(await hall.connection.db.select().from(registryCases).where(eq(registryCases.serialNumber, prolsh))).toHaveLength(1);
    expect((await rowOf(id)).kyy).toBe('2');
  });

  it('权籍调查审核 rejects 0 → 11 with sh_qjdc_yj; the citizen sees it under 已驳回, edits and submits again to 待审核', async () => {
    const id = await submittedCancellation();
    const { prolsh } = await rowOf(id);
    const opinion = '不动产权证号与登记簿不一致，请核对后重新填写';
    const rejected = await review(id, 'cadastralSurvey', 'reject', `  ${opinion}  `);
    expect(rejected.body).toEqual({ errcode: '00', errmsg: '已驳回', data: { shzt: 11, prolsh } });
    expect(await rowOf(id)).toMatchObject({ shzt: 11, shQjdcYj: opinion, shXmslYj: '' });
    expect(await citizenSees(id)).toMatchObject({ tab: '已驳回', item: { shzt: 11, pro_slxmsh: { sh_qjdc_yj: opinion, sh_xmsl_yj: '' } } });
    expect(await queued('cadastralSurvey')).not.toContain(id);

    // The owner corrects it and submits again: pending, the same number, back in the survey queue.
    expect((await saveCancellation(id, '房屋已拆除')).body.state).toBe(1);
    const again = await submit(id);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data!.prolsh).toBe(prolsh);
    expect(await citizenSees(id)).toMatchObject({ tab: '待审核', item: { shzt: 0 } });
    expect(await queued('cadastralSurvey')).toContain(id);
    const detail = (await callHall(hall, contract.getReviewApply, { reqseq: 'r', proinstid: id }, operator)).body.data as ReviewApplicationDetail;
    expect(detail.qlxxInfo.find((record) => record.savetype === '4')).toMatchObject({ BDCZMH: CERTIFICATE, ZXYY: '房屋已拆除' });
  });

  it('受理审核 rejects 10 → 21 with sh_xmsl_yj; the citizen can edit and resubmit', async () => {
    const id = await submittedCancellation();
    await review(id, 'cadastralSurvey', 'pass');
    const opinion = '缺少房屋灭失证明，请补充上传';
    const rejected = await review(id, 'acceptance', 'reject', opinion);
    expect(rejected.body).toMatchObject({ errcode: '00', data: { shzt: 21 } });
    expect(await rowOf(id)).toMatchObject({ shzt: 21, shXmslYj: opinion });
    expect(await citizenSees(id)).toMatchObject({ tab: '已驳回', item: { pro_slxmsh: { sh_xmsl_yj: opinion } } });
    expect((await addPerson(hall, owner, id, personPayload({ sqrxm: '孙八' }))).body.errcode).toBe('00');
    expect((await submit(id)).status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ shzt: 0 });
  });
});

describe('refusals', () => {
  it('refuses citizens (no console session: 401) and operators without the 审核员 role (403), changing nothing', async () => {
    const id = await submittedCancellation();
    for (const cookie of [owner, stranger, '']) {
      const list = await callHall(hall, contract.getReviewList, { reqseq: 'r' }, cookie);
      expect(list.status).toBe(401);
      expect(list.body).toEqual({ errcode: '401', errmsg: '请先登录管理端' });
      expect((await callHall(hall, contract.getReviewApply, { reqseq: 'r', proinstid: id }, cookie)).status).toBe(401);
      const decided = await review(id, 'cadastralSurvey', 'pass', undefined, cookie);
      expect(decided.status).toBe(401);
    }
    for (const role of ['counter', 'content', 'admin'] as const) {
      const other = await hall.operator(role);
      const decided = await review(id, 'cadastralSurvey', 'pass', undefined, other);
      expect(decided.status).toBe(403);
      expect(decided.body).toEqual({ errcode: '01', errmsg: '您没有此项操作的权限' });
      expect((await callHall(hall, contract.getReviewList, { reqseq: 'r' }, other)).status).toBe(403);
    }
    expect((await rowOf(id)).shzt).toBe(0);
  });

  it('a rejection needs an opinion, within 500 characters', async () => {
    const id = await submittedCancellation();
    for (const opinion of [undefined, '', '   ']) {
      const { status, body } = await review(id, 'cadastralSurvey', 'reject', opinion);
      expect(status).toBe(400);
      expect(body).toEqual({ errcode: '01', errmsg: '请填写驳回意见，告诉申请人需要修改什么' });
    }
    const long = await review(id, 'cadastralSurvey', 'reject', '意'.repeat(501));
    expect(long.status).toBe(400);
    expect(long.body.errmsg).toBe('审核意见不能超过500字');
    expect(await rowOf(id)).toMatchObject({ shzt: 0, shQjdcYj: '' });
  });

  it('a decision at the wrong stage is refused in Chinese (409), a draft or unknown id is 查询无数据, nothing changed', async () => {
    const id = await submittedCancellation();
    const early = await review(id, 'acceptance', 'pass');
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ errcode: '01', errmsg: '该申请当前状态为「待审核」，不在受理审核阶段，请刷新后查看' });
    expect((await rowOf(id)).shzt).toBe(0);

    await setStatus(hall, id, 20);
    const late = await review(id, 'cadastralSurvey', 'reject', '意见');
    expect(late.status).toBe(409);
    expect(late.body.errmsg).toBe('该申请当前状态为「审核通过」，不在权籍调查审核阶段，请刷新后查看');
    expect(await rowOf(id)).toMatchObject({ shzt: 20, shQjdcYj: '' });

    const draft = await startApplication(hall, owner, 'pd-400-4');
    const refused = await review(draft, 'cadastralSurvey', 'pass');
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ errcode: '01', errmsg: '查询无数据' });
    expect((await rowOf(draft)).shzt).toBe(-1);
    expect((await review('999999999', 'cadastralSurvey', 'pass')).status).toBe(404);
    expect((await review('abc', 'cadastralSurvey', 'pass')).status).toBe(404);
  });

  it('two operators deciding at once: one wins, the other is told, the row holds the winner', async () => {
    const id = await submittedCancellation();
    const results = await Promise.all([review(id, 'cadastralSurvey', 'pass'), review(id, 'cadastralSurvey', 'reject', '材料不全')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    const row = await rowOf(id);
    expect(row.shzt).toBe((winner.body.data as { shzt: number }).shzt);
    expect(row.shQjdcYj).toBe(row.shzt === 11 ? '材料不全' : '');
  });
});
