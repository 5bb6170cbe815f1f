import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE, LIST_ORDER_INVALID, LIST_PAGE_SIZE_INVALID, LIST_SORT_INVALID, contract, type AuditEntry } from '@hall/api/internal';
import { auditTrail } from '../../src/db/schema';
import { testHallForFile } from '../hall';
import { callHall } from '../call';
import { auditedChanges } from '../rows';

/** 操作日志 as a table: pages of a chosen size, sorted by a column, with its filters as before. */

const hall = testHallForFile();
let admin: string;
const HOUR = 3_600_000;
const START = Date.parse('2026-03-01T01:00:00Z');
// An action of its own, so the filter keeps this file's entries apart from the sign-ins around them.
const ACTION = 'tableCheck.entry';
beforeAll(async () => {
  admin = await hall.operator('admin');
  // 30 entries an hour apart; their operators named so that name order is the reverse of time order.
  await hall.connection.db.insert(auditTrail).values(
    Array.from({ length: 30 }, (_, index) => ({
      at: new Date(START + index * HOUR),
      operatorName: `op-${String(30 - index).padStart(2, '0')}`,
      ip: '127.0.0.1',
      action: ACTION,
      target: `entry:${index + 1}`,
    })),
  );
});

const list = async (payload: Record<string, unknown>) => {
  const { status, body } = await callHall(hall, contract.listAuditTrail, { action: ACTION, ...payload }, admin);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as { items: AuditEntry[]; total: number; pageSize: number };
};
const targets = (items: AuditEntry[]) => items.map((item) => Number(item.target.split(':')[1]));

describe('the audit trail as a table', () => {
  it('keeps its own order and page size when asked as before', async () => {
    const page = await list({});
    expect(page).toMatchObject({ total: 30, pageSize: AUDIT_PAGE_SIZE });
    expect(targets(page.items).slice(0, 3)).toEqual([30, 29, 28]);
  });

  it('pages by the chosen size, each entry once', async () => {
    const first = await list({ page: 1, pageSize: 20, sort: 'at' });
    const second = await list({ page: 2, pageSize: 20, sort: 'at' });
    expect(first.pageSize).toBe(20);
    expect(first.items).toHaveLength(20);
    expect(targets([...first.items, ...second.items])).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
  });

  it('sorts by operator either way, and by time newest first', async () => {
    expect(targets((await list({ sort: 'operatorName', pageSize: 20 })).items).slice(0, 3)).toEqual([30, 29, 28]);
    expect(targets((await list({ sort: 'operatorName', order: 'desc', pageSize: 20 })).items).slice(0, 3)).toEqual([1, 2, 3]);
    expect(targets((await list({ sort: 'at', order: 'desc', pageSize: 20 })).items).slice(0, 3)).toEqual([30, 29, 28]);
  });

  it('filters by operator and date as before, counting what matches', async () => {
    const one = await list({ operator: 'op-07', pageSize: 20 });
    expect(one.total).toBe(1);
    expect(targets(one.items)).toEqual([24]);
  });

  it('refuses a bad page size, order or column with a Chinese message, and changes nothing', async () => {
    const before = await auditedChanges(hall);
    for (const [payload, message] of [
      [{ pageSize: 1000 }, LIST_PAGE_SIZE_INVALID],
      [{ order: 'up' }, LIST_ORDER_INVALID],
      [{ sort: 'ip' }, LIST_SORT_INVALID],
    ] as const) {
      const { status, body } = await hall.post('/online/admin/api/audit/list', { action: ACTION, ...payload }, admin);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.errmsg).toBe(message);
    }
    expect(await auditedChanges(hall)).toBe(before);
  });
});
