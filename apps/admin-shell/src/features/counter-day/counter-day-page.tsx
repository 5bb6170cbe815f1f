import { COUNTER_DAY_SORTS, type DayBooking } from '@hall/api/browser';
import { EmptyState } from '@hall/ui/empty-state';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { useOpenRow } from '../../components/detail-panel';
import { ConsolePage } from '../../components/console-page';
import { paths } from '../../config/paths';
import { useConsoleRemote } from '../../lib/use-console-remote';
import { useDesktop } from '../../lib/use-desktop';
import { useTableAddress } from '../../lib/use-list-address';
import { bookingColumns, bookingKey } from './booking-parts';
import { loadDay, loadDayPage, type CounterDayState } from './counter-day-api';
import { CounterDayTable } from './counter-day-table';
import './counter-day.css';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

/** The state filter's choices; '' all. */
const STATE_CHOICES: [CounterDayState | '', string][] = [
  ['', '全部'],
  ['waiting', '待到场'],
  ['arrived', '已到场'],
  ['no_show', '未到'],
];
const isState = (value: string): value is CounterDayState => STATE_CHOICES.some(([state]) => state !== '' && state === value);

/**
 * 今日预约: a site's online appointments and counter bookings of one date by slot, with 到场 and 未到,
 * printable (docs/architecture.md §6). On the desktop a table paged, sorted and filtered by the hall,
 * the booking opened beside it; on a phone the whole day as cards.
 */
export function CounterDayPage() {
  const desktop = useDesktop();
  const address = useTableAddress(COUNTER_DAY_SORTS);
  const row = useOpenRow(paths.counterDay);
  const areaId = address.text('site') || undefined;
  const date = address.text('date') || today();
  const stateText = address.text('state');
  const state = desktop && isState(stateText) ? stateText : undefined;
  const table = address.state;
  const loaded = useConsoleRemote(
    () => (desktop ? loadDayPage(areaId, date, table, state) : loadDay(areaId, date)),
    [desktop, areaId, date, state, table.page, table.pageSize, table.sortKey, table.direction],
  );
  const [marked, setMarked] = useState<Record<string, DayBooking>>({});
  const onMarked = (next: DayBooking) => setMarked({ ...marked, [bookingKey(next)]: next });
  const data = (!loaded.loading && loaded.data) || null;
  const bookings = data ? data.bookings.map((booking) => marked[bookingKey(booking)] ?? booking) : [];
  const siteName = data?.sites.find((site) => site.areaId === data.areaId)?.areaName ?? '';
  // A new site, date or state is another list: back to its first page, the panel closed.
  const change = (next: { site?: string; date?: string; state?: string }) =>
    address.filter({ site: next.site ?? data?.areaId ?? '', date: next.date ?? date, state: next.state ?? stateText, open: '' });

  return (
    <ConsolePage className="counter-day-page" title="今日预约" loaded={loaded}>
      {data && (
        <>
          <section className="console-section console-filter counter-day__filters">
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
            {desktop && (
              <label>
                状态
                <select value={state ?? ''} onChange={(event) => change({ state: event.target.value })}>
                  {STATE_CHOICES.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <Button size="small" fill="outline" onClick={() => window.print()}>
              打印名单
            </Button>
          </section>
          <h2 className="counter-day__print-title">
            {siteName} {date} 预约名单（共{data.total}人）
          </h2>
          {data.holiday === 1 && <p className="console-section counter-day__closed">当天已设为休息日，不再接受新预约；以下为此前的预约，请联系市民。</p>}
          {data.total === 0 ? (
            <EmptyState className="console-empty" description={state ? '当天没有这个状态的预约' : '当天暂无预约'} hint={state ? '换个状态看看，或选择“全部”' : '换个日期或办理地点看看'} />
          ) : desktop ? (
            <section className="console-section counter-day__list">
              <CounterDayTable bookings={bookings} total={data.total} state={table} onState={address.setState} row={row} onMarked={onMarked} />
            </section>
          ) : (
            <section className="console-section counter-day__list">
              <DataTable label="预约名单" rowKey={bookingKey} rows={bookings} columns={bookingColumns((booking: DayBooking) => booking, onMarked)} />
            </section>
          )}
        </>
      )}
    </ConsolePage>
  );
}
export { CounterDayPage as Component };
