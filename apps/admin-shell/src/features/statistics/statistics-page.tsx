import { dataOf } from '@hall/app';
import { Button } from 'antd-mobile';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table';
import { SendingFiguresTable } from '../../components/sending-figures-table';
import { paths } from '../../config/paths';
import { api } from '../../lib/hall';
import { BarChart } from './bar-chart';
import { RatingStatistics } from './rating-figures';
import { applicationSeries, applicationsByBusiness, attendanceSeries, bookingSeries, daysOf, querySeries, reportCsv, sendingTotals } from './report-figures';
import { LoadStatus } from '../../components/load-status';
import './statistics.css';
import { ConsolePage } from '../../components/console-page';
import { useConsoleRemote } from '../../lib/use-console-remote';

const DAY_MS = 86_400_000;
const shanghaiDay = (at: number) => new Date(at + 8 * 3_600_000).toISOString().slice(0, 10);

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}

const hoursText = (value: number | null) => (value === null ? '—' : `${value} 小时`);

/** 统计分析: the hall's figures over a date range and a district, drawn from the rows, exportable as CSV. */
export function StatisticsPage() {
  const [params, setParams] = useSearchParams();
  // Three weeks back and the week ahead: what happened, and the bookings still to come.
  const from = params.get('from') ?? shanghaiDay(Date.now() - 21 * DAY_MS);
  const to = params.get('to') ?? shanghaiDay(Date.now() + 7 * DAY_MS);
  const xzqdm = params.get('xzqdm') ?? '';
  const [draft, setDraft] = useState({ from, to, xzqdm });
  const report = useConsoleRemote(async () => dataOf(await api.getStatisticsReport({ from, to, xzqdm: xzqdm || undefined })), [from, to, xzqdm]);
  const data = report.data;
  const days = useMemo(() => daysOf(from, to), [from, to]);
  const charts = useMemo(
    () =>
      data
        ? {
            applications: applicationSeries(data, days),
            bookings: bookingSeries(data, days),
            attendance: attendanceSeries(data, days),
            queries: querySeries(data, days),
          }
        : null,
    [data, days],
  );

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(draft).filter(([, value]) => value)));
  };
  const submitted = data?.applicationsPerDay.reduce((sum, row) => sum + row.count, 0) ?? 0;
  const queries = data?.queriesPerDay.reduce((sum, row) => sum + row.count, 0) ?? 0;
  const sent = useMemo(() => sendingTotals(data?.notifications ?? []), [data]);

  return (
    <ConsolePage title="统计分析" onRefresh={report.reload}>
      <form className="statistics-filter console-filter" onSubmit={apply} aria-label="统计条件">
        <label>
          开始日期
          <input type="date" value={draft.from} max={draft.to} onChange={(event) => setDraft({ ...draft, from: event.target.value })} required />
        </label>
        <label>
          结束日期
          <input type="date" value={draft.to} min={draft.from} onChange={(event) => setDraft({ ...draft, to: event.target.value })} required />
        </label>
        <label>
          区县
          <select value={draft.xzqdm} onChange={(event) => setDraft({ ...draft, xzqdm: event.target.value })}>
            <option value="">全部区县</option>
            {data?.districts.map((district) => (
              <option key={district.xzqdm} value={district.xzqdm}>
                {district.name}（{district.xzqdm}）
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" color="primary">
          统计
        </Button>
        <Button disabled={!data} onClick={() => data && download(`统计-${from}-${to}.csv`, reportCsv(data))}>
          导出CSV
        </Button>
      </form>
      <LoadStatus loaded={report} />
      {data && charts && !report.loading && (
        <div className="statistics-body">
          <section className="statistics-cards" aria-label="概览">
            <div className="statistics-card">
              <strong>{submitted}</strong>网上申请
            </div>
            <div className="statistics-card">
              <strong>{queries}</strong>查询
            </div>
            <div className="statistics-card">
              <strong>
                {data.feedback.answered}/{data.feedback.received}
              </strong>
              意见已回复
            </div>
            <div className="statistics-card">
              <strong>{hoursText(data.feedback.timeToAnswer.averageHours)}</strong>平均回复用时
            </div>
            <div className="statistics-card">
              <strong>{data.queueWaiting.averageMinutes === null ? '—' : `${data.queueWaiting.averageMinutes} 分钟`}</strong>
              平均排队等候（{data.queueWaiting.count} 人叫号{data.queueWaiting.p90Minutes === null ? '' : `，90%在 ${data.queueWaiting.p90Minutes} 分钟内`}）
            </div>
          </section>
          <BarChart title="每日网上申请（按当前审核状态）" labels={days} series={charts.applications} stacked />
          <BarChart title="每日窗口预约与名额占用率" labels={days} series={charts.bookings} axisTitles={{ left: '已预约（人次）', right: '占用率（%）' }} />
          <BarChart title="每日预约到场与未到" labels={days} series={charts.attendance} stacked />
          <BarChart title="每日查询量（按类别）" labels={days} series={charts.queries} stacked />
          <section className="statistics-section">
            <h2>审核用时（自提交起）</h2>
            <DataTable
              label="审核用时"
              rows={data.reviewTimes}
              rowKey={(row) => `${row.stage}${row.decision}`}
              columns={[
                { key: 'stage', title: '环节', primary: true, render: (row) => `${row.stage}·${row.decision}` },
                { key: 'count', title: '件数', render: (row) => row.figures.count },
                { key: 'average', title: '平均用时', render: (row) => hoursText(row.figures.averageHours) },
                { key: 'p90', title: '90%在此用时内', render: (row) => hoursText(row.figures.p90Hours) },
              ]}
            />
            {!data.reviewTimes.length && <p className="shell-note">所选范围内没有审核决定。</p>}
          </section>
          <section className="statistics-section">
            <h2>驳回原因（前10）</h2>
            <DataTable
              label="驳回原因"
              rows={data.rejectionReasons}
              rowKey={(row) => `${row.stage}${row.opinion}`}
              columns={[
                { key: 'opinion', title: '驳回意见', primary: true, render: (row) => row.opinion },
                { key: 'stage', title: '环节', render: (row) => row.stage },
                { key: 'count', title: '次数', render: (row) => row.count },
              ]}
            />
            {!data.rejectionReasons.length && <p className="shell-note">所选范围内没有驳回。</p>}
          </section>
          <section className="statistics-section is-wide" aria-labelledby="notification-statistics">
            <h2 id="notification-statistics">消息发送</h2>
            <p className="shell-note">
              所选范围内共 {sent.messages} 条站内消息；短信和微信已发送 {sent.sent}，待发送 {sent.waiting}，发送失败 {sent.failed}，重试过 {sent.retried}。
              {xzqdm ? '消息不分区县，此处为全部区县的数字。' : ''}
              {sent.failed ? <Link to={paths.notificationSending}>去重新发送</Link> : null}
            </p>
            {data.notifications.length ? <SendingFiguresTable label="消息发送（按事件和渠道）" rows={data.notifications} /> : <p className="shell-note">所选范围内没有发给市民的消息。</p>}
          </section>
          <section className="statistics-section">
            <h2>按业务的网上申请</h2>
            <DataTable
              label="按业务的网上申请"
              rows={applicationsByBusiness(data)}
              rowKey={(row) => row.business}
              columns={[
                { key: 'business', title: '业务', primary: true, render: (row) => row.business },
                { key: 'count', title: '件数', render: (row) => row.count },
              ]}
            />
          </section>
        </div>
      )}
      <RatingStatistics from={from} to={to} />
    </ConsolePage>
  );
}
export { StatisticsPage as Component };
