import type { RatingFollowUpItem } from '@hall/api/browser';
import { FOLLOW_UP_STATES, RATED_SERVICES, type RatedServiceKind } from '@hall/domain';
import { EmptyState } from '@hall/ui/empty-state';
import { Pager } from '@hall/ui/pager';
import { Badge, Tabs, Tag } from 'antd-mobile';
import type { Column } from '../../components/data-table';
import { useOnPanelClosed, useOpenRow } from '../../components/detail-panel';
import { PanelTable } from '../../components/panel-table';
import { ConsolePage } from '../../components/console-page';
import { paths } from '../../config/paths';
import { useConsoleRemote } from '../../lib/use-console-remote';
import { useDesktop } from '../../lib/use-desktop';
import { useTableAddress } from '../../lib/use-list-address';
import { loadFollowUps } from './follow-ups-api';
import { FollowUpDetailPage } from './follow-up-detail-page';
import './follow-ups.css';

/** The kind of service and what it was, once where they are the same words (意见反馈). */
export const serviceTitle = (item: RatingFollowUpItem) => {
  const kind = RATED_SERVICES[item.kind as RatedServiceKind]?.title ?? '';
  return kind === item.serviceTitle ? kind : `${kind}：${item.serviceTitle}`;
};

export const stateTag = (item: RatingFollowUpItem) => (
  <Tag color={item.state === FOLLOW_UP_STATES.open ? 'warning' : 'success'} fill="outline">
    {item.state}
  </Tag>
);

function FollowUpCard({ item, onOpen }: { item: RatingFollowUpItem; onOpen: () => void }) {
  return (
    <li className="console-item">
      <button type="button" className="console-item__open" onClick={onOpen}>
        <span className="console-item__head">
          {stateTag(item)}
          <span className="console-item__line">{item.gradeLabel}</span>
        </span>
        <span className="follow-up-item__service">{serviceTitle(item)}</span>
        <span className="console-item__line console-item__time">答复期限：{item.followUp?.dueOn}</span>
      </button>
    </li>
  );
}

const COLUMNS: Column<RatingFollowUpItem>[] = [
  { key: 'service', title: '服务', primary: true, render: serviceTitle },
  { key: 'grade', title: '评价', render: (item) => item.gradeLabel },
  { key: 'reasons', title: '原因', render: (item) => item.reasons.join('、') || '—' },
  { key: 'state', title: '状态', render: stateTag },
  { key: 'dueOn', title: '答复期限', render: (item) => item.followUp?.dueOn ?? '' },
  { key: 'ratedAt', title: '评价时间', render: (item) => item.ratedAt },
];

/** 好差评整改: the low ratings of the services the operator's roles give, open first by deadline; a table with the follow-up beside it on the desktop. */
export function FollowUpListPage() {
  const desktop = useDesktop();
  const { state, text, setState, filter } = useTableAddress([]);
  const row = useOpenRow(paths.followUps.detail);
  const onlyOpen = text('only') !== 'all';
  const loaded = useConsoleRemote(() => loadFollowUps(state.page, onlyOpen), [state.page, onlyOpen]);
  const data = loaded.data ?? null;
  useOnPanelClosed(row.openId, () => void loaded.reload());

  return (
    <ConsolePage
      className="follow-up-page"
      title="好差评整改"
      loaded={loaded}
      subheader={
        <Tabs activeKey={onlyOpen ? 'open' : 'all'} onChange={(key) => filter({ only: key === 'all' ? 'all' : '' })}>
          <Tabs.Tab key="open" title={<Badge content={data?.open || null}>{FOLLOW_UP_STATES.open}</Badge>} />
          <Tabs.Tab key="all" title="全部" />
        </Tabs>
      }
    >
      {data && data.items.length === 0 && <EmptyState className="console-empty" description={onlyOpen ? '暂无待整改的差评' : '暂无差评'} hint="市民给出“不满意”或“非常不满意”后，整改会出现在这里" />}
      {desktop && <PanelTable label="差评整改" columns={COLUMNS} page={data} state={state} onState={setState} row={row} panelTitle="整改详情" detail={<FollowUpDetailPage />} />}
      {data && data.items.length > 0 && !desktop && (
        <>
          <ul className="console-list" aria-label="差评整改">
            {data.items.map((item) => (
              <FollowUpCard key={item.followUpId} item={item} onOpen={() => row.open(item.followUpId)} />
            ))}
          </ul>
          <Pager className="follow-up-pager" total={data.total} pageSize={data.pageSize} current={state.page} onChange={(next) => setState({ ...state, page: next })} />
        </>
      )}
    </ConsolePage>
  );
}
export { FollowUpListPage as Component };
