import type { ReviewDecisionItem } from '@hall/api/browser';
import { dataOf } from '@hall/app';
import { REVIEW_STAGE_LABELS, reviewStatusLabel } from '@hall/domain';
import { EmptyState } from '@hall/ui/empty-state';
import { Pager } from '@hall/ui/pager';
import { Link } from 'react-router';
import { ConsolePage } from '../../components/console-page';
import { DataTable, type Column } from '../../components/data-table';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/hall';
import { useConsoleRemote } from '../../lib/use-console-remote';
import { useListAddress } from '../../lib/use-list-address';
import './review.css';

const STAGES = Object.keys(REVIEW_STAGE_LABELS) as ReviewDecisionItem['stage'][];
const DECISIONS: Record<ReviewDecisionItem['decision'], string> = { pass: '通过', reject: '驳回' };

const COLUMNS: Column<ReviewDecisionItem>[] = [
  { key: 'name', title: '申请', primary: true, render: (item) => item.name || '未命名申请', sortValue: (item) => item.name },
  { key: 'business', title: '业务', render: (item) => item.business_name || '—', sortValue: (item) => item.business_name },
  { key: 'stage', title: '环节', render: (item) => REVIEW_STAGE_LABELS[item.stage], sortValue: (item) => item.stage },
  { key: 'decision', title: '结果', render: (item) => DECISIONS[item.decision], sortValue: (item) => item.decision },
  { key: 'opinion', title: '驳回意见', render: (item) => item.opinion || '—' },
  { key: 'at', title: '审核时间', render: (item) => item.decidedAt, sortValue: (item) => item.decidedAt },
  { key: 'now', title: '当前状态', render: (item) => reviewStatusLabel(item.shzt) || '已删除' },
  { key: 'open', title: '操作', render: (item) => <Link to={href(paths.review.detail, { id: item.id })}>查看</Link> },
];

const select = (value: string, options: [string, string][], onChange: (value: string) => void, label: string) => (
  <label>
    {label}
    <select value={value} onChange={(event) => onChange(event.target.value)}>
      {options.map(([code, title]) => (
        <option key={code} value={code}>
          {title}
        </option>
      ))}
    </select>
  </label>
);

/** 我已审核: the decisions the signed-in reviewer made, newest first, by stage, decision and day; the filter lives in the address. */
export function ReviewDecidedPage() {
  const { page, text, change } = useListAddress();
  const filter = { stage: text('stage'), decision: text('decision'), from: text('from'), to: text('to') };
  const loaded = useConsoleRemote(
    async () =>
      dataOf(
        await api.getMyReviewDecisions({
          page,
          stage: (STAGES as string[]).includes(filter.stage) ? (filter.stage as ReviewDecisionItem['stage']) : undefined,
          decision: filter.decision === 'pass' || filter.decision === 'reject' ? filter.decision : undefined,
          from: filter.from || undefined,
          to: filter.to || undefined,
        }),
      ),
    [page, filter.stage, filter.decision, filter.from, filter.to],
  );
  const data = loaded.data;
  return (
    <ConsolePage className="review-page" title="我已审核" loaded={loaded}>
      <form className="console-filter review-decided__filter" aria-label="筛选我已审核的申请" onSubmit={(event) => event.preventDefault()}>
        {select(filter.stage, [['', '全部环节'], ...STAGES.map((stage): [string, string] => [stage, REVIEW_STAGE_LABELS[stage]])], (stage) => change({ stage }), '环节')}
        {select(
          filter.decision,
          [
            ['', '全部结果'],
            ['pass', '通过'],
            ['reject', '驳回'],
          ],
          (decision) => change({ decision }),
          '结果',
        )}
        <label>
          起始日期
          <input type="date" value={filter.from} onChange={(event) => change({ from: event.target.value })} />
        </label>
        <label>
          截止日期
          <input type="date" value={filter.to} onChange={(event) => change({ to: event.target.value })} />
        </label>
      </form>
      {data && data.total === 0 && <EmptyState className="review-empty" description="没有符合条件的审核记录" hint="您作出的审核通过与驳回会出现在这里" />}
      {data && data.total > 0 && (
        <>
          <p className="shell-note">共 {data.total} 条</p>
          <DataTable label="我已审核" columns={COLUMNS} rows={data.items} rowKey={(item) => `${item.id}-${item.decidedAt}-${item.decision}`} />
          <Pager total={data.total} pageSize={data.pageSize} current={page} onChange={(next) => change({ page: next })} />
        </>
      )}
    </ConsolePage>
  );
}
export { ReviewDecidedPage as Component };
