import type { DayBooking } from '@hall/api/browser';
import { ATTENDANCE_LABELS } from '@hall/domain';
import { submitWithFeedback } from '@hall/app';
import { EmptyState } from '@hall/ui/empty-state';
import { Button, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table';
import { loadDay, mark } from './counter-day-api';
import './counter-day.css';
import { ConsolePage } from '../../components/console-page';
import { showSuccess } from '@hall/ui';
import { useConsoleRemote } from '../../lib/use-console-remote';

const STATE_COLORS = { arrived: 'success', no_show: 'danger' } as const;

function StateTag({ booking }: { booking: DayBooking }) {
  if (!booking.state) return <Tag fill="outline">待到场</Tag>;
  return (
    <Tag color={STATE_COLORS[booking.state]} fill="outline">
      {ATTENDANCE_LABELS[booking.state]}
    </Tag>
  );
}

/** 到场 and 未到 of one booking; a refusal (another operator recorded it first) shows beside it. */
function Actions({ booking, onMarked }: { booking: DayBooking; onMarked: (next: DayBooking) => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (booking.state) return <span className="console-muted">{`${booking.recordedBy} ${booking.recordedAt.slice(11, 16)}`}</span>;
  const run = async (state: 'arrived' | 'no_show') => {
    setBusy(true);
    setProblem(null);
    let marked: DayBooking | null = null;
    await submitWithFeedback(
      async () => {
        const outcome = await mark(booking, state);
        if ('problem' in outcome) return outcome.problem;
        marked = outcome.booking;
        return null;
      },
      { inPlace: true, onSettled: () => setBusy(false), onFailure: setProblem },
    );
    if (marked) {
      onMarked(marked);
      showSuccess(state === 'arrived' ? '已登记到场' : '已登记未到');
    }
  };
  return (
    <span className="counter-day__actions">
      <Button size="mini" color="primary" disabled={busy} onClick={() => void run('arrived')} aria-label={`${booking.name} 到场`}>
        到场
      </Button>
      <Button size="mini" fill="outline" disabled={busy} onClick={() => void run('no_show')} aria-label={`${booking.name} 未到`}>
        未到
      </Button>
      {problem && (
        <span className="shell-error" role="alert">
          {problem}
        </span>
      )}
    </span>
  );
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

/** 今日预约: a site's online appointments and counter bookings of one date by slot, with 到场 and 未到, printable (docs/architecture.md §6). */
export function CounterDayPage() {
  const [params, setParams] = useSearchParams();
  const areaId = params.get('site') ?? undefined;
  const date = params.get('date') ?? today();
  const loaded = useConsoleRemote(() => loadDay(areaId, date), [areaId, date]);
  const [marked, setMarked] = useState<Record<string, DayBooking>>({});
  const data = (!loaded.loading && loaded.data) || null;
  const bookings = data ? data.bookings.map((booking) => marked[`${booking.kind}${booking.id}`] ?? booking) : [];
  const siteName = data?.sites.find((site) => site.areaId === data.areaId)?.areaName ?? '';
  const change = (next: { site?: string; date?: string }) => setParams({ site: next.site ?? data?.areaId ?? '', date: next.date ?? date }, { replace: true });

  return (
    <ConsolePage className="counter-day-page" title="今日预约" loaded={loaded}>
      {data && (
        <>
          <section className="console-section counter-day__filters">
            <label>
              办理地点
              <select value={data.areaId} onChange={(event) => change({ site: event.target.value })}>
                {data.sites.map((site) => (
                  <option key={site.areaId} value={site.areaId}>
                    {site.areaName}
                  </option>
                ))}
              </select>
            </label>
            <label>
              日期
              <input type="date" value={date} onChange={(event) => event.target.value && change({ date: event.target.value })} />
            </label>
            <Button size="small" fill="outline" onClick={() => window.print()}>
              打印名单
            </Button>
          </section>
          <h2 className="counter-day__print-title">
            {siteName} {date} 预约名单（共{bookings.length}人）
          </h2>
          {data.holiday === 1 && <p className="console-section counter-day__closed">当天已设为休息日，不再接受新预约；以下为此前的预约，请联系市民。</p>}
          {bookings.length === 0 ? (
            <EmptyState className="console-empty" description="当天暂无预约" hint="换个日期或办理地点看看" />
          ) : (
            <section className="console-section counter-day__list">
              <DataTable
                label="预约名单"
                rowKey={(row) => `${row.kind}${row.id}`}
                rows={bookings}
                columns={[
                  { key: 'time', title: '时段', render: (row) => row.timeName, sortValue: (row) => row.timeName },
                  { key: 'name', title: '姓名', render: (row) => row.name, primary: true, sortValue: (row) => row.name },
                  { key: 'process', title: '业务', render: (row) => row.processName, sortValue: (row) => row.processName },
                  { key: 'number', title: '预约单号', render: (row) => row.bookingNumber },
                  { key: 'phone', title: '手机号', render: (row) => row.maskedPhone },
                  { key: 'state', title: '状态', render: (row) => <StateTag booking={row} /> },
                  { key: 'actions', title: '操作', render: (row) => <Actions booking={row} onMarked={(next) => setMarked({ ...marked, [`${next.kind}${next.id}`]: next })} /> },
                ]}
              />
            </section>
          )}
        </>
      )}
    </ConsolePage>
  );
}
export { CounterDayPage as Component };
