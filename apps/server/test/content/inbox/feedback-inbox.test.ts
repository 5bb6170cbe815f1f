import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FEEDBACK_ALREADY_REPLIED, FEEDBACK_REPLY_REQUIRED, FEEDBACK_REPLY_TOO_LONG, type FeedbackItem, type InboxFeedbackDetail } from '@hall/api/internal';
import { auditTrail, feedback } from '../../../src/db/schema';
import { testHallForFile } from '../../hall';
import { rowById, auditedChanges } from '../../rows';
import { callHall } from '../../call';
import { contract } from '@hall/api/internal';

const LIST = '/online/admin/api/feedback/list';
const GET = '/online/admin/api/feedback/get';
const REPLY = '/online/admin/api/feedback/reply';
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const hall = testHallForFile();
let citizen: string;
let counter: string;
beforeAll(async () => {
  citizen = await hall.quickCitizen('inbox-citizen', { name: '孙八', phone: '13912345678' });
  counter = await hall.operator('counter');
});

/** The citizen writes feedback through the citizen app's call; answers its id. */
async function citizenWrites(content: string, cookie = citizen): Promise<string> {
  const { body } = await callHall(hall, contract.sendSaveFeedback, { content }, cookie);
  expect(body.webstate, JSON.stringify(body)).toBe(1);
  return body.data!.id;
}

async function inbox(payload: Record<string, unknown> = {}, cookie = counter) {
  const { status, body } = await callHall(hall, contract.listInboxFeedback, payload, cookie);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data!;
}

const rowOf = async (id: string) => (await rowById(hall, feedback, id))!;
const auditCount = () => auditedChanges(hall);

describe('who may use the inbox', () => {
  it('refuses every call to a citizen (401) and to an operator without the 窗口人员 role (403), and changes nothing', async () => {
    const id = await citizenWrites('请问周六可以办理吗');
    const reviewer = await hall.operator('reviewer');
    const content = await hall.quickOperator('inbox-content', ['content']);
    const before = await auditCount();
    for (const [path, payload] of [
      [LIST, {}],
      [GET, { id }],
      [REPLY, { id, reply: '可以' }],
    ] as const) {
      const asCitizen = await hall.post(path, payload, citizen);
      expect(asCitizen.status, path).toBe(401);
      const anonymous = await hall.post(path, payload);
      expect(anonymous.status, path).toBe(401);
      for (const cookie of [reviewer, content]) {
        const wrongRole = await hall.post(path, payload, cookie);
        expect(wrongRole.status, path).toBe(403);
        expect(typeof wrongRole.body.errmsg).toBe('string');
      }
    }
    expect(await rowOf(id)).toMatchObject({ status: 0, reply: null, repliedAt: null });
    expect(await auditCount()).toBe(before);
  });

  it('lets an administrator holding the counter role in too', async () => {
    const both = await hall.quickOperator('inbox-both', ['admin', 'counter']);
    expect((await callHall(hall, contract.listInboxFeedback, {}, both)).status).toBe(200);
  });
});

describe('the inbox list', () => {
  it('shows unanswered first, newest first, with the citizen name, and finds text literally', async () => {
    const older = await citizenWrites('办事大厅停车位太少');
    const newer = await citizenWrites('希望延长50%的办理时间');
    const answered = await citizenWrites('网上预约很方便');
    expect((await callHall(hall, contract.replyInboxFeedback, { id: answered, reply: '感谢您的肯定' }, counter)).status).toBe(200);

    const { items, waiting, total } = await inbox();
    const ids = items.map((item) => item.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(answered));
    expect(items.every((item, index) => index === 0 || items[index - 1]!.status <= item.status)).toBe(true);
    expect(waiting).toBe(items.filter((item) => item.status === 0).length);
    expect(total).toBe(items.length);
    expect(items.find((item) => item.id === newer)).toMatchObject({ content: '希望延长50%的办理时间', citizenName: '孙八', status: 0, reply: '', repliedAt: '' });
    expect(items.find((item) => item.id === newer)!.submittedAt).toMatch(DATETIME);

    expect((await inbox({ search: '50%' })).items.map((item) => item.id)).toEqual([newer]);
    // % and _ are literal: "5_%" matches nothing.
    expect((await inbox({ search: '5_%' })).items).toEqual([]);
    // The search also finds a reply's text.
    expect((await inbox({ search: '肯定' })).items.map((item) => item.id)).toEqual([answered]);
    expect((await inbox({ only: 'waiting' })).items.every((item) => item.status === 0)).toBe(true);
  });

  it('pages by 20', async () => {
    // Straight into the table: the citizen's call is rate limited, and the paging is the inbox's business.
    const start = Date.now() - 3_600_000;
    await hall.connection.db.insert(feedback).values(Array.from({ length: 21 }, (_, index) => ({ openid: 'inbox-pager', content: `分页测试${index}`, createdAt: new Date(start + index * 1000) })));
    const first = await inbox({ search: '分页测试' });
    const second = await inbox({ search: '分页测试', page: 2 });
    expect(first).toMatchObject({ total: 21, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.content).toBe('分页测试0');
  });
});

describe('one item and the reply', () => {
  it('opens an item with the citizen name and masked phone; an unknown id is 查询无数据', async () => {
    const id = await citizenWrites('窗口排队时间太长');
    const { status, body } = await callHall(hall, contract.getInboxFeedback, { id }, counter);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id, content: '窗口排队时间太长', citizenName: '孙八', maskedPhone: '139****5678', status: 0, reply: '', repliedBy: '' });
    for (const unknown of ['987654321', 'abc']) {
      const missing = await callHall(hall, contract.getInboxFeedback, { id: unknown }, counter);
      expect(missing.status).toBe(404);
      expect(missing.body.errmsg).toBe('查询无数据');
    }
  });

  it('a citizen without a phone shows none', async () => {
    const cookie = await hall.quickCitizen('inbox-no-phone', { phone: '' });
    const id = await citizenWrites('没有手机号的反馈', cookie);
    expect(((await callHall(hall, contract.getInboxFeedback, { id }, counter)).body.data as InboxFeedbackDetail).maskedPhone).toBe('');
  });

  it('stores the reply, audits it, and the citizen list and detail show it as spec part 1 §3 says', async () => {
    const id = await citizenWrites('材料清单在哪里下载');
    const { status, body } = await callHall(hall, contract.replyInboxFeedback, { id, reply: '  请在首页“资料下载”中下载。 ' }, counter);
    expect(status, JSON.stringify(body)).toBe(200);
    const detail = body.data as InboxFeedbackDetail;
    // 回复人 names the person (the demo 窗口人员 张窗口); the trail keeps the account.
    expect(detail).toMatchObject({ id, status: 1, reply: '请在首页“资料下载”中下载。', repliedBy: '张窗口' });
    expect(detail.repliedAt).toMatch(DATETIME);

    const [entry] = await hall.connection.db
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.target, `feedback:${id}`));
    expect(entry).toMatchObject({ action: 'feedback.reply', operatorName: 'counter', before: { status: 0, reply: null }, after: { status: 1, reply: '请在首页“资料下载”中下载。' } });

    const list = await callHall(hall, contract.getFeedBackListPage, {}, citizen);
    const listed = (list.body.data as FeedbackItem[]).find((item) => item.id === id)!;
    const one = await callHall(hall, contract.getFeedBack, { id }, citizen);
    for (const item of [listed, one.body.data as FeedbackItem]) {
      expect(item).toMatchObject({ id, yjnrstr: '材料清单在哪里下载', fknrstr: '请在首页“资料下载”中下载。', replycontent: '请在首页“资料下载”中下载。', status: 1, fksj: detail.repliedAt });
      expect(item.tjsj).toMatch(DATETIME);
    }
  });

  it('refuses an empty reply and one over 500 characters with what to do, and keeps the item waiting', async () => {
    const id = await citizenWrites('回复长度测试');
    for (const [reply, message] of [
      ['   ', FEEDBACK_REPLY_REQUIRED],
      ['答'.repeat(501), FEEDBACK_REPLY_TOO_LONG],
    ]) {
      const { status, body } = await hall.post(REPLY, { id, reply }, counter);
      expect(status).toBe(400);
      expect(body.errmsg).toBe(message);
    }
    expect(await rowOf(id)).toMatchObject({ status: 0, reply: null });
    // 500 characters as a person counts them (emoji are one each) is fine.
    expect((await hall.post(REPLY, { id, reply: '🏠'.repeat(500) }, counter)).status).toBe(200);
  });

  it('a reply is final: a second reply is refused with a clear message and the first stays', async () => {
    const id = await citizenWrites('能否增加自助机');
    expect((await callHall(hall, contract.replyInboxFeedback, { id, reply: '已反馈给相关部门' }, counter)).status).toBe(200);
    const before = await auditCount();
    const again = await callHall(hall, contract.replyInboxFeedback, { id, reply: '改一下回复' }, counter);
    expect(again.status).toBe(409);
    expect(again.body.errmsg).toBe(FEEDBACK_ALREADY_REPLIED);
    expect((await rowOf(id)).reply).toBe('已反馈给相关部门');
    expect(await auditCount()).toBe(before);
    const missing = await callHall(hall, contract.replyInboxFeedback, { id: '987654321', reply: '回复' }, counter);
    expect(missing.status).toBe(404);
  });

  it('of two operators replying at once exactly one wins, and only that reply is audited', async () => {
    const id = await citizenWrites('并发回复测试');
    const second = await hall.quickOperator('inbox-second', ['counter']);
    const results = await Promise.all([
      callHall(hall, contract.replyInboxFeedback, { id, reply: '甲的回复' }, counter),
      callHall(hall, contract.replyInboxFeedback, { id, reply: '乙的回复' }, second),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const winner = results.find((result) => result.status === 200)!.body.data as InboxFeedbackDetail;
    expect((await rowOf(id)).reply).toBe(winner.reply);
    const entries = await hall.connection.db
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.target, `feedback:${id}`));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.after).toMatchObject({ reply: winner.reply });
  });
});
