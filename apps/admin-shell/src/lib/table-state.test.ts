import { describe, expect, it } from 'vitest';
import { initialTableState, toggleSort, visibleRows, withPageSize } from './table-state';

const rows = [
  { name: '周审核', at: '2026-03-02 09:00', count: 3 },
  { name: '王管理', at: '', count: 12 },
  { name: '李审核', at: '2026-03-01 10:00', count: 3 },
];
const value = (row: (typeof rows)[number], key: string) => row[key as keyof typeof row];

describe('a console table’s state', () => {
  it('keeps the hall’s order until a heading is clicked, then sorts ascending, descending and back', () => {
    let state = initialTableState();
    expect(visibleRows(rows, state, value).rows.map((row) => row.name)).toEqual(['周审核', '王管理', '李审核']);
    state = toggleSort(state, 'count');
    expect(visibleRows(rows, state, value).rows.map((row) => row.count)).toEqual([3, 3, 12]);
    // Equal counts keep the order they came in.
    expect(visibleRows(rows, state, value).rows.map((row) => row.name)).toEqual(['周审核', '李审核', '王管理']);
    state = toggleSort(state, 'count');
    expect(state.direction).toBe('descending');
    expect(visibleRows(rows, state, value).rows.map((row) => row.count)).toEqual([12, 3, 3]);
    state = toggleSort(state, 'count');
    expect(state.sortKey).toBeNull();
  });

  it('puts blanks last whichever way a column is sorted', () => {
    const ascending = toggleSort(initialTableState(), 'at');
    expect(visibleRows(rows, ascending, value).rows.map((row) => row.at)).toEqual(['2026-03-01 10:00', '2026-03-02 09:00', '']);
    expect(visibleRows(rows, toggleSort(ascending, 'at'), value).rows.map((row) => row.at)).toEqual(['2026-03-02 09:00', '2026-03-01 10:00', '']);
  });

  it('pages the rows, a sort going back to page 1, a new page size keeping the first row shown', () => {
    const many = Array.from({ length: 45 }, (_, index) => ({ name: `第${index + 1}条`, at: '', count: index }));
    const state = { ...initialTableState(20), page: 3 };
    expect(visibleRows(many, state, value)).toEqual({ rows: many.slice(40), total: 45 });
    expect(toggleSort(state, 'name').page).toBe(1);
    expect(withPageSize({ ...state, page: 2 }, 50)).toMatchObject({ page: 1, pageSize: 50 });
    expect(withPageSize({ ...initialTableState(50), page: 2 }, 20)).toMatchObject({ page: 3, pageSize: 20 });
    // A page past the end (rows went away) shows the last one.
    expect(visibleRows(many.slice(0, 10), state, value).rows).toHaveLength(10);
  });
});
