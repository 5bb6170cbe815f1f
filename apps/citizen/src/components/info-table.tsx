import type { ReactNode } from 'react';
import './info-table.css';

/**
 * A fill screen's table (序, name, contact … and an action column) as the fill screens and the
 * detail pages show it; with no rows it says 暂无{label}. aria-label {label}列表.
 */
export function InfoTable({ label, head, rows }: { label: string; head: readonly string[]; rows: readonly ReactNode[] }) {
  if (rows.length === 0) return <p className="hall-info-fill__empty">暂无{label}</p>;
  return (
    <table className="hall-info-fill__table" aria-label={`${label}列表`}>
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{rows}</tbody>
    </table>
  );
}
