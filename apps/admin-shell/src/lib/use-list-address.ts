import { useSearchParams } from 'react-router';
import { tableQueryOf, tableStateOf, type TableState } from './table-state';

/**
 * A console list's place, kept in the address so that 返回 from an item and a reload come back to
 * it: the page (from 1) and its filters as text. Changing a filter goes back to page 1; an empty
 * value drops the filter.
 */
export function useListAddress() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const text = (name: string) => params.get(name) ?? '';
  const change = (next: { page?: number } & Record<string, string | number | undefined>) => {
    const query: Record<string, string> = {};
    for (const [name, value] of params) if (name !== 'page') query[name] = value;
    for (const [name, value] of Object.entries(next)) {
      if (name === 'page') continue;
      if (value) query[name] = String(value);
      else delete query[name];
    }
    if (next.page && next.page > 1) query.page = String(next.page);
    setParams(query, { replace: true });
  };
  return { page, text, change };
}

/**
 * A console table paged and sorted by the hall, its place in the address (lib/table-state.ts): the
 * table's state, its filters as text, and the panel's open row (`open`). A new filter goes back to page 1.
 */
export function useTableAddress(sortable: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const set = (next: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        for (const [name, value] of Object.entries(next)) {
          if (value) query.set(name, value);
          else query.delete(name);
        }
        return query;
      },
      { replace: true },
    );
  return {
    state: tableStateOf(params, sortable),
    text: (name: string) => params.get(name) ?? '',
    setState: (state: TableState) => set(tableQueryOf(state)),
    filter: (next: Record<string, string>) => set({ ...next, page: undefined }),
    set,
  };
}
