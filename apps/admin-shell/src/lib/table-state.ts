import { LIST_PAGE_SIZES, type ListOrder } from '@hall/api/browser';

/** A console table's sorting and paging, kept apart from the markup so that it is tested on its own. */

export type SortDirection = 'ascending' | 'descending';

export interface TableState {
  /** The column sorted by, or null for the order the hall gave. */
  sortKey: string | null;
  direction: SortDirection;
  /** From 1. */
  page: number;
  pageSize: number;
}

/** The page sizes an operator may choose, the first the default: the ones the hall's list calls take. */
export const PAGE_SIZES = LIST_PAGE_SIZES;

export const initialTableState = (pageSize: number = PAGE_SIZES[0]): TableState => ({ sortKey: null, direction: 'ascending', page: 1, pageSize });

/** A click on a column's heading: ascending, then descending, then the hall's own order again. Back to page 1. */
export function toggleSort(state: TableState, key: string): TableState {
  if (state.sortKey !== key) return { ...state, sortKey: key, direction: 'ascending', page: 1 };
  if (state.direction === 'ascending') return { ...state, direction: 'descending', page: 1 };
  return { ...state, sortKey: null, direction: 'ascending', page: 1 };
}

/** Another page size keeps the first row shown on the page shown. */
export function withPageSize(state: TableState, pageSize: number): TableState {
  const first = (state.page - 1) * state.pageSize;
  return { ...state, pageSize, page: Math.floor(first / pageSize) + 1 };
}

const collator = new Intl.Collator('zh-CN', { numeric: true });

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

const blank = (value: string | number | null): value is null | '' => value === null || value === '';

/** The rows in the state's order (a stable sort; blanks last), then the state's page of them. */
export function visibleRows<Row>(rows: readonly Row[], state: TableState, sortValue: (row: Row, key: string) => string | number | null): { rows: Row[]; total: number } {
  let ordered = [...rows];
  if (state.sortKey !== null) {
    const key = state.sortKey;
    const sign = state.direction === 'ascending' ? 1 : -1;
    ordered = ordered
      .map((row, index) => ({ row, index, value: sortValue(row, key) }))
      .sort((x, y) => {
        // Blanks go last whichever way the column is sorted; equal rows keep the hall's order.
        if (blank(x.value) || blank(y.value)) return blank(x.value) === blank(y.value) ? x.index - y.index : blank(x.value) ? 1 : -1;
        return sign * compare(x.value, y.value) || x.index - y.index;
      })
      .map((entry) => entry.row);
  }
  const pages = Math.max(1, Math.ceil(ordered.length / state.pageSize));
  const page = Math.min(state.page, pages);
  return { rows: ordered.slice((page - 1) * state.pageSize, page * state.pageSize), total: ordered.length };
}

/**
 * A table paged and sorted by the hall (the long lists): its state as the address keeps it, so that
 * 返回 and a reload come back to it. What the address cannot mean (a page size not offered, a
 * column not sortable here) falls back to the default rather than being sent to be refused.
 */
export function tableStateOf(query: URLSearchParams, sortable: readonly string[]): TableState {
  const size = Number(query.get('size'));
  const sort = query.get('sort');
  return {
    sortKey: sort && sortable.includes(sort) ? sort : null,
    direction: query.get('order') === 'desc' ? 'descending' : 'ascending',
    page: Math.max(1, Math.floor(Number(query.get('page'))) || 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0],
  };
}

/** The address's part of a table state: only what differs from the defaults. */
export function tableQueryOf(state: TableState): Record<'page' | 'size' | 'sort' | 'order', string | undefined> {
  return {
    page: state.page > 1 ? String(state.page) : undefined,
    size: state.pageSize !== PAGE_SIZES[0] ? String(state.pageSize) : undefined,
    sort: state.sortKey ?? undefined,
    order: state.sortKey && state.direction === 'descending' ? 'desc' : undefined,
  };
}

/** What a list call takes of a table state (packages/api listPageSize, listSort, listOrder). */
export function listAskOf<Sort extends string>(state: TableState): { page: number; pageSize: number; sort?: Sort; order?: ListOrder } {
  if (state.sortKey === null) return { page: state.page, pageSize: state.pageSize };
  return { page: state.page, pageSize: state.pageSize, sort: state.sortKey as Sort, order: state.direction === 'descending' ? 'desc' : 'asc' };
}
