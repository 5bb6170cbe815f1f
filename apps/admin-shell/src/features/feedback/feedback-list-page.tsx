import { FEEDBACK_INBOX_SORTS, type InboxFeedbackItem } from '@hall/api/browser';
import { EmptyState } from '@hall/ui/empty-state';
import { Pager } from '@hall/ui/pager';
import { Badge, SearchBar, Tabs, Tag } from 'antd-mobile';
import type { Column } from '../../components/data-table';
import { useOnPanelClosed, useOpenRow } from '../../components/detail-panel';
import { PanelTable } from '../../components/panel-table';
import { useDesktop } from '../../lib/use-desktop';
import { useTableAddress } from '../../lib/use-list-address';
import { PAGE_SIZES } from '../../lib/table-state';
import { loadInbox } from './feedback-api';
import { FeedbackDetailPage } from './feedback-detail-page';
import './feedback.css';
import { ConsolePage } from '../../components/console-page';
import { useConsoleRemote } from '../../lib/use-console-remote';
import { paths } from '../../config/paths';

const statusTag = (item: InboxFeedbackItem) => (
  <Tag color={item.status === 0 ? 'warning' : 'success'} fill="outline">
    {item.status === 0 ? '待回复' : '已回复'}
  </Tag>
);

function InboxItem({ item, onOpen }: { item: InboxFeedbackItem; onOpen: () => void }) {
  return (
    <li className="console-item">
      <button type="button" className="console-item__open" onClick={onOpen}>
        <span className="console-item__head">
          {statusTag(item)}
          <span className="console-item__line">{item.citizenName || '未填写姓名'}</span>
        </span>
        <span className="feedback-item__content">{item.content}</span>
        <span className="console-item__line console-item__time">提交时间：{item.submittedAt}</span>
        {item.status !== 0 && <span className="console-item__line console-item__time">回复时间：{item.repliedAt}</span>}
      </button>
    </li>
  );
}

/** The inbox's table on the desktop; the sorting columns are the ones listInboxFeedback sorts by. */
const COLUMNS: Column<InboxFeedbackItem>[] = [
  { key: 'content', title: '反馈内容', primary: true, render: (item) => <span className="feedback-cell__content">{item.content}</span> },
  { key: 'citizen', title: '提交人', render: (item) => item.citizenName || '未填写姓名' },
  { key: 'status', title: '状态', sortable: true, render: statusTag },
  { key: 'submittedAt', title: '提交时间', sortable: true, render: (item) => item.submittedAt },
  { key: 'repliedAt', title: '回复时间', sortable: true, render: (item) => item.repliedAt || '—' },
];

/** 反馈处理: the citizens' feedback, unanswered first then newest, searchable and paged (docs/architecture.md §6); a table with the item beside it on the desktop. */
export function FeedbackListPage() {
  const desktop = useDesktop();
  const { state, text, setState, filter } = useTableAddress(FEEDBACK_INBOX_SORTS);
  // The phone's list keeps its own order and page size: a sort or size chosen on the desktop is the table's.
  const table = desktop ? state : { ...state, sortKey: null, pageSize: PAGE_SIZES[0] };
  const row = useOpenRow(paths.feedback.detail);
  const search = text('q');
  const onlyWaiting = text('only') === 'waiting';
  const loaded = useConsoleRemote(() => loadInbox(table, search, onlyWaiting), [table.page, table.pageSize, table.sortKey, table.direction, search, onlyWaiting]);
  const data = loaded.data ?? null;
  useOnPanelClosed(row.openId, () => void loaded.reload());
  const change = (next: { page?: number; q?: string; only?: string }) => (next.page ? setState({ ...table, page: next.page }) : filter(next as Record<string, string>));

  return (
    <ConsolePage
      className="feedback-page"
      title="反馈处理"
      loaded={loaded}
      subheader={
        <>
          <Tabs activeKey={onlyWaiting ? 'waiting' : 'all'} onChange={(key) => change({ only: key === 'waiting' ? 'waiting' : '' })}>
            <Tabs.Tab key="all" title="全部" />
            <Tabs.Tab key="waiting" title={<Badge content={data?.waiting || null}>待回复</Badge>} />
          </Tabs>
          <div className="feedback-search">
            <SearchBar placeholder="搜索反馈或回复的内容" defaultValue={search} onSearch={(value) => change({ q: value.trim() })} onClear={() => change({ q: '' })} />
          </div>
        </>
      }
    >
      {data && data.items.length === 0 && (
        <EmptyState
          className="console-empty"
          description={search ? `没有找到包含“${search}”的反馈` : onlyWaiting ? '暂无待回复的反馈' : '暂无反馈'}
          hint={search ? '换个关键词试试，或清空搜索查看全部' : '市民在“意见反馈”中提交的内容会出现在这里'}
        />
      )}
      {desktop && <PanelTable label="市民反馈" columns={COLUMNS} page={data} state={state} onState={setState} row={row} panelTitle="反馈详情" detail={<FeedbackDetailPage />} />}
      {data && data.items.length > 0 && !desktop && (
        <>
          <ul className="console-list" aria-label="市民反馈">
            {data.items.map((item) => (
              <InboxItem key={item.id} item={item} onOpen={() => row.open(item.id)} />
            ))}
          </ul>
          <Pager className="feedback-pager" total={data.total} pageSize={data.pageSize} current={table.page} onChange={(next) => change({ page: next })} />
        </>
      )}
    </ConsolePage>
  );
}
export { FeedbackListPage as Component };
