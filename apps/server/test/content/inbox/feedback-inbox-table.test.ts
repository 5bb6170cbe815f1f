import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_ORDER_INVALID, LIST_PAGE_SIZE_INVALID, LIST_SORT_INVALID, contract } from '@hall/api/internal';
import { feedback } from '../../../src/db/schema';
import { testHallForFile } from '../../hall';
import { callHall } from '../../call';
import { auditedChanges } from '../../rows';

/** 反馈处理 as a table: pages of a chosen size, sorted by a column, with the search and 待回复 filters as before. */

const hall = testHallForFile();
let counter: string;
const HOUR = 3_600_000;
const START = Date.parse('2026-03-01T01:00:00Z');
beforeAll(async () => {
  await hall.quickCitizen('inbox-table-citizen', { name: '周九' });
  counter = await hall.operator('counter');
  // 25 items an hour apart, the citizen app's call being rate limited; every fifth replied, an hour after it came (the 5th, 10th … oldest).
  await hall.connection.db.insert(feedback).values(
    Array.from({ length: 25 }, (_, index) => {
      const replied = index % 5 === 4;
      return {
        openid: 'inbox-table-citizen',
        content: `第${index + 1}条意见${index === 7 ? '：停车位' : ''}`,
        createdAt: new Date(START + index * HOUR),
        status: replied ? 1 : 0,
        reply: replied ? '已收到' : null,
        // The later an item came, the sooner it was answered: replied order is not submitted order.
        repliedAt: replied ? new Date(START + 100 * HOUR - index * HOUR) : null,
      };
    }),
  );
});

const list = async (payload: Record<string, unknown>) => {
  const { status, body } = await callHall(hall, contract.listInboxFeedback, payload, counter);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data!;
};
const numbers = (items: { content: string }[]) => items.map((item) => Number(/第(\d+)条/.exec(item.content)![1]));

describe('the inbox as a table', () => {
  it('keeps its own order and page of 20 when asked as before', async () => {
    const page = await list({});
    expect(page).toMatchObject({ total: 25, waiting: 20, pageSize: 20 });
    expect(page.items).toHaveLength(20);
    // Unanswered first, newest first.
    expect(numbers(page.items).slice(0, 3)).toEqual([24, 23, 22]);
  });

  it('pages by the chosen size, each item once', async () => {
    const first = await list({ page: 1, pageSize: 20, sort: 'submittedAt' });
    const second = await list({ page: 2, pageSize: 20, sort: 'submittedAt' });
    expect(numbers([...first.items, ...second.items])).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    expect((await list({ pageSize: 50 })).items).toHaveLength(25);
  });

  it('sorts by submission time either way, and by reply time with the unanswered last', async () => {
    expect(numbers((await list({ sort: 'submittedAt', order: 'desc' })).items).slice(0, 3)).toEqual([25, 24, 23]);
    const byReply = numbers((await list({ sort: 'repliedAt', order: 'asc', pageSize: 50 })).items);
    expect(byReply.slice(0, 5)).toEqual([25, 20, 15, 10, 5]);
    const byReplyDesc = numbers((await list({ sort: 'repliedAt', order: 'desc', pageSize: 50 })).items);
    expect(byReplyDesc.slice(0, 5)).toEqual([5, 10, 15, 20, 25]);
  });

  it('filters with the search and 待回复 as before, counting what matches', async () => {
    const found = await list({ search: '停车位', sort: 'submittedAt' });
    expect(found.total).toBe(1);
    expect(numbers(found.items)).toEqual([8]);
    const waiting = await list({ only: 'waiting', pageSize: 50, sort: 'submittedAt', order: 'desc' });
    expect(waiting.total).toBe(20);
    expect(waiting.items.every((item) => item.status === 0)).toBe(true);
  });

  it('refuses a bad page size, order or column with a Chinese message, and changes nothing', async () => {
    const before = await auditedChanges(hall);
    const rows = await hall.connection.db.select().from(feedback);
    for (const [payload, message] of [
      [{ pageSize: 1000 }, LIST_PAGE_SIZE_INVALID],
      [{ order: 'up' }, LIST_ORDER_INVALID],
      [{ sort: 'content' }, LIST_SORT_INVALID],
    ] as const) {
      const { status, body } = await hall.post('/online/admin/api/feedback/list', payload, counter);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.errmsg).toBe(message);
    }
    expect(await auditedChanges(hall)).toBe(before);
    expect(await hall.connection.db.select().from(feedback)).toEqual(rows);
  });
});
