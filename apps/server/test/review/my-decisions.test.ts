import { beforeAll, describe, expect, it } from 'vitest';
import type { ReviewDecisionItem } from '@hall/api';
import { auditTrail } from '../../src/db/schema';
import { testHallForFile } from '../hall';
import { API, setStatus, startApplication, verifiedCitizen } from '../application-helpers';

const hall = testHallForFile();
const OPINION = '抵押合同缺少签字页，请补充后重新提交。';
let reviewer: string;
let passed: string;
let rejected: string;

const review = (proinstid: string, decision: string, opinion?: string) =>
  hall.post(`${API}/reviewApply`, { reqseq: 'r', proinstid, stage: 'cadastralSurvey', decision, ...(opinion ? { opinion } : {}) }, reviewer);

async function decided(filter: Record<string, string> = {}, cookie = reviewer) {
  const { status, body } = await hall.post(`${API}/getMyReviewDecisions`, { reqseq: 'r', ...filter }, cookie);
  return { status, body, data: body.data as { items: ReviewDecisionItem[]; total: number; pageSize: number } };
}

beforeAll(async () => {
  const owner = await verifiedCitizen(hall, 'my-decisions-owner', '赵六');
  reviewer = await hall.operator('reviewer');
  passed = await startApplication(hall, owner, 'pd-400-4');
  rejected = await startApplication(hall, owner, 'pd-400-4');
  for (const id of [passed, rejected]) await setStatus(hall, id, 0);
  expect((await review(passed, 'pass')).status).toBe(200);
  expect((await review(rejected, 'reject', OPINION)).status).toBe(200);
  // Another operator's decision on the same application is theirs, not this reviewer's.
  await hall.connection.db
    .insert(auditTrail)
    .values({ operatorId: 999_999, operatorName: 'someone.else', ip: '127.0.0.1', action: 'review.pass', target: `application:${passed}`, after: { stage: 'cadastralSurvey', shzt: 10 } });
});

describe('我已审核: the decisions a reviewer made', () => {
  it('lists the reviewer’s own decisions, newest first, with the opinion and where each application stands now', async () => {
    const { status, data } = await decided();
    expect(status).toBe(200);
    expect(data.total).toBe(2);
    expect(data.items.map((item) => [item.id, item.decision, item.stage, item.shzt])).toEqual([
      [rejected, 'reject', 'cadastralSurvey', 11],
      [passed, 'pass', 'cadastralSurvey', 10],
    ]);
    expect(data.items[0]!.opinion).toBe(OPINION);
    expect(data.items[1]!.opinion).toBe('');
    expect(data.items[0]!.business_name).not.toBe('');
    expect(data.items[0]!.decidedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('filters by decision, stage and day', async () => {
    expect((await decided({ decision: 'reject' })).data.items.map((item) => item.id)).toEqual([rejected]);
    expect((await decided({ stage: 'acceptance' })).data.total).toBe(0);
    const today = (await decided()).data.items[0]!.decidedAt.slice(0, 10);
    expect((await decided({ from: today, to: today })).data.total).toBe(2);
    expect((await decided({ from: '2000-01-01', to: '2000-01-02' })).data.total).toBe(0);
  });

  it('is for reviewers only', async () => {
    const counter = await hall.operator('counter');
    expect((await decided({}, counter)).status).toBe(403);
  });
});
