import { FULFILMENT_KIND_LABELS, FULFILMENT_QUEUE_SORTS, type FulfilmentItem, type FulfilmentKind } from '@hall/api/browser';
import { EmptyState } from '@hall/ui/empty-state';
import { Pager } from '@hall/ui/pager';
import { Tag } from 'antd-mobile';
import type { Column } from '../../components/data-table';
import { useOnPanelClosed, useOpenRow } from '../../components/detail-panel';
import { PanelTable } from '../../components/panel-table';
import { useDesktop } from '../../lib/use-desktop';
import { useTableAddress } from '../../lib/use-list-address';
import { PAGE_SIZES } from '../../lib/table-state';
import { loadQueue } from './fulfilment-api';
import { FulfilmentDetailPage } from './fulfilment-detail-page';
import { registryTryFields } from './registry-tries';
import './fulfilment.css';
import { ConsolePage } from '../../components/console-page';
import { useConsoleRemote } from '../../lib/use-console-remote';
import { paths } from '../../config/paths';

function QueueItem({ item, onOpen }: { item: FulfilmentItem; onOpen: () => void }) {
  return (
    <li className="console-item">
      <button type="button" className="console-item__open" onClick={onOpen}>
        <span className="console-item__head">
          <Tag color="primary" fill="outline">
            {item.kindLabel}
          </Tag>
          <span className="console-item__title">{item.citizenName || '未填写姓名'}</span>
          {item.citizenIdcard && <span className="console-item__line">{item.citizenIdcard}</span>}
        </span>
        {item.asked.map((line) => (
          <span key={line.label} className="console-item__line">
            {line.label}：{line.value}
          </span>
        ))}
        <span className="console-item__line console-item__time">提交时间：{item.askedAt}</span>
        {registryTryFields(item).map(([label, value]) => (
          <span key={label} className="console-item__line fulfilment-warning">
            {label}：{value}
          </span>
        ))}
      </button>
    </li>
  );
}

const KINDS = Object.keys(FULFILMENT_KIND_LABELS) as FulfilmentKind[];
const kindOf = (text: string) => ((KINDS as string[]).includes(text) ? (text as FulfilmentKind) : undefined);

/** The queue's table on the desktop; the sorting columns are the ones listFulfilmentQueue sorts by. */
const COLUMNS: Column<FulfilmentItem>[] = [
  { key: 'citizen', title: '查询人', primary: true, render: (item) => item.citizenName || '未填写姓名' },
  { key: 'kind', title: '查询类型', sortable: true, render: (item) => item.kindLabel },
  { key: 'asked', title: '查询内容', render: (item) => <FieldLines lines={item.asked.map((line) => [line.label, line.value])} /> },
  { key: 'askedAt', title: '提交时间', sortable: true, render: (item) => item.askedAt },
  { key: 'tries', title: '登记系统', render: (item) => (item.attempts ? <FieldLines lines={registryTryFields(item)} warning /> : '—') },
];

function FieldLines({ lines, warning = false }: { lines: [string, string][]; warning?: boolean }) {
  return (
    <ul className={warning ? 'fulfilment-lines fulfilment-warning' : 'fulfilment-lines'}>
      {lines.map(([label, value]) => (
        <li key={label}>
          {label}：{value}
        </li>
      ))}
    </ul>
  );
}

/** 查询办理: the certificate, licence, archive and property queries no registry answers, oldest first; a table by kind with the record beside it on the desktop. */
export function FulfilmentListPage() {
  const desktop = useDesktop();
  const { state, text, setState, filter } = useTableAddress(FULFILMENT_QUEUE_SORTS);
  // The phone's list keeps the queue's own order, a page of the first size at a time.
  const table = desktop ? state : { ...state, sortKey: null, pageSize: PAGE_SIZES[0] };
  const kind = kindOf(text('kind'));
  const row = useOpenRow(paths.fulfilment.detail);
  const loaded = useConsoleRemote(() => loadQueue(table, kind), [table.page, table.pageSize, table.sortKey, table.direction, kind]);
  const data = loaded.data ?? null;
  useOnPanelClosed(row.openId, () => void loaded.reload());
  return (
    <ConsolePage className="fulfilment-page" title="查询办理" loaded={loaded}>
      <form className="console-filter fulfilment-filter" aria-label="筛选待办理的查询" onSubmit={(event) => event.preventDefault()}>
        <label>
          查询类型
          <select value={kind ?? ''} onChange={(event) => filter({ kind: event.target.value })}>
            <option value="">全部类型</option>
            {KINDS.map((name) => (
              <option key={name} value={name}>
                {FULFILMENT_KIND_LABELS[name]}
              </option>
            ))}
          </select>
        </label>
      </form>
      {data && data.total === 0 && (
        <EmptyState
          className="console-empty"
          description={kind ? `暂无待办理的${FULFILMENT_KIND_LABELS[kind]}` : '暂无待办理的查询'}
          hint="市民提交的、登记系统未能答复的查询会出现在这里，点右上角可刷新"
        />
      )}
      {desktop && <PanelTable label="待办理的查询" columns={COLUMNS} page={data} state={state} onState={setState} row={row} panelTitle="查询详情" detail={<FulfilmentDetailPage />} />}
      {data && data.total > 0 && !desktop && (
        <>
          <ul className="console-list" aria-label="待办理的查询">
            {data.items.map((item) => (
              <QueueItem key={item.id} item={item} onOpen={() => row.open(item.id)} />
            ))}
          </ul>
          <Pager total={data.total} pageSize={table.pageSize} current={table.page} onChange={(page) => setState({ ...table, page })} />
        </>
      )}
    </ConsolePage>
  );
}
export { FulfilmentListPage as Component };
