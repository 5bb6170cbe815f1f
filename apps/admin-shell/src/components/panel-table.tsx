import type { ReactNode } from 'react';
import type { TableState } from '../lib/table-state';
import { DataTable, type Column } from './data-table';
import { DetailPanel } from './detail-panel';

/**
 * A long list's table on the desktop, paged and sorted by the hall, and the row opened beside it
 * (components/detail-panel.tsx): the review queue, the feedback inbox, 查询办理.
 */
export function PanelTable<Row extends { id: string }>({
  label,
  columns,
  page,
  state,
  onState,
  row,
  panelTitle,
  detail,
}: {
  label: string;
  columns: Column<Row>[];
  /** The page the hall answered, null while none is loaded. */
  page: { items: Row[]; total: number } | null | undefined;
  state: TableState;
  onState: (state: TableState) => void;
  row: { openId: string | null; open: (id: string) => void; close: () => void };
  panelTitle: string;
  /** The detail page, framed in the panel. */
  detail: ReactNode;
}) {
  return (
    <>
      {page && page.total > 0 && (
        <DataTable
          label={label}
          columns={columns}
          rows={page.items}
          rowKey={(item) => item.id}
          hall={{ state, total: page.total, onChange: onState }}
          onOpen={(item) => row.open(item.id)}
          openKey={row.openId}
        />
      )}
      {row.openId && (
        <DetailPanel id={row.openId} title={panelTitle} onClose={row.close}>
          {detail}
        </DetailPanel>
      )}
    </>
  );
}
