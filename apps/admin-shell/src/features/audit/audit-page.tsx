import { AUDIT_TRAIL_SORTS, type AuditEntry } from '@hall/api/browser';
import { dataOf } from '@hall/app';
import { EmptyState } from '@hall/ui/empty-state';
import { Button } from 'antd-mobile';
import { Input } from '@hall/ui';
import { useState, type FormEvent } from 'react';
import { DataTable, type Column } from '../../components/data-table';
import { api } from '../../lib/hall';
import { AUDIT_ACTION_FILTERS, auditActionText, auditFieldText, auditTargetText, auditValueText, operatorOf, type OperatorNames } from './audit-actions';
import { LoadStatus } from '../../components/load-status';
import './audit.css';
import { ConsolePage } from '../../components/console-page';
import { useConsoleRemote } from '../../lib/use-console-remote';
import { useTableAddress } from '../../lib/use-list-address';
import { listAskOf } from '../../lib/table-state';

/** before → after, one changed field a line, in words. */
function Change({ entry }: { entry: AuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (!keys.length) return <>—</>;
  return (
    <ul className="audit-change">
      {keys.map((key) => (
        <li key={key}>
          {auditFieldText(key)}：{entry.before && key in entry.before ? `${auditValueText(key, entry.before[key], entry.action)} → ` : ''}
          {auditValueText(key, entry.after?.[key], entry.action)}
        </li>
      ))}
    </ul>
  );
}

/** 姓名（账号）: the account in a span of its own, its brackets drawn around it, so it reads and searches as the account alone. */
function Operator({ displayName, username }: { displayName: string | null; username: string }) {
  if (!displayName) return <>{username}</>;
  return (
    <span>
      {displayName}
      <span className="audit-account">{username}</span>
    </span>
  );
}

const columnsFor = (operators: OperatorNames): Column<AuditEntry>[] => [
  { key: 'action', title: '操作', primary: true, sortable: true, render: (e) => auditActionText(e.action) },
  { key: 'at', title: '时间', sortable: true, render: (e) => e.at },
  { key: 'operatorName', title: '操作人', sortable: true, render: (e) => <Operator {...operatorOf(e.operatorId, e.operatorName, operators)} /> },
  { key: 'ip', title: '来源地址', render: (e) => e.ip },
  { key: 'target', title: '对象', render: (e) => auditTargetText(e.target, operators) },
  { key: 'change', title: '变更', render: (e) => <Change entry={e} /> },
];

/**
 * 操作日志: the append-only audit trail, newest first, filtered by operator, action and date, paged
 * and sorted by the hall (the action sorts by its code, which groups an area's actions together);
 * the filter and the table's state live in the address.
 */
export function AuditPage() {
  const address = useTableAddress(AUDIT_TRAIL_SORTS);
  const filter = { operator: address.text('operator'), action: address.text('action'), from: address.text('from'), to: address.text('to') };
  const table = address.state;
  const [draft, setDraft] = useState(filter);
  const trail = useConsoleRemote(
    async () =>
      dataOf(
        await api.listAuditTrail({
          ...listAskOf<(typeof AUDIT_TRAIL_SORTS)[number]>(table),
          operator: filter.operator || undefined,
          action: filter.action || undefined,
          from: filter.from || undefined,
          to: filter.to || undefined,
        }),
      ),
    [table.page, table.pageSize, table.sortKey, table.direction, filter.operator, filter.action, filter.from, filter.to],
  );
  // The accounts by id, for 姓名（账号）: the trail keeps only the account an entry was made under.
  const accounts = useConsoleRemote(async () => dataOf(await api.listOperators({})).items, []);
  const operators: OperatorNames = new Map((accounts.data ?? []).map((account) => [account.id, account]));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    address.filter(draft);
  };
  return (
    <ConsolePage title="操作日志" onRefresh={trail.reload}>
      <form className="audit-filter console-filter" onSubmit={apply} aria-label="筛选操作日志">
        <label>
          操作人
          <Input value={draft.operator} onChange={(operator) => setDraft({ ...draft, operator })} placeholder="账号" clearable />
        </label>
        <label>
          操作
          <select value={draft.action} onChange={(event) => setDraft({ ...draft, action: event.target.value })}>
            {AUDIT_ACTION_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          起始日期
          <input type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        </label>
        <label>
          截止日期
          <input type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </label>
        <Button type="submit" color="primary">
          查询
        </Button>
      </form>
      <LoadStatus loaded={trail} />
      {trail.data && trail.data.total === 0 && <EmptyState description="没有符合条件的操作记录" />}
      {trail.data && trail.data.total > 0 && (
        <>
          <p className="shell-note">共 {trail.data.total} 条，记录只增不改。</p>
          <DataTable label="操作日志" columns={columnsFor(operators)} rows={trail.data.items} rowKey={(e) => e.id} hall={{ state: table, total: trail.data.total, onChange: address.setState }} />
        </>
      )}
    </ConsolePage>
  );
}
export { AuditPage as Component };
