import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_ORDER_INVALID, LIST_PAGE_SIZE_INVALID, LIST_SORT_INVALID, contract } from '@hall/api/internal';
import { eq } from 'drizzle-orm';
import { queryRecords } from '../../../src/db/schema';
import { createTestHall, type TestHall } from '../../hall';
import { citizenWithProfile, OWNER, queryForm } from '../../query-helpers';
import { callHall } from '../../call';
import { auditedChanges } from '../../rows';

/** 查询办理 as a table: pages of a chosen size, sorted by a column, filtered by kind; the old call (no page) still answers the whole queue. */

let hall: TestHall;
let counter: string;
let certificate: string;
let licence: string;
beforeAll(async () => {
  hall = await createTestHall({ HALL_DEMO_REGISTRY: 'off', HALL_QUERY_POLL_MS: 0 });
  const citizen = await citizenWithProfile(hall, 'fulfil-table-owner', OWNER);
  counter = await hall.operator('counter');
  const ask = async (path: string) => {
    const { status, body } = await hall.post(path, queryForm({ qzh: '冀(2024)邯郸市不动产权第0099998号' }), citizen);
    expect(status, JSON.stringify(body)).toBe(200);
    return (body.data as { ID: string }).ID;
  };
  certificate = await ask('/online/query/wx/zsquery');
  licence = await ask('/online/query/wx/dzzzquery');
  // 23 more certificate queries, one a minute earlier each than the last: asked through the hall they would meet its rate limits.
  const [row] = await hall.connection.db
    .select()
    .from(queryRecords)
    .where(eq(queryRecords.id, Number(certificate)));
  const { id: _id, ...copy } = row!;
  await hall.connection.db.insert(queryRecords).values(Array.from({ length: 23 }, (_, index) => ({ ...copy, createdAt: new Date(Date.parse('2026-01-01T08:00:00Z') + index * 60_000) })));
});
afterAll(() => hall.close());

const list = async (payload: Record<string, unknown>) => callHall(hall, contract.listFulfilmentQueue, payload, counter);

describe('the fulfilment queue as a table', () => {
  it('without a page answers the whole queue, oldest first, as before', async () => {
    const { body } = await list({});
    expect(body.data!.items).toHaveLength(25);
    expect(body.data!.total).toBe(25);
    const ids = body.data!.items.map((item) => item.id);
    expect(ids.indexOf(certificate)).toBeLessThan(ids.indexOf(licence));
    expect(ids.slice(-2)).toEqual([certificate, licence]);
  });

  it('pages by the chosen size, each record once', async () => {
    const first = (await list({ page: 1, pageSize: 20 })).body.data!;
    const second = (await list({ page: 2, pageSize: 20 })).body.data!;
    expect(first).toMatchObject({ total: 25, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect(second.items).toHaveLength(5);
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(25);
    expect((await list({ page: 1, pageSize: 50 })).body.data!.items).toHaveLength(25);
    // A page asked without a size is the first of the table's sizes.
    expect((await list({ page: 1 })).body.data).toMatchObject({ pageSize: 20 });
  });

  it('sorts by submission time newest first, and by kind', async () => {
    const newest = (await list({ page: 1, pageSize: 20, sort: 'askedAt', order: 'desc' })).body.data!.items;
    expect(newest.slice(0, 2).map((item) => item.id)).toEqual([licence, certificate]);
    const times = newest.map((item) => item.askedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const byKind = (await list({ page: 1, pageSize: 50, sort: 'kind', order: 'asc' })).body.data!.items;
    // dzzz sorts before zs.
    expect(byKind[0]!.id).toBe(licence);
  });

  it('filters by kind, counting only that kind', async () => {
    const licences = (await list({ page: 1, pageSize: 20, kind: 'dzzz' })).body.data!;
    expect(licences.total).toBe(1);
    expect(licences.items.map((item) => item.id)).toEqual([licence]);
  });

  it('refuses a bad page size, order or column with a Chinese message, and changes nothing', async () => {
    const before = await auditedChanges(hall);
    const rows = await hall.connection.db.select().from(queryRecords);
    for (const [payload, message] of [
      [{ page: 1, pageSize: 7 }, LIST_PAGE_SIZE_INVALID],
      [{ page: 1, pageSize: '20' }, LIST_PAGE_SIZE_INVALID],
      [{ page: 1, order: 'sideways' }, LIST_ORDER_INVALID],
      [{ page: 1, sort: 'ownerIdcard' }, LIST_SORT_INVALID],
    ] as const) {
      const { status, body } = await hall.post('/online/admin/api/fulfilment/list', payload, counter);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.errmsg).toBe(message);
    }
    const { status, body } = await hall.post('/online/admin/api/fulfilment/list', { page: 0 }, counter);
    expect(status).toBe(400);
    expect(body.errmsg).toMatch(/[\u4e00-\u9fff]/);
    expect(await auditedChanges(hall)).toBe(before);
    expect(await hall.connection.db.select().from(queryRecords)).toEqual(rows);
  });
});
