import type { ReactNode } from 'react';
import './field-list.css';

export type FieldRow = readonly [label: string, value: ReactNode];

/**
 * Read-only fields as label and value rows (an order, a site's details, an archive request).
 * classPrefix replaces the list's own class where a screen styles the rows its own way. Its own class is
 * not @hall/ui FieldList's (hall-field-list), whose grid would otherwise lay these rows out too.
 */
export function FieldList({ rows, className, classPrefix = 'hall-detail-rows' }: { rows: readonly FieldRow[]; className?: string; classPrefix?: string }) {
  return (
    <dl className={className ? `${classPrefix} ${className}` : classPrefix}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
