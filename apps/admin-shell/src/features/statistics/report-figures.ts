import type { HallStatisticsReport, SendingFigures } from '@hall/api/browser';
import { reviewStatusLabel } from '@hall/domain';
import type { Series } from './bar-chart';

/** The statistics report shaped for the page's charts and its CSV: pure functions of the report. */

export const QUERY_KIND_LABELS: Record<string, string> = { zs: '证书查询', dzzz: '电子证照', verify: '签章验证', archive: '查档', property: '产权查询' };

/** Every day of the range, in order, so a quiet day shows as nothing rather than vanishing. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`) && days.length < 400; at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** Rows of (day, key, count) as one series a key over the days. */
function seriesBy<Row extends { day: string; count: number }>(days: string[], rows: Row[], keyOf: (row: Row) => string): Series[] {
  const byKey = new Map<string, number[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const values = byKey.get(key) ?? days.map(() => 0);
    const index = days.indexOf(row.day);
    if (index >= 0) values[index] = (values[index] ?? 0) + row.count;
    byKey.set(key, values);
  }
  return [...byKey.entries()].map(([label, values]) => ({ label, values }));
}

export function applicationSeries(report: HallStatisticsReport, days: string[]): Series[] {
  return seriesBy(days, report.applicationsPerDay, (row) => reviewStatusLabel(row.shzt));
}

export function querySeries(report: HallStatisticsReport, days: string[]): Series[] {
  return seriesBy(days, report.queriesPerDay, (row) => QUERY_KIND_LABELS[row.kind] ?? row.kind);
}

/**
 * Each day's bookings as bars, and how full the day was (booked of the places offered, in per cent)
 * as a line on an axis of its own: a few bookings beside hundreds of places drawn as counts could
 * not be read; the places themselves are in the CSV.
 */
export function bookingSeries(report: HallStatisticsReport, days: string[]): Series[] {
  const at = (day: string) => report.bookingsPerDay.find((row) => row.day === day);
  const rate = (day: string) => {
    const row = at(day);
    return row && row.capacity > 0 ? Math.round((row.booked / row.capacity) * 1000) / 10 : 0;
  };
  return [
    { label: '已预约', values: days.map((day) => at(day)?.booked ?? 0) },
    { label: '名额占用率（%）', values: days.map(rate), line: true, ownAxis: true },
  ];
}

/** Each day's bookings as the counter recorded them: 到场, 未到, and the rest not (yet) recorded. */
export function attendanceSeries(report: HallStatisticsReport, days: string[]): Series[] {
  const at = (day: string) => report.attendancePerDay.find((row) => row.day === day);
  return [
    { label: '到场', values: days.map((day) => at(day)?.arrived ?? 0) },
    { label: '未到', values: days.map((day) => at(day)?.noShow ?? 0) },
    {
      label: '未登记',
      values: days.map((day) => {
        const row = at(day);
        return row ? row.booked - row.arrived - row.noShow : 0;
      }),
    },
  ];
}

/** Applications of the range by business, most first. */
export function applicationsByBusiness(report: HallStatisticsReport): { business: string; count: number }[] {
  const totals = new Map<string, number>();
  for (const row of report.applicationsPerDay) totals.set(row.business, (totals.get(row.business) ?? 0) + row.count);
  return [...totals.entries()].map(([business, count]) => ({ business, count })).sort((a, b) => b.count - a.count);
}

/** The range's messages in the hall (站内: one each) and how their SMS and WeChat deliveries fared, summed over the events. */
export function sendingTotals(rows: SendingFigures[]): { messages: number; sent: number; waiting: number; failed: number; retried: number } {
  const totals = { messages: 0, sent: 0, waiting: 0, failed: 0, retried: 0 };
  for (const row of rows) {
    if (row.channel === 'hall') {
      totals.messages += row.total;
      continue;
    }
    totals.sent += row.sent;
    totals.waiting += row.waiting;
    totals.failed += row.failed;
    totals.retried += row.retried;
  }
  return totals;
}

const hours = (value: number | null) => (value === null ? '' : String(value));

/** The whole report as CSV (UTF-8 with a byte-order mark, so Excel reads the Chinese). */
export function reportCsv(report: HallStatisticsReport): string {
  const rows: (string | number)[][] = [['类别', '日期', '项目', '数值']];
  for (const row of report.applicationsPerDay) rows.push(['网上申请', row.day, `${row.business}/${reviewStatusLabel(row.shzt)}`, row.count]);
  for (const row of report.reviewTimes) {
    rows.push(['审核用时(小时)', '', `${row.stage}${row.decision}/件数`, row.figures.count]);
    rows.push(['审核用时(小时)', '', `${row.stage}${row.decision}/平均`, hours(row.figures.averageHours)]);
    rows.push(['审核用时(小时)', '', `${row.stage}${row.decision}/90%`, hours(row.figures.p90Hours)]);
  }
  for (const row of report.rejectionReasons) rows.push(['驳回原因', '', `${row.stage}/${row.opinion}`, row.count]);
  for (const row of report.bookingsPerDay) {
    rows.push(['窗口预约', row.day, '已预约', row.booked]);
    rows.push(['窗口预约', row.day, '可预约名额', row.capacity]);
  }
  for (const row of report.attendancePerDay) {
    rows.push(['到场情况', row.day, '预约', row.booked]);
    rows.push(['到场情况', row.day, '到场', row.arrived]);
    rows.push(['到场情况', row.day, '未到', row.noShow]);
  }
  rows.push(['排队等候(分钟)', '', '叫号数', report.queueWaiting.count]);
  rows.push(['排队等候(分钟)', '', '平均', report.queueWaiting.averageMinutes ?? '']);
  rows.push(['排队等候(分钟)', '', '90%', report.queueWaiting.p90Minutes ?? '']);
  for (const row of report.queriesPerDay) rows.push(['查询量', row.day, QUERY_KIND_LABELS[row.kind] ?? row.kind, row.count]);
  rows.push(['意见反馈', '', '收到', report.feedback.received]);
  rows.push(['意见反馈', '', '已回复', report.feedback.answered]);
  rows.push(['意见反馈', '', '平均回复用时(小时)', hours(report.feedback.timeToAnswer.averageHours)]);
  rows.push(['意见反馈', '', '90%回复用时(小时)', hours(report.feedback.timeToAnswer.p90Hours)]);
  for (const row of report.notifications) {
    const item = `${row.eventLabel}/${row.channelLabel}`;
    rows.push(['消息发送', '', `${item}/已发送`, row.sent]);
    rows.push(['消息发送', '', `${item}/待发送`, row.waiting]);
    rows.push(['消息发送', '', `${item}/发送失败`, row.failed]);
    rows.push(['消息发送', '', `${item}/重试过`, row.retried]);
  }
  const cell = (value: string | number) => {
    const text = String(value);
    // A cell a spreadsheet would read as a formula is quoted as text (CSV injection).
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
