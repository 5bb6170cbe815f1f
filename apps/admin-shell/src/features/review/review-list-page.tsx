import type { ReviewQueue, ReviewQueueItem } from '@hall/api/browser';
import { readableMessage, submitWithFeedback } from '@hall/app';
import { REVIEW_STAGE_LABELS, applicationNumberText } from '@hall/domain';
import { EmptyState } from '@hall/ui/empty-state';
import { Badge, Button, Tabs } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadStatus } from '../../components/load-status';
import type { Column } from '../../components/data-table';
import { useOnPanelClosed, useOpenRow } from '../../components/detail-panel';
import { PanelTable } from '../../components/panel-table';
import { useDesktop } from '../../lib/use-desktop';
import { useTableAddress } from '../../lib/use-list-address';
import { loadReviewQueuePage, loadReviewQueues, loadReviewTable, type ReviewStageName } from './review-api';
import { ReviewDetailPage } from './review-detail-page';
import './review.css';
import { ConsolePage } from '../../components/console-page';
import { useConsoleRemote } from '../../lib/use-console-remote';
import { paths } from '../../config/paths';

const FIRST_STAGE: ReviewStageName = 'cadastralSurvey';

const applicantsOf = (item: ReviewQueueItem) => (item.sqr_names.length ? item.sqr_names.join('、') : '暂无');

/** A stage's queue as a table on the desktop: the hall pages it, and sorts it by submission time either way. */
const COLUMNS: Column<ReviewQueueItem>[] = [
  { key: 'name', title: '申请', primary: true, render: (item) => item.name || '未命名申请' },
  { key: 'prolsh', title: '申请编号', render: (item) => applicationNumberText(item.prolsh) },
  { key: 'applicants', title: '申请人', render: applicantsOf },
  { key: 'user', title: '提交人', render: (item) => item.user_name || '未填写' },
  { key: 'area', title: '申请地点', render: (item) => item.areaname },
  { key: 'tjsj', title: '提交时间', sortable: true, render: (item) => item.tjsj },
];

/** The desktop's table of one stage's queue, the application open beside it. */
function QueueTable({ stage, label, onChanged }: { stage: ReviewStageName; label: string; onChanged: () => void }) {
  const { state, setState } = useTableAddress(['tjsj']);
  const row = useOpenRow(paths.review.detail);
  const loaded = useConsoleRemote(() => loadReviewTable(stage, state), [stage, state.page, state.pageSize, state.sortKey, state.direction]);
  useOnPanelClosed(row.openId, () => {
    void loaded.reload();
    onChanged();
  });
  const queue = loaded.data;
  return (
    <>
      <LoadStatus loaded={loaded} />
      {queue && queue.total === 0 && <EmptyState className="review-empty" description={`暂无等待${label}的申请`} hint="市民提交的申请会出现在这里，点右上角可刷新" />}
      <PanelTable label={`等待${label}的申请`} columns={COLUMNS} page={queue} state={state} onState={setState} row={row} panelTitle="审核详情" detail={<ReviewDetailPage />} />
    </>
  );
}

function QueueItem({ item, onOpen }: { item: ReviewQueueItem; onOpen: () => void }) {
  return (
    <li className="review-item">
      <button type="button" className="console-item__open" onClick={onOpen}>
        <span className="console-item__title">{item.name}</span>
        <span className="console-item__line">申请编号：{applicationNumberText(item.prolsh)}</span>
        <span className="console-item__line">申请人：{applicantsOf(item)}</span>
        <span className="console-item__line">提交人：{item.user_name || '未填写'}</span>
        <span className="console-item__line">申请地点：{item.areaname}</span>
        <span className="console-item__line console-item__time">提交时间：{item.tjsj}</span>
      </button>
    </li>
  );
}

/** The items of a queue after the ones already shown, each application once (the queue may move between pages). */
const appended = (shown: ReviewQueueItem[], next: ReviewQueueItem[]) => [...shown, ...next.filter((item) => !shown.some((entry) => entry.id === item.id))];

/** A queue's applications, a page at a time: 加载更多 adds the next page under the ones shown. */
function Queue({ queue, onOpen }: { queue: ReviewQueue; onOpen: (item: ReviewQueueItem) => void }) {
  const [items, setItems] = useState(queue.items);
  const [pages, setPages] = useState(1);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setItems(queue.items);
    setPages(1);
  }, [queue]);
  if (items.length === 0) return <EmptyState className="review-empty" description={`暂无等待${queue.label}的申请`} hint="市民提交的申请会出现在这里，点右上角可刷新" />;
  const more = () => {
    setBusy(true);
    return submitWithFeedback(
      async () => {
        const next = await loadReviewQueuePage(queue.stage, pages + 1);
        setItems((shown) => appended(shown, next));
        setPages(pages + 1);
        return null;
      },
      { networkFailure: (error) => readableMessage(error), onSettled: () => setBusy(false) },
    );
  };
  return (
    <>
      <ul className="console-list" aria-label={`等待${queue.label}的申请`}>
        {items.map((item) => (
          <QueueItem key={item.id} item={item} onOpen={() => onOpen(item)} />
        ))}
      </ul>
      {items.length < queue.total && (
        <div className="review-more">
          <Button block loading={busy} disabled={busy} onClick={() => void more()}>
            加载更多（已显示 {items.length} 件，共 {queue.total} 件）
          </Button>
        </div>
      )}
    </>
  );
}

/** 申请审核: the applications waiting at each review stage, oldest first (docs/architecture.md §7). */
export function ReviewListPage() {
  const desktop = useDesktop();
  const row = useOpenRow(paths.review.detail);
  const [params, setParams] = useSearchParams();
  const loaded = useConsoleRemote(loadReviewQueues, []);
  const stage = (params.get('stage') === 'acceptance' ? 'acceptance' : FIRST_STAGE) satisfies ReviewStageName;
  const queues = (!loaded.loading && loaded.data) || [];
  const current = queues.find((queue) => queue.stage === stage);
  return (
    <ConsolePage
      className="review-page"
      title="申请审核"
      loaded={loaded}
      subheader={
        <Tabs activeKey={stage} onChange={(key) => setParams({ stage: key }, { replace: true })}>
          {Object.entries(REVIEW_STAGE_LABELS).map(([key, label]) => {
            const waiting = queues.find((queue) => queue.stage === key)?.total;
            return <Tabs.Tab key={key} title={<Badge content={waiting || null}>{label}</Badge>} />;
          })}
        </Tabs>
      }
    >
      {current && desktop && <QueueTable key={stage} stage={stage} label={current.label} onChanged={() => void loaded.reload()} />}
      {current && !desktop && <Queue key={stage} queue={current} onOpen={(item) => row.open(item.id)} />}
    </ConsolePage>
  );
}
export { ReviewListPage as Component };
