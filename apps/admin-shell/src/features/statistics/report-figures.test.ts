import type { HallStatisticsReport } from '@hall/api/browser';
import { describe, expect, it } from 'vitest';
import { applicationsByBusiness, attendanceSeries, bookingSeries, daysOf, querySeries, reportCsv, sendingTotals } from './report-figures';

const none = { count: 0, averageHours: null, p90Hours: null };
const report: HallStatisticsReport = {
  from: '2026-03-01',
  to: '2026-03-03',
  xzqdm: null,
  districts: [],
  applicationsPerDay: [
    { day: '2026-03-01', shzt: 0, business: '抵押', count: 2 },
    { day: '2026-03-02', shzt: 11, business: '抵押', count: 1 },
    { day: '2026-03-02', shzt: 0, business: '转移', count: 4 },
  ],
  reviewTimes: [],
  rejectionReasons: [],
  bookingsPerDay: [{ day: '2026-03-02', capacity: 120, booked: 3 }],
  attendancePerDay: [{ day: '2026-03-02', booked: 5, arrived: 3, noShow: 1 }],
  queueWaiting: { count: 0, averageMinutes: null, p90Minutes: null } as HallStatisticsReport['queueWaiting'],
  queriesPerDay: [
    { day: '2026-03-01', kind: 'zs', count: 1 },
    { day: '2026-03-03', kind: 'archive', count: 2 },
  ],
  feedback: { received: 0, answered: 0, timeToAnswer: none },
  notifications: [
    { event: 'surveyRejected', eventLabel: '权籍调查审核未通过', channel: 'hall', channelLabel: '站内消息', total: 3, sent: 3, waiting: 0, failed: 0, retried: 0, lastError: '' },
    { event: 'surveyRejected', eventLabel: '权籍调查审核未通过', channel: 'sms', channelLabel: '短信', total: 3, sent: 1, waiting: 1, failed: 1, retried: 2, lastError: '短信网关超时' },
    { event: 'accepted', eventLabel: '申请已受理', channel: 'wechat', channelLabel: '微信', total: 2, sent: 2, waiting: 0, failed: 0, retried: 1, lastError: '' },
  ],
};
const days = daysOf(report.from, report.to);

describe('the statistics report’s figures', () => {
  it('keeps every day of the range, quiet ones too', () => {
    expect(days).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
  });

  it('counts bookings and how full each day was, and the attendance not recorded', () => {
    expect(bookingSeries(report, days)).toEqual([
      { label: '已预约', values: [0, 3, 0] },
      { label: '名额占用率（%）', values: [0, 2.5, 0], line: true, ownAxis: true },
    ]);
    expect(attendanceSeries(report, days).map((series) => series.values)).toEqual([
      [0, 3, 0],
      [0, 1, 0],
      [0, 1, 0],
    ]);
  });

  it('names query kinds and ranks businesses by their applications', () => {
    expect(querySeries(report, days)).toEqual([
      { label: '证书查询', values: [1, 0, 0] },
      { label: '查档', values: [0, 0, 2] },
    ]);
    expect(applicationsByBusiness(report)).toEqual([
      { business: '转移', count: 4 },
      { business: '抵押', count: 3 },
    ]);
  });

  it('sums the messages in the hall apart from the SMS and WeChat deliveries, and puts each event and channel in the CSV', () => {
    expect(sendingTotals(report.notifications)).toEqual({ messages: 3, sent: 3, waiting: 1, failed: 1, retried: 3 });
    const csv = reportCsv(report);
    expect(csv).toContain('\r\n消息发送,,权籍调查审核未通过/短信/发送失败,1\r\n');
    expect(csv).toContain('\r\n消息发送,,申请已受理/微信/重试过,1\r\n');
  });
});
