import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_ORDER_INVALID, contract } from '@hall/api/internal';
import { reviewStageStatus } from '@hall/domain';
import { applications } from '../../src/db/schema';
import { caseColumns } from '../application-helpers';
import { testHallForFile } from '../hall';
import { callHall } from '../call';
import { auditedChanges } from '../rows';

// 申请审核 as a table: a stage's queue in pages of a chosen size, oldest or newest submission first.

const hall = testHallForFile();
const SURVEY = reviewStageStatus('cadastralSurvey');
let reviewer = '';

beforeAll(async () => {
  reviewer = await hall.quickOperator('order-reviewer', ['reviewer']);
  await hall.quickCitizen('order-owner', { name: '钱七' });
  await hall.connection.db.insert(applications).values(
    Array.from({ length: 25 }, (_, n) => ({
      ...caseColumns('order-owner'),
      name: `排序申请${n + 1}`,
      slbh: `SLORDER-${n}`,
      shzt: SURVEY,
      submittedAt: new Date(Date.UTC(2026, 10, 21, 1, n)),
    })),
  );
});

const queue = async (payload: Record<string, unknown>) => {
  const { status, body } = await callHall(hall, contract.getReviewList, { stage: 'cadastralSurvey', ...payload }, reviewer);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data!.lists[0]!;
};
const numbers = (items: { name: string }[]) => items.map((item) => Number(item.name.replace('排序申请', '')));

describe('a review queue in order', () => {
  it('is oldest first in pages of the size asked, each application once, as before', async () => {
    const first = await queue({ page: 1, pageSize: 20 });
    const second = await queue({ page: 2, pageSize: 20 });
    expect(first.total).toBe(25);
    expect(numbers(first.items)).toEqual(Array.from({ length: 20 }, (_, n) => n + 1));
    expect(numbers(second.items)).toEqual([21, 22, 23, 24, 25]);
  });

  it('is newest first with order desc, page after page', async () => {
    const first = await queue({ page: 1, pageSize: 20, order: 'desc' });
    const second = await queue({ page: 2, pageSize: 20, order: 'desc' });
    expect(first.total).toBe(25);
    expect(numbers(first.items).slice(0, 3)).toEqual([25, 24, 23]);
    expect(numbers(second.items)).toEqual([5, 4, 3, 2, 1]);
    // The kept pages of one order are not answered for the other.
    expect(numbers((await queue({ page: 1, pageSize: 20, order: 'asc' })).items)[0]).toBe(1);
  });

  it('refuses an unknown order or a page past the most one answer holds with a Chinese message, and changes nothing', async () => {
    const before = await auditedChanges(hall);
    const sideways = await hall.post('/online/wx/apilist/getReviewList', { stage: 'cadastralSurvey', order: 'sideways' }, reviewer);
    expect(sideways.status).toBe(400);
    expect(sideways.body.errmsg, JSON.stringify(sideways.body)).toBe(LIST_ORDER_INVALID);
    const huge = await callHall(hall, contract.getReviewList, { pageSize: 501 } as never, reviewer);
    expect(huge.status).toBe(400);
    expect(JSON.stringify(huge.body)).toMatch(/[\u4e00-\u9fff]/);
    expect(await auditedChanges(hall)).toBe(before);
    expect((await queue({ page: 1, pageSize: 50 })).items).toHaveLength(25);
  });
});
