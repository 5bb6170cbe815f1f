import type { AuditEntry } from '@hall/api/browser';
import { dataOf } from '@hall/app';
import { EmptyState } from '@hall/ui/empty-state';
import { Pager } from '@hall/ui/pager';
import { Button } from 'antd-mobile';
import { Input } from '@hall/ui';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, type Column } from '../../components/data-table';
import { api } from '../../lib/hall';
import { AUDIT_ACTION_FILTERS, auditActionText, auditFieldText, auditTargetText, auditValueText, operatorOf, type OperatorNames } from './audit-actions';
import { LoadStatus } from '../../components/load-status';
import './audit.css';
import { ConsolePage } from '../../components/console-page';
import { useConsoleRemote } from '../../lib/use-console-remote';

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
  { key: 'action', title: '操作', primary: true, render: (e) => auditActionText(e.action), sortValue: (e) => auditActionText(e.action) },
  { key: 'at', title: '时间', render: (e) => e.at, sortValue: (e) => e.at },
  { key: 'who', title: '操作人', render: (e) => <Operator {...operatorOf(e.operatorId, e.operatorName, operators)} />, sortValue: (e) => e.operatorName },
  { key: 'ip', title: '来源地址', render: (e) => e.ip },
  { key: 'target', title: '对象', render: (e) => auditTargetText(e.target, operators) },
  { key: 'change', title: '变更', render: (e) => <Change entry={e} /> },
];

/** 操作日志: the append-only audit trail, newest first, filtered by operator, action and date; the filter lives in the address. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filter = { operator: params.get('operator') ?? '', action: params.get('action') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(filter);
  const trail = useConsoleRemote(
    async () =>
      dataOf(
        await api.listAuditTrail({
          page,
          operator: filter.operator || undefined,
          action: filter.action || undefined,
          from: filter.from || undefined,
          to: filter.to || undefined,
        }),
      ),
    [page, filter.operator, filter.action, filter.from, filter.to],
  );
  // The accounts by id, for 姓名（账号）: the trail keeps only the account an entry was made under.
  const accounts = useConsoleRemote(async () => dataOf(await api.listOperators({})).items, []);
  const operators: OperatorNames = new Map((accounts.data ?? []).map((account) => [account.id, account]));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(draft).filter(([, value]) => value)));
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
          <DataTable label="操作日志" columns={columnsFor(operators)} rows={trail.data.items} rowKey={(e) => e.id} />
          <Pager total={trail.data.total} pageSize={trail.data.pageSize} current={page} onChange={(next) => setParams({ ...Object.fromEntries(params), page: String(next) })} />
        </>
      )}
    </ConsolePage>
  );
}
export { AuditPage as Component };
