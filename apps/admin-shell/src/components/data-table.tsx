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
  /** A table the hall sorts: the column is one the list call sorts by (its key is the call's sort name). */
  sortable?: boolean;
}

/**
 * A table on the desktop and a list of cards on the phone (below 720 px): one markup, the cells
 * carry their column's title, which the phone shows beside each value. Columns with a sortValue
 * sort from their heading (ascending, descending, the hall's order); `paged` pages the rows with a
 * chosen page size, for the lists that grow long; `hall` hands both to the list call instead.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  label,
  paged = false,
  hall,
  onOpen,
  openKey,
}: {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  label: string;
  paged?: boolean;
  /** The hall pages and sorts the rows (the long lists): the state is the address's, rows are the page, total counts them all. */
  hall?: { state: TableState; total: number; onChange: (state: TableState) => void };
  /** Opens a row's detail (beside the list on the desktop): the primary cell becomes its button. */
  onOpen?: (row: Row) => void;
  /** The row whose detail is open, marked. */
  openKey?: string | number | null;
}) {
  const [own, setOwn] = useState<TableState>(() => initialTableState(paged ? PAGE_SIZES[0] : Number.MAX_SAFE_INTEGER));
  const state = hall?.state ?? own;
  const setState = hall?.onChange ?? setOwn;
  const sortValue = (row: Row, key: string) => columns.find((column) => column.key === key)?.sortValue?.(row) ?? null;
  const shown = hall ? { rows, total: hall.total } : visibleRows(rows, state, sortValue);
  const sortable = (column: Column<Row>) => Boolean(hall ? column.sortable : column.sortValue);
  return (
    <>
      <table className="data-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = state.sortKey === column.key ? state.direction : undefined;
              return (
                <th key={column.key} scope="col" aria-sort={sortable(column) ? (sorted ?? 'none') : undefined}>
                  {sortable(column) ? (
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
            <tr key={rowKey(row)} className={openKey !== undefined && openKey === rowKey(row) ? 'data-table__open-row' : undefined}>
              {columns.map((column) => (
                <td key={column.key} data-label={column.title} className={column.primary ? 'data-table__primary' : undefined}>
                  {column.primary && onOpen ? (
                    <button type="button" className="data-table__open" aria-expanded={openKey === rowKey(row)} onClick={() => onOpen(row)}>
                      {column.render(row)}
                    </button>
                  ) : (
                    column.render(row)
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {(paged || hall) && shown.total > PAGE_SIZES[0] && (
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
