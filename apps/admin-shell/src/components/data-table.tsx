import { Pager } from '@hall/ui/pager';
import { useState, type ReactNode } from 'react';
import { PAGE_SIZES, initialTableState, toggleSort, visibleRows, withPageSize, type TableState } from '../lib/table-state';
import './data-table.css';

export interface Column<Row> {
  key: string;
  title: string;
  render: (row: Row) => ReactNode;
  /** The row's heading on the phone, where each row becomes a card. */
  primary?: boolean;
  /** What the column sorts by; a column with it has a sorting heading. */
  sortValue?: (row: Row) => string | number | null;
}

/**
 * A table on the desktop and a list of cards on the phone (below 720 px): one markup, the cells
 * carry their column's title, which the phone shows beside each value. Columns with a sortValue
 * sort from their heading (ascending, descending, the hall's order); `paged` pages the rows with a
 * chosen page size, for the lists that grow long.
 */
export function DataTable<Row>({ columns, rows, rowKey, label, paged = false }: { columns: Column<Row>[]; rows: Row[]; rowKey: (row: Row) => string | number; label: string; paged?: boolean }) {
  const [state, setState] = useState<TableState>(() => initialTableState(paged ? PAGE_SIZES[0] : Number.MAX_SAFE_INTEGER));
  const sortValue = (row: Row, key: string) => columns.find((column) => column.key === key)?.sortValue?.(row) ?? null;
  const shown = visibleRows(rows, state, sortValue);
  return (
    <>
      <table className="data-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = state.sortKey === column.key ? state.direction : undefined;
              return (
                <th key={column.key} scope="col" aria-sort={column.sortValue ? (sorted ?? 'none') : undefined}>
                  {column.sortValue ? (
                    <button type="button" className="data-table__sort" onClick={() => setState(toggleSort(state, column.key))}>
                      {column.title}
                      <span aria-hidden className="data-table__arrow">
                        {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.title
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {shown.rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} data-label={column.title} className={column.primary ? 'data-table__primary' : undefined}>
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {paged && shown.total > PAGE_SIZES[0] && (
        <div className="data-table__paging">
          <label>
            每页
            <select value={state.pageSize} onChange={(event) => setState(withPageSize(state, Number(event.target.value)))}>
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size} 条
                </option>
              ))}
            </select>
          </label>
          <span>共 {shown.total} 条</span>
          <Pager total={shown.total} pageSize={state.pageSize} current={state.page} onChange={(page) => setState({ ...state, page })} />
        </div>
      )}
    </>
  );
}
