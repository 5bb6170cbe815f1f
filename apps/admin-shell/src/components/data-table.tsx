import type { ReactNode } from 'react';
import './data-table.css';

export interface Column<Row> {
  key: string;
  title: string;
  render: (row: Row) => ReactNode;
  /** The row's heading on the phone, where each row becomes a card. */
  primary?: boolean;
}

/**
 * A table on the desktop and a list of cards on the phone (below 720 px): one markup, the cells
 * carry their column's title, which the phone shows beside each value.
 */
export function DataTable<Row>({ columns, rows, rowKey, label }: { columns: Column<Row>[]; rows: Row[]; rowKey: (row: Row) => string | number; label: string }) {
  return (
    <table className="data-table" aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col">
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
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
  );
}
