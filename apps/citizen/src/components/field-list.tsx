import type { ReactNode } from 'react';
import './field-list.css';

export type FieldRow = readonly [label: string, value: ReactNode];

/** Read-only fields as label and value rows (an order, a site's details). */
export function FieldList({ rows, className }: { rows: readonly FieldRow[]; className?: string }) {
  return (
    <dl className={className ? `hall-field-list ${className}` : 'hall-field-list'}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
