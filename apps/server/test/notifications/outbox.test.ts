import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contract } from '@hall/api';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseConnection } from '../../src/db/client';
import { notificationDeliveries, notifications } from '../../src/db/schema';
import { createContext } from '../../src/hall';
import { deliverDue, type OutgoingMessage } from '../../src/services/notifications/delivery';
import { channelSenders } from '../../src/services/notifications/channels';
import { API, setStatus, startApplication, verifiedCitizen } from '../application-helpers';
import { callHall } from '../call';
import { testHallForFile } from '../hall';

// The delivery job is off: each test runs the passes itself, as many processes as it wants.
const hall = testHallForFile({ HALL_NOTIFY_POLL_MS: 0 });
let owner: string;
let stranger: string;
let reviewer: string;
beforeAll(async () => {
  owner = await verifiedCitizen(hall, 'notify-owner', '赵六');
  stranger = await verifiedCitizen(hall, 'notify-stranger', '钱七');
  reviewer = await hall.operator('reviewer');
});

const db = () => hall.connection.db;
const review = (proinstid: string, decision: 'pass' | 'reject', opinion?: string) =>
  hall.post(`${API}/reviewApply`, { reqseq: 'r', proinstid, stage: 'cadastralSurvey', decision, ...(opinion ? { opinion } : {}) }, reviewer);

/** An application of the owner's waiting at the cadastral survey (shzt 0). */
async function pendingApplication(): Promise<string> {
  const id = await startApplication(hall, owner, 'pd-400-4');
  await setStatus(hall, id, 0);
  return id;
}

const messagesOf = async (cookie: string) => (await callHall(hall, contract.listMessages, { page: 1 }, cookie)).body.data!;
const deliveriesOf = (notificationId: number) => db().select().from(notificationDeliveries).where(eq(notificationDeliveries.notificationId, notificationId));

describe('the outbox', () => {
  it('a rejection writes one message with the opinion, opening the application, and one waiting SMS; the badge counts it until opened', async () => {
    const id = await pendingApplication();
    const before = (await callHall(hall, contract.unreadMessages, {}, owner)).body.data!.unread;
    const { status } = await review(id, 'reject', '权属来源材料不全，请补充购房合同');
    expect(status).toBe(200);
    const list = await messagesOf(owner);
    const message = list.items.find((item) => item.link.endsWith(`id=${id}`))!;
    expect(message).toMatchObject({ event: 'surveyRejected', title: '权籍调查审核未通过', read: false, link: `/applyDetailZxdj?id=${id}` });
    expect(message.body).toContain('审核意见：权属来源材料不全，请补充购房合同');
    expect(list.unread).toBe(before + 1);
    expect((await callHall(hall, contract.unreadMessages, {}, owner)).body.data!.unread).toBe(before + 1);
    expect((await deliveriesOf(Number(message.id))).map((row) => [row.channel, row.state])).toEqual([['sms', 'waiting']]);

    const stolen = await callHall(hall, contract.openMessage, { id: message.id }, stranger);
    expect(stolen.status).toBe(404);
    expect(stolen.body.errmsg).toBe('该消息不存在或已删除');
    expect((await messagesOf(stranger)).items.some((item) => item.id === message.id)).toBe(false);

    const opened = await callHall(hall, contract.openMessage, { id: message.id }, owner);
    expect(opened.body.data).toMatchObject({ id: message.id, read: true });
    expect((await callHall(hall, contract.unreadMessages, {}, owner)).body.data!.unread).toBe(before);
  });

  it('a refused decision writes nothing: the change and its message go together', async () => {
    const id = await pendingApplication();
    const count = (await messagesOf(owner)).total;
    expect((await review(id, 'reject')).status).toBe(400);
    expect((await messagesOf(owner)).total).toBe(count);
  });

  it('masks an ID number an operator typed into the opinion', async () => {
    const id = await pendingApplication();
    await review(id, 'reject', '申请人11010519491231002X身份证已过期');
    const message = (await messagesOf(owner)).items.find((item) => item.link.endsWith(`id=${id}`))!;
    expect(message.body).toContain('1101**********002X');
    expect(message.body).not.toContain('11010519491231002X');
  });

  it('a feedback reply tells its writer, once, with the reply', async () => {
    const sent = await callHall(hall, contract.sendSaveFeedback, { content: '希望增加周末办理时间' }, owner);
    const feedbackId = sent.body.data!.id;
    const counter = await hall.operator('counter');
    expect((await callHall(hall, contract.replyInboxFeedback, { id: feedbackId, reply: '周六上午已开放窗口' }, counter)).status).toBe(200);
    const rows = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `feedbackReplied:feedback:${feedbackId}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ openid: 'notify-owner', body: '您的反馈已收到回复：周六上午已开放窗口', link: `/feedBackDetail?id=${feedbackId}` });
  });
});

describe('delivery', () => {
  it('two processes retrying a flaky channel send each message exactly once, after exponential back-off', async () => {
    const ids = await Promise.all([pendingApplication(), pendingApplication(), pendingApplication()]);
    for (const id of ids) await review(id, 'pass');
    const sends = new Map<string, number>();
    let calls = 0;
    // The first two tries of every message fail, the third is taken.
    const flaky = async (message: OutgoingMessage) => {
      calls += 1;
      const tries = (sends.get(message.key) ?? 0) + 1;
      sends.set(message.key, tries);
      if (tries < 3) throw new Error(`短信网关暂不可用（第${tries}次）`);
    };
    const second = connectDatabase(hall.databaseUrl, 3);
    try {
      const options = { senders: { sms: flaky }, firstBackoffMs: 1, maxBackoffMs: 5 };
      for (let round = 0; round < 20; round += 1) {
        await Promise.all([deliverDue(db(), options), deliverDue(second.db, options)]);
        const waiting = await db().select().from(notificationDeliveries).where(eq(notificationDeliveries.state, 'waiting'));
        if (waiting.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await second.close();
    }
    const rows = await db().select().from(notificationDeliveries);
    expect(rows.every((row) => row.state === 'sent')).toBe(true);
    expect(rows.every((row) => row.attempts === 3 && row.lastError === '')).toBe(true);
    expect([...sends.values()].every((tries) => tries === 3)).toBe(true);
    expect(calls).toBe(rows.length * 3);
  });

  it('a delivery claimed by a process that died waits out the claim, then another process sends it once', async () => {
    const id = await pendingApplication();
    await review(id, 'pass');
    const message = (await messagesOf(owner)).items.find((item) => item.link.endsWith(`id=${id}`) && item.event === 'surveyPassed')!;
    const [delivery] = await deliveriesOf(Number(message.id));
    // What a killed process leaves: the claim taken (a try counted, the row held until the claim ends), nothing settled.
    await db()
      .update(notificationDeliveries)
      .set({ attempts: 1, nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(eq(notificationDeliveries.id, delivery!.id));
    const sent: string[] = [];
    const sms = async (outgoing: OutgoingMessage) => void sent.push(outgoing.key);
    await deliverDue(db(), { senders: { sms } });
    expect(sent).toEqual([]);
    await db()
      .update(notificationDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(notificationDeliveries.id, delivery!.id));
    await deliverDue(db(), { senders: { sms } });
    await deliverDue(db(), { senders: { sms } });
    expect(sent).toEqual([`${message.id}-sms`]);
    expect((await deliveriesOf(Number(message.id)))[0]).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it("WeChat: the processes share one token, errors are retried, and each message reaches WeChat's API once", async () => {
    const received: Array<{ touser: string; template_id: string; url: string }> = [];
    let tokens = 0;
    let sendCalls = 0;
    // WeChat's API as the test runs it: the first two sends answer "system busy", then every send is taken.
    const wechat: Server = createServer((request, response) => {
      const url = new URL(request.url!, 'http://wechat.test');
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        if (url.pathname === '/cgi-bin/token') {
          tokens += 1;
          return response.end(JSON.stringify({ access_token: 'token-1', expires_in: 7200 }));
        }
        if (url.pathname === '/cgi-bin/message/template/send' && url.searchParams.get('access_token') === 'token-1') {
          sendCalls += 1;
          if (sendCalls <= 2) return response.end(JSON.stringify({ errcode: -1, errmsg: 'system error' }));
          received.push(JSON.parse(body));
          return response.end(JSON.stringify({ errcode: 0, errmsg: 'ok', msgid: sendCalls }));
        }
        response.statusCode = 404;
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => wechat.listen(0, '127.0.0.1', resolve));
    const env = {
      ...hall.env,
      HALL_NOTIFY_CHANNELS: 'wechat',
      WECHAT_APPID: 'wx-notify-test',
      WECHAT_SECRET: 'secret',
      WECHAT_API_BASE: `http://127.0.0.1:${(wechat.address() as AddressInfo).port}`,
      WECHAT_TEMPLATES: 'surveyPassed=TPL-SURVEY-PASSED',
    };
    const connections: DatabaseConnection[] = [connectDatabase(hall.databaseUrl, 3), connectDatabase(hall.databaseUrl, 3)];
    try {
      expect((await callHall(hall, contract.saveNotifyChannels, { sms: false, wechat: true }, owner)).body.data).toEqual({ sms: false, wechat: true });
      const ids = await Promise.all([pendingApplication(), pendingApplication()]);
      for (const id of ids) await review(id, 'pass');
      const processes = await Promise.all(connections.map((connection) => createContext({ env, db: connection.db, pool: connection.pool, filesDir: hall.filesDir })));
      const options = processes.map((process) => ({ senders: channelSenders(process), firstBackoffMs: 1, maxBackoffMs: 5 }));
      for (let round = 0; round < 20 && received.length < 2; round += 1) {
        await Promise.all(processes.map((process, index) => deliverDue(process.db, options[index]!)));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(received.map((message) => message.template_id)).toEqual(['TPL-SURVEY-PASSED', 'TPL-SURVEY-PASSED']);
      expect(received.every((message) => message.touser === 'notify-owner')).toBe(true);
      expect(new Set(received.map((message) => message.url)).size).toBe(2);
      // The token is shared through the settings table: at most one fetch per process that found it missing at the same moment.
      expect(tokens).toBeLessThanOrEqual(processes.length);
      const wechatRows = await db().select().from(notificationDeliveries).where(eq(notificationDeliveries.channel, 'wechat'));
      expect(wechatRows.map((row) => row.state)).toEqual(['sent', 'sent']);
      expect(wechatRows.reduce((sum, row) => sum + row.attempts, 0)).toBe(4);
    } finally {
      await callHall(hall, contract.saveNotifyChannels, { sms: true, wechat: false }, owner);
      for (const connection of connections) await connection.close();
      await new Promise((resolve) => wechat.close(resolve));
    }
  });
});
