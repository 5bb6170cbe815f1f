import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FeedbackItem } from '@hall/api';
import { feedback } from '../../../src/db/schema';
import { submitFeedback } from '../../../src/services/content/public/feedback';
import { testHallForFile } from '../../hall';
import { statementsWhile } from '../../statement-count';
import { callHall } from '../../call';
import { contract } from '@hall/api/internal';

// Feedback sent by many citizens at once is stored one statement per turn of the event loop
// (lib/batched-insert.ts): each citizen's own words in a row of their own, and nothing of anyone lost.

const hall = testHallForFile();
const CITIZENS = 12;
const citizens: { openid: string; cookie: string }[] = [];
const isFeedbackInsert = (statement: { text?: string }) => /INSERT INTO "feedback"/i.test(statement.text ?? '');

beforeAll(async () => {
  for (let i = 0; i < CITIZENS; i++) {
    const openid = `writer-${i}`;
    citizens.push({ openid, cookie: await hall.quickCitizen(openid) });
  }
});

describe('feedback from many citizens at once', () => {
  it('a dozen citizens sending together: fewer statements than requests, each stored as its own and listed to its own citizen only', async () => {
    const { result, statements } = await statementsWhile(hall.connection, isFeedbackInsert, () =>
      Promise.all(citizens.map((citizen) => callHall(hall, contract.sendSaveFeedback, { openid: citizen.openid, content: `  ${citizen.openid} 建议增加周末窗口  ` }, citizen.cookie))),
    );
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThan(CITIZENS);
    const ids = result.map(({ status, body }) => {
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.errmsg).toBe('提交成功');
      return body.data!.id;
    });
    expect(new Set(ids).size).toBe(CITIZENS);
    const lists = await Promise.all(citizens.map((citizen) => callHall(hall, contract.getFeedBackListPage, { openid: citizen.openid }, citizen.cookie)));
    lists.forEach(({ body }, i) => {
      const items = body.data as FeedbackItem[];
      // The id each citizen was given is the row of their own words, trimmed as the spec stores them.
      expect(items.map((item) => [item.id, item.yjnrstr])).toEqual([[ids[i], `writer-${i} 建议增加周末窗口`]]);
    });
  });

  it('the same words sent twice in one turn by one citizen are two items', async () => {
    const citizen = citizens[0]!;
    const before = await hall.connection.db.select().from(feedback).where(eq(feedback.openid, citizen.openid));
    const replies = await Promise.all([1, 2].map(() => callHall(hall, contract.sendSaveFeedback, { openid: citizen.openid, content: '请延长午间办理时间' }, citizen.cookie)));
    const ids = replies.map(({ body }) => body.data!.id);
    expect(ids[0]).not.toBe(ids[1]);
    const after = await hall.connection.db.select().from(feedback).where(eq(feedback.openid, citizen.openid));
    expect(after.length - before.length).toBe(2);
  });

  it('words PostgreSQL refuses fail their own submission only; the others of the turn are stored', async () => {
    // The input guard refuses a NUL byte before it reaches the service; this is the service's own guarantee behind it.
    const [good, bad, other] = citizens.slice(3, 6);
    const results = await Promise.allSettled([
      submitFeedback(hall.connection.db, good!.openid, '窗口服务很好'),
      submitFeedback(hall.connection.db, bad!.openid, '坏\u0000字'),
      submitFeedback(hall.connection.db, other!.openid, '希望增加停车位'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stored = await hall.connection.db.select().from(feedback);
    expect(stored.filter((row) => row.openid === bad!.openid).map((row) => row.content)).not.toContain('坏\u0000字');
    expect(stored.filter((row) => row.openid === bad!.openid)).toHaveLength(1);
    expect(stored.some((row) => row.openid === good!.openid && row.content === '窗口服务很好')).toBe(true);
    expect(stored.some((row) => row.openid === other!.openid && row.content === '希望增加停车位')).toBe(true);
  });
});
