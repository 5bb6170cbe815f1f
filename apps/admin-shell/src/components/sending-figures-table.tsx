import type { SendingFigures } from '@hall/api/browser';
import { DataTable, type Column } from './data-table';

const COLUMNS: Column<SendingFigures>[] = [
  { key: 'event', title: '事件', primary: true, render: (row) => row.eventLabel, sortValue: (row) => row.eventLabel },
  { key: 'channel', title: '渠道', render: (row) => row.channelLabel, sortValue: (row) => row.channelLabel },
  { key: 'total', title: '消息数', render: (row) => row.total, sortValue: (row) => row.total },
  { key: 'sent', title: '已发送', render: (row) => row.sent, sortValue: (row) => row.sent },
  { key: 'waiting', title: '待发送', render: (row) => row.waiting, sortValue: (row) => row.waiting },
  { key: 'failed', title: '发送失败', render: (row) => row.failed, sortValue: (row) => row.failed },
  { key: 'retried', title: '重试过', render: (row) => row.retried, sortValue: (row) => row.retried },
  { key: 'lastError', title: '最近错误', render: (row) => row.lastError || '—' },
];

/** How the citizens' messages fared, one row an event on a channel: on 消息发送 and on 统计分析 alike. */
export function SendingFiguresTable({ rows, label }: { rows: SendingFigures[]; label: string }) {
  return <DataTable label={label} columns={COLUMNS} rows={rows} rowKey={(row) => `${row.event}:${row.channel}`} />;
}
