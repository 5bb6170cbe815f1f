import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_ORDER_INVALID, LIST_PAGE_SIZE_INVALID, LIST_SORT_INVALID, contract } from '@hall/api/internal';
import { articles } from '../../../src/db/schema';
import { testHallForFile } from '../../hall';
import { callHall } from '../../call';
import { auditedChanges } from '../../rows';

// 文章管理 as a table: pages of a chosen size, sorted by a column, with the type, status and title filters as before.

const hall = testHallForFile();
let content: string;
const DAY = 86_400_000;
const START = Date.parse('2026-02-01T02:00:00Z');
beforeAll(async () => {
  content = await hall.operator('content');
  // 25 articles of their own title, published a day apart and changed in the opposite order; every fifth a draft.
  await hall.connection.db.insert(articles).values(
    Array.from({ length: 25 }, (_, index) => ({
      type: index % 2 ? 'tzgg' : 'xxgs',
      title: `排序文章${String(index + 1).padStart(2, '0')}`,
      content: '<p>正文</p>',
      status: index % 5 === 4 ? 'draft' : 'published',
      publishedAt: new Date(START + index * DAY),
      updatedAt: new Date(START + 100 * DAY - index * DAY),
    })),
  );
});

const list = async (payload: Record<string, unknown>) => {
  const { status, body } = await callHall(hall, contract.listConsoleArticles, { search: '排序文章', ...payload }, content);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data!;
};
const numbers = (items: { title: string }[]) => items.map((item) => Number(item.title.replace('排序文章', '')));

describe('the articles as a table', () => {
  it('keeps its own order (newest change first) and page of 20 when asked as before', async () => {
    const page = await list({});
    expect(page).toMatchObject({ total: 25, pageSize: 20 });
    expect(numbers(page.items).slice(0, 3)).toEqual([1, 2, 3]);
  });

  it('pages by the chosen size and sorts by title or publication either way', async () => {
    const first = await list({ sort: 'title', order: 'desc' });
    const second = await list({ sort: 'title', order: 'desc', page: 2 });
    expect(numbers([...first.items, ...second.items])).toEqual(Array.from({ length: 25 }, (_, index) => 25 - index));
    expect((await list({ pageSize: 50 })).items).toHaveLength(25);
    expect(numbers((await list({ sort: 'publishedAt', order: 'asc' })).items).slice(0, 3)).toEqual([1, 2, 3]);
    expect(numbers((await list({ sort: 'updatedAt', order: 'asc' })).items).slice(0, 3)).toEqual([25, 24, 23]);
  });

  it('filters by type and status, counting what matches', async () => {
    const drafts = await list({ status: 'draft', sort: 'title' });
    expect(numbers(drafts.items)).toEqual([5, 10, 15, 20, 25]);
    const notices = await list({ type: 'tzgg', pageSize: 50 });
    expect(notices.total).toBe(12);
    expect(notices.items.every((item) => item.type === 'tzgg')).toBe(true);
  });

  it('refuses a bad page size, order or column with a Chinese message, and changes nothing', async () => {
    const before = await auditedChanges(hall);
    const rows = await hall.connection.db.select().from(articles);
    for (const [payload, message] of [
      [{ pageSize: 10 }, LIST_PAGE_SIZE_INVALID],
      [{ sort: 'title', order: 'random' }, LIST_ORDER_INVALID],
      [{ sort: 'content' }, LIST_SORT_INVALID],
    ] as const) {
      const { status, body } = await hall.post('/online/admin/api/content/articles/list', payload, content);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.errmsg).toBe(message);
    }
    expect(await auditedChanges(hall)).toBe(before);
    expect(await hall.connection.db.select().from(articles)).toEqual(rows);
  });
});
