import { describe, expect, it } from 'vitest';
import { initialTableState, listAskOf, tableQueryOf, tableStateOf, toggleSort, visibleRows, withPageSize } from './table-state';

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

describe('a table paged and sorted by the hall, kept in the address', () => {
  const read = (query: string) => tableStateOf(new URLSearchParams(query), ['submittedAt', 'status']);

  it('reads the page, size and sorted column, and writes back only what differs from the defaults', () => {
    const state = read('page=3&size=50&sort=submittedAt&order=desc');
    expect(state).toEqual({ page: 3, pageSize: 50, sortKey: 'submittedAt', direction: 'descending' });
    expect(tableQueryOf(state)).toEqual({ page: '3', size: '50', sort: 'submittedAt', order: 'desc' });
    expect(tableQueryOf(read(''))).toEqual({ page: undefined, size: undefined, sort: undefined, order: undefined });
  });

  it('falls back to the defaults for what the address cannot mean, rather than asking the hall to refuse it', () => {
    expect(read('page=-2&size=7&sort=ownerIdcard&order=sideways')).toEqual({ page: 1, pageSize: 20, sortKey: null, direction: 'ascending' });
    expect(read('page=abc&size=1000').pageSize).toBe(20);
  });

  it('asks the list call for the page and the column sorted, and nothing of a sort when none is chosen', () => {
    expect(listAskOf(read('page=2&size=100'))).toEqual({ page: 2, pageSize: 100 });
    expect(listAskOf(read('sort=status'))).toEqual({ page: 1, pageSize: 20, sort: 'status', order: 'asc' });
    // A heading clicked a third time: back to the hall's order, and to page 1.
    const third = toggleSort(toggleSort(toggleSort(read('page=4'), 'status'), 'status'), 'status');
    expect(listAskOf(third)).toEqual({ page: 1, pageSize: 20 });
  });
});
