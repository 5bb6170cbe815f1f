import type { InboxFeedbackItem } from '@hall/api/browser';
import { EmptyState } from '@hall/ui/empty-state';
import { Pager } from '@hall/ui/pager';
import { Badge, SearchBar, Tabs, Tag } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useListAddress } from '../../lib/use-list-address';
import { loadInbox } from './feedback-api';
import './feedback.css';
import { ConsolePage } from '../../components/console-page';
import { useConsoleRemote } from '../../lib/use-console-remote';
import { href, paths } from '../../config/paths';

function InboxItem({ item, onOpen }: { item: InboxFeedbackItem; onOpen: () => void }) {
  const waiting = item.status === 0;
  return (
    <li className="console-item">
      <button type="button" className="console-item__open" onClick={onOpen}>
        <span className="console-item__head">
          <Tag color={waiting ? 'warning' : 'success'} fill="outline">
            {waiting ? '待回复' : '已回复'}
          </Tag>
          <span className="console-item__line">{item.citizenName || '未填写姓名'}</span>
        </span>
        <span className="feedback-item__content">{item.content}</span>
        <span className="console-item__line console-item__time">提交时间：{item.submittedAt}</span>
        {!waiting && <span className="console-item__line console-item__time">回复时间：{item.repliedAt}</span>}
      </button>
    </li>
  );
}

/** 反馈处理: the citizens' feedback, unanswered first then newest, searchable and paged (docs/architecture.md §6). */
export function FeedbackListPage() {
  const navigate = useNavigate();
  const { page, text, change } = useListAddress();
  const search = text('q');
  const onlyWaiting = text('only') === 'waiting';
  const loaded = useConsoleRemote(() => loadInbox(page, search, onlyWaiting), [page, search, onlyWaiting]);
  const data = (!loaded.loading && loaded.data) || null;

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
      {data && data.items.length > 0 && (
        <>
          <ul className="console-list" aria-label="市民反馈">
            {data.items.map((item) => (
              <InboxItem key={item.id} item={item} onOpen={() => navigate(href(paths.feedback.detail, { id: item.id }))} />
            ))}
          </ul>
          <Pager className="feedback-pager" total={data.total} pageSize={data.pageSize} current={page} onChange={(next) => change({ page: next })} />
        </>
      )}
    </ConsolePage>
  );
}
export { FeedbackListPage as Component };
