/** One slot of the pager: a page number, or a gap of collapsed page numbers. */
export type PagerItem = { type: 'page'; page: number } | { type: 'ellipsis'; key: 'start' | 'end' };

/** Number of pages for `total` items, at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/** Keeps a page inside 1..pages. */
export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, pages));
}

/** The items of one page. */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const current = clampPage(page, pageCount(items.length, pageSize));
  return items.slice((current - 1) * pageSize, current * pageSize);
}

/**
 * The page buttons (spec part 1 §9): every page while there are at most `maxButtons`;
 * beyond that the first and last page, the current one with its neighbours, and an ellipsis
 * for each collapsed run, e.g. 1 2 3 4 … 10, 1 … 4 5 6 … 10, 1 … 7 8 9 10.
 */
export function pagerItems(current: number, pages: number, maxButtons: number): PagerItem[] {
  const page = clampPage(current, pages);
  const numbers = (from: number, to: number): PagerItem[] => Array.from({ length: to - from + 1 }, (_, index) => ({ type: 'page', page: from + index }));
  if (pages <= maxButtons) return numbers(1, pages);
  // Near an end, show that end's first four pages; elsewhere the current page and its neighbours.
  const edge = maxButtons - 1;
  if (page < edge) return [...numbers(1, edge), { type: 'ellipsis', key: 'end' }, ...numbers(pages, pages)];
  if (page > pages - edge + 1) return [...numbers(1, 1), { type: 'ellipsis', key: 'start' }, ...numbers(pages - edge + 1, pages)];
  return [...numbers(1, 1), { type: 'ellipsis', key: 'start' }, ...numbers(page - 1, page + 1), { type: 'ellipsis', key: 'end' }, ...numbers(pages, pages)];
}
