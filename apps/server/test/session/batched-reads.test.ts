import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FeedbackItem } from '@hall/api';
import { applications, feedback, sessions } from '../../src/db/schema';
import { caseColumns } from '../application-helpers';
import { testHallForFile } from '../hall';
import { statementsWhile } from '../statement-count';
import { callHall } from '../call';
import { contract } from '@hall/api';

// Reads with the session go to PostgreSQL one statement per turn of the event loop for all the
// sessions asking (lib/batched-read.ts): whatever the turn holds, each citizen sees their own rows only.

const hall = testHallForFile();
const CITIZENS = 12;
const citizens: { openid: string; cookie: string }[] = [];

beforeAll(async () => {
  for (let i = 0; i < CITIZENS; i++) {
    const openid = `batched-${i}`;
    citizens.push({ openid, cookie: await hall.quickCitizen(openid) });
    // Citizen i has i + 1 feedback items and i applications, each naming its owner.
    await hall.connection.db.insert(feedback).values(Array.from({ length: i + 1 }, (_, n) => ({ openid, content: `${openid} 的第${n + 1}条意见` })));
    if (i > 0)
      await hall.connection.db
        .insert(applications)
        .values(Array.from({ length: i }, (_, n) => ({ ...caseColumns(openid), name: `${openid} 的申请${n + 1}`, prolsh: `BR${i}-${n}`, slbh: `SLBR${i}-${n}`, shzt: n % 2 === 0 ? -1 : 0 })));
  }
});

describe('reads with the session, many citizens at once', () => {
  it('the feedback lists of a dozen citizens asked together: fewer statements than requests, each list its own', async () => {
    const { result, statements } = await statementsWhile(hall.connection, 'hall_list_feedback_in_sessions', () =>
      Promise.all(citizens.map((citizen) => callHall(hall, contract.getFeedBackListPage, { openid: citizen.openid }, citizen.cookie))),
    );
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThan(CITIZENS);
    result.forEach(({ status, body }, i) => {
      expect(status).toBe(200);
      const items = body.data as FeedbackItem[];
      expect(items).toHaveLength(i + 1);
      // Newest first, all of them the citizen's own.
      expect(items.map((item) => item.yjnrstr)).toEqual(Array.from({ length: i + 1 }, (_, n) => `batched-${i} 的第${i + 1 - n}条意见`));
    });
  });

  it('the application lists asked together with different filters: each citizen gets their own, filtered as asked', async () => {
    const { result, statements } = await statementsWhile(hall.connection, 'hall_list_applications_in_sessions', () =>
      Promise.all(citizens.map((citizen, i) => callHall(hall, contract.getApplyList, { openid: citizen.openid, ...(i % 3 === 0 ? { status: '0' } : {}) }, citizen.cookie))),
    );
    expect(statements).toBeLessThan(CITIZENS);
    result.forEach(({ status, body }, i) => {
      expect(status, JSON.stringify(body)).toBe(200);
      const tabs = body.data!.lists;
      const names = tabs.flatMap((tab) => tab.items.map((item) => item.name));
      expect(names.every((name) => name.startsWith(`batched-${i} `))).toBe(true);
      const pending = Math.floor(i / 2);
      if (i % 3 === 0) {
        expect(tabs.map((tab) => tab.tab)).toEqual(['pending']);
        expect(names).toHaveLength(pending);
      } else {
        expect(tabs).toHaveLength(4);
        expect(names).toHaveLength(i);
      }
    });
  });

  it('a signed-out session asked in the same turn as live ones is lost, and only it', async () => {
    const [gone, ...live] = citizens.slice(0, 4);
    const [goneSession] = await hall.connection.db.select().from(sessions).where(eq(sessions.openid, gone!.openid));
    await hall.connection.db.delete(sessions).where(eq(sessions.id, goneSession!.id));
    const replies = await Promise.all([gone!, ...live].map((citizen) => callHall(hall, contract.getFeedBackListPage, { openid: citizen.openid }, citizen.cookie)));
    expect(replies[0]).toMatchObject({ status: 401 });
    expect(replies[0]!.body.status).toBe(-1);
    expect(replies.slice(1).map((reply) => reply.status)).toEqual([200, 200, 200]);
  });

  it("a payload naming another citizen is refused in a turn shared with that citizen's own read", async () => {
    const [victim, intruder] = citizens.slice(5, 7);
    const [own, intruding] = await Promise.all([
      callHall(hall, contract.getFeedBackListPage, { openid: victim!.openid }, victim!.cookie),
      callHall(hall, contract.getFeedBackListPage, { openid: victim!.openid }, intruder!.cookie),
    ]);
    expect(own.status).toBe(200);
    expect(intruding).toMatchObject({ status: 403, body: { errmsg: '身份信息不一致，请重新进入办事大厅' } });
    expect(JSON.stringify(intruding.body)).not.toContain('batched-5 的');
  });
});
