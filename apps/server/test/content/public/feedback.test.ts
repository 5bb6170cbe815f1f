import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { VALIDATION_MESSAGES } from '@hall/domain';
import { feedback, sessions } from '../../../src/db/schema';
import { SESSION_IDLE_MS } from '../../../src/services/session/sessions';
import { testHallForFile } from '../../hall';
import { rowById } from '../../rows';
import { callHall } from '../../call';
import { contract } from '@hall/api/internal';

const ADD = '/online/wx/apilist/addSugge';
const GET = '/online/wx/apilist/getSugge';
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const hall = testHallForFile();
let owner: string;
let other: string;
beforeAll(async () => {
  owner = await hall.login('feedback-owner');
  other = await hall.login('feedback-other');
});

async function storedCount(openid: string): Promise<number> {
  return (await hall.connection.db.select().from(feedback).where(eq(feedback.openid, openid))).length;
}

describe('sendSaveFeedback (addSugge)', () => {
  it('stores the feedback and answers webstate 1', async () => {
    const { status, body } = await callHall(hall, contract.sendSaveFeedback, { content: '  希望增加周末预约时段  ', reqseq: 'r1', openid: 'feedback-owner' }, owner);
    expect(status).toBe(200);
    expect(body.webstate).toBe(1);
    const id = body.data!.id;
    const row = await rowById(hall, feedback, id);
    expect(row).toMatchObject({ openid: 'feedback-owner', content: '希望增加周末预约时段', status: 0, reply: null });
  });

  it.each([
    ['empty', { content: '' }],
    ['only spaces', { content: '   \n ' }],
    ['missing', {}],
  ])('refuses %s content with webstate -1 and 信息未填写完整，请补充完整', async (_label, payload) => {
    const before = await storedCount('feedback-owner');
    const { status, body } = await callHall(hall, contract.sendSaveFeedback, { reqseq: 'r', openid: 'feedback-owner', ...payload }, owner);
    expect(status).toBe(400);
    expect(body).toMatchObject({ webstate: -1, errmsg: '信息未填写完整，请补充完整' });
    expect(await storedCount('feedback-owner')).toBe(before);
  });

  it('takes exactly 200 characters and refuses 201', async () => {
    const ok = await callHall(hall, contract.sendSaveFeedback, { content: '意'.repeat(200) }, owner);
    expect(ok.body.webstate).toBe(1);
    // Characters as a person counts them: 200 emoji are 200 characters, though 400 UTF-16 units.
    const emoji = await callHall(hall, contract.sendSaveFeedback, { content: '🏠'.repeat(200) }, owner);
    expect(emoji.body.webstate).toBe(1);
    const before = await storedCount('feedback-owner');
    const tooLong = await hall.post(ADD, { content: '意'.repeat(201) }, owner);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ webstate: -1, errmsg: VALIDATION_MESSAGES.feedbackTooLong });
    expect(await storedCount('feedback-owner')).toBe(before);
  });

  it("refuses a payload openid that is not the session's and stores nothing", async () => {
    const before = await storedCount('feedback-owner');
    const { status, body } = await callHall(hall, contract.sendSaveFeedback, { content: '冒名反馈', openid: 'feedback-owner' }, other);
    expect(status).toBe(403);
    expect(body).toMatchObject({ webstate: -1, errmsg: '身份信息不一致，请重新进入办事大厅' });
    expect(await storedCount('feedback-owner')).toBe(before);
    expect(await storedCount('feedback-other')).toBe(0);
  });

  it('needs a session', async () => {
    const { status, body } = await callHall(hall, contract.sendSaveFeedback, { content: '匿名' });
    expect(status).toBe(401);
    expect(body.status).toBe(-1);
  });

  it('answers malformed JSON, wrong types and runaway text with a 4xx and a Chinese errmsg', async () => {
    const malformed = await hall.app.inject({ method: 'POST', url: ADD, payload: '{"content":', headers: { cookie: owner, 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ webstate: -1 });
    expect(malformed.json().errmsg).toMatch(/[\u4e00-\u9fa5]/);
    const wrongType = await hall.post(ADD, { content: { text: '反馈' } }, owner);
    expect(wrongType.status).toBe(400);
    expect(String(wrongType.body.errmsg)).toMatch(/[\u4e00-\u9fa5]/);
    const runaway = await hall.post(ADD, { content: '长'.repeat(50_000) }, owner);
    expect(runaway.status).toBe(400);
    expect(String(runaway.body.errmsg)).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('does not inflate a compressed body (no browser sends one): a 400 with a Chinese errmsg, nothing stored', async () => {
    const before = await storedCount('feedback-owner');
    const gzipped = await hall.app.inject({
      method: 'POST',
      url: ADD,
      payload: gzipSync(JSON.stringify({ content: '压缩的反馈' })),
      headers: { cookie: owner, 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(gzipped.statusCode).toBe(400);
    expect(gzipped.json()).toMatchObject({ webstate: -1 });
    expect(gzipped.json().errmsg).toMatch(/[\u4e00-\u9fa5]/);
    expect(await storedCount('feedback-owner')).toBe(before);
  });
});

describe('getFeedBackListPage (getSuggeList) and getFeedBack (getSugge)', () => {
  it('lists only the session user’s feedback, newest first, with the spec’s fields', async () => {
    const citizen = await hall.login('feedback-lister');
    await callHall(hall, contract.sendSaveFeedback, { content: '第一条' }, citizen);
    await callHall(hall, contract.sendSaveFeedback, { content: '第二条' }, citizen);
    const { status, body } = await callHall(hall, contract.getFeedBackListPage, { reqseq: 'r', openid: 'feedback-lister', page: 1, rows: 15 }, citizen);
    expect(status).toBe(200);
    expect(body.webstate).toBe(1);
    const list = body.data as Record<string, unknown>[];
    expect(list.map((item) => item.yjnrstr)).toEqual(['第二条', '第一条']);
    expect(list[0]).toEqual({ id: expect.any(String), yjnrstr: '第二条', fknrstr: '', replycontent: '', tjsj: expect.stringMatching(DATETIME), fksj: '', status: 0 });
  });

  it('formats times as YYYY-MM-DD HH:mm:ss in Asia/Shanghai', async () => {
    const citizen = await hall.login('feedback-clock');
    await hall.connection.db.insert(feedback).values({ openid: 'feedback-clock', content: '跨日', createdAt: new Date('2026-01-01T16:30:05Z') });
    const { body } = await callHall(hall, contract.getFeedBackListPage, {}, citizen);
    expect(body.data![0]!.tjsj).toBe('2026-01-02 00:30:05');
  });

  it('shows an operator reply: fknrstr, replycontent, fksj and status 1', async () => {
    const citizen = await hall.login('feedback-replied');
    const submitted = await callHall(hall, contract.sendSaveFeedback, { content: '材料上传失败怎么办？' }, citizen);
    const id = submitted.body.data!.id;
    // A counter operator answers it in the console's inbox.
    const replied = await callHall(hall, contract.replyInboxFeedback, { id: Number(id), reply: ' 请压缩图片后重新上传。 ' }, await hall.operator('counter'));
    expect(replied.status, JSON.stringify(replied.body)).toBe(200);
    const { status, body } = await callHall(hall, contract.getFeedBack, { reqseq: 'r', id, openid: 'feedback-replied' }, citizen);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      webstate: 1,
      data: {
        id,
        yjnrstr: '材料上传失败怎么办？',
        fknrstr: '请压缩图片后重新上传。',
        replycontent: '请压缩图片后重新上传。',
        status: 1,
        fksj: expect.stringMatching(DATETIME),
        tjsj: expect.stringMatching(DATETIME),
      },
    });
    // A numeric id, as a form may send it, reads the same item.
    expect((await callHall(hall, contract.getFeedBack, { id: Number(id) }, citizen)).body.webstate).toBe(1);
  });

  it('a second citizen can neither list nor read the first one’s feedback', async () => {
    const mine = await callHall(hall, contract.getFeedBackListPage, {}, owner);
    const ownerItems = mine.body.data!;
    expect(ownerItems.length).toBeGreaterThan(0);
    const theirs = await callHall(hall, contract.getFeedBackListPage, {}, other);
    expect(theirs.body).toMatchObject({ webstate: 1, data: [] });
    const read = await callHall(hall, contract.getFeedBack, { id: ownerItems[0]!.id }, other);
    expect(read.status).toBe(404);
    expect(read.body).toMatchObject({ webstate: -1, errmsg: '查询无数据' });
    const asOwner = await callHall(hall, contract.getFeedBackListPage, { openid: 'feedback-owner' }, other);
    expect(asOwner.status).toBe(403);
    const getAsOwner = await callHall(hall, contract.getFeedBack, { id: ownerItems[0]!.id, openid: 'feedback-owner' }, other);
    expect(getAsOwner.status).toBe(403);
  });

  it('a missing or malformed id answers 查询无数据 with a 4xx', async () => {
    for (const id of ['999999999', 'abc', '1;drop table x', '99999999999999999999']) {
      const { status, body } = await callHall(hall, contract.getFeedBack, { id }, owner);
      expect(status).toBe(404);
      expect(body).toMatchObject({ webstate: -1, errmsg: '查询无数据' });
    }
    for (const payload of [{}, { id: '9'.repeat(30) }, { id: { $gt: 0 } }]) {
      const { status, body } = await hall.post(GET, payload, owner);
      expect(status).toBe(400);
      expect(body.webstate).toBe(-1);
      expect(String(body.errmsg)).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('the list, which finds the session in its own statement, refuses an ended, idle, pending, signed-out or forged session, and counts as a use', async () => {
    const listed = async (cookie: string) => (await callHall(hall, contract.getFeedBackListPage, {}, cookie)).body;
    const sessionOf = async (openid: string) => (await hall.connection.db.select().from(sessions).where(eq(sessions.openid, openid)))[0]!;
    const changes: [string, Partial<typeof sessions.$inferInsert> | 'signed out'][] = [
      ['ended', { expiresAt: new Date(Date.now() - 1000) }],
      ['idle', { lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) }],
      ['pending', { state: 'pending' }],
      ['signed out', 'signed out'],
    ];
    for (const [label, change] of changes) {
      const openid = `feedback-session-${label.replace(' ', '-')}`;
      const cookie = await hall.login(openid);
      await callHall(hall, contract.sendSaveFeedback, { content: '我的意见' }, cookie);
      expect((await listed(cookie)).data, label).toHaveLength(1);
      const { id } = await sessionOf(openid);
      if (change === 'signed out') await hall.connection.db.delete(sessions).where(eq(sessions.id, id));
      else await hall.connection.db.update(sessions).set(change).where(eq(sessions.id, id));
      const refused = await listed(cookie);
      expect(refused.status, label).toBe(-1);
      expect(refused.data, label).toBeUndefined();
    }
    // The id without its signature is not a session, though the row is live.
    const { id } = await sessionOf('feedback-owner');
    expect((await listed(`hall_sid=${id}`)).status).toBe(-1);
    // Used within the idle limit: the use is written, so the session stays.
    await hall.connection.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 10 * 60 * 1000) })
      .where(eq(sessions.id, id));
    expect((await listed(owner)).webstate).toBe(1);
    expect((await sessionOf('feedback-owner')).lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('need a session', async () => {
    expect((await callHall(hall, contract.getFeedBackListPage, {})).body.status).toBe(-1);
    expect((await callHall(hall, contract.getFeedBack, { id: '1' })).body.status).toBe(-1);
  });
});
