import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ReviewQueue } from '@hall/api';
import { applications, operatorSessions } from '../../src/db/schema';
import { caseColumns } from '../application-helpers';
import { testHallForFile } from '../hall';
import { statementsWhile } from '../statement-count';
import { callHall } from '../call';
import { contract } from '@hall/api';

// Many operators' screens asking for the review queues at once: their sessions are found in one
// statement per turn (lib/batched-read.ts), and the asks for the same page share one read
// (lib/turn-batch.ts, sharedInTurn). Who may read the queues is still decided for each request.

const hall = testHallForFile();
const REVIEWERS = 8;
const reviewers: string[] = [];
let owner = '';

beforeAll(async () => {
  for (let i = 0; i < REVIEWERS; i++) reviewers.push(await hall.quickOperator(`queue-reviewer-${i}`, ['reviewer']));
  owner = await hall.quickCitizen('queue-owner');
  await hall.connection.db.insert(applications).values(
    Array.from({ length: 6 }, (_, n) => ({
      ...caseColumns('queue-owner'),
      name: `排队申请${n + 1}`,
      prolsh: `QT-${n}`,
      slbh: `SLQT-${n}`,
      shzt: n < 4 ? 0 : 10,
      submittedAt: new Date(Date.UTC(2026, 10, 20, 1, n)),
    })),
  );
});

const ask = (cookie: string, body: Record<string, unknown> = {}) => callHall(hall, contract.getReviewList, { reqseq: 'r', ...body }, cookie);
const namesIn = (body: Record<string, unknown>) => (body.data as { lists: ReviewQueue[] }).lists.map((queue) => [queue.stage, queue.total, queue.items.map((item) => item.name)]);

describe('the review queues asked for by many operators at once', () => {
  it('eight reviewers asking together: fewer session and queue statements than requests, each reply the whole queues', async () => {
    const sessions = await statementsWhile(hall.connection, 'hall_find_operator_sessions', () =>
      statementsWhile(hall.connection, 'hall_review_queue_page', () => Promise.all(reviewers.map((cookie) => ask(cookie)))),
    );
    const pages = sessions.result;
    expect(sessions.statements).toBeGreaterThan(0);
    expect(sessions.statements).toBeLessThan(REVIEWERS);
    // Two stages, one page statement each, shared by the turn.
    expect(pages.statements).toBeLessThan(REVIEWERS * 2);
    for (const { status, body } of pages.result) {
      expect(status, JSON.stringify(body)).toBe(200);
      expect(namesIn(body)).toEqual([
        ['cadastralSurvey', 4, ['排队申请1', '排队申请2', '排队申请3', '排队申请4']],
        ['acceptance', 2, ['排队申请5', '排队申请6']],
      ]);
    }
  });

  it('different pages asked in one turn each get their own page', async () => {
    const [first, second, acceptance] = await Promise.all([
      ask(reviewers[0]!, { stage: 'cadastralSurvey', page: 1, pageSize: 2 }),
      ask(reviewers[1]!, { stage: 'cadastralSurvey', page: 2, pageSize: 2 }),
      ask(reviewers[2]!, { stage: 'acceptance' }),
    ]);
    expect(namesIn(first!.body)).toEqual([['cadastralSurvey', 4, ['排队申请1', '排队申请2']]]);
    expect(namesIn(second!.body)).toEqual([['cadastralSurvey', 4, ['排队申请3', '排队申请4']]]);
    expect(namesIn(acceptance!.body)).toEqual([['acceptance', 2, ['排队申请5', '排队申请6']]]);
  });

  it('in a turn shared with reviewers, a signed-out operator, one without the role and a citizen are refused, and only they', async () => {
    const signedOut = await hall.quickOperator('queue-signed-out', ['reviewer']);
    const sessionId = decodeURIComponent(signedOut.split('=')[1]!).split('.')[0]!;
    await hall.connection.db.delete(operatorSessions).where(eq(operatorSessions.id, sessionId));
    const withoutRole = await hall.quickOperator('queue-content-only', ['content']);
    const replies = await Promise.all([ask(reviewers[0]!), ask(signedOut), ask(withoutRole), ask(owner), ask(reviewers[1]!)]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 401, 403, 401, 200]);
    for (const refused of replies.slice(1, 4)) expect(JSON.stringify(refused.body)).not.toContain('排队申请');
  });
});
