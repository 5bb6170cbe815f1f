import type { FailedDelivery } from '@hall/api/browser';
import { errcodeOk } from '@hall/api/browser';
import { dataOf } from '@hall/app';
import { EmptyState } from '@hall/ui/empty-state';
import { Button, Toast } from 'antd-mobile';
import { DataTable, type Column } from '../../components/data-table';
import { LoadStatus } from '../../components/load-status';
import { ConsolePage } from '../../components/console-page';
import { SendingFiguresTable } from '../../components/sending-figures-table';
import { api } from '../../lib/hall';
import { useConsoleRemote } from '../../lib/use-console-remote';

/** 消息发送: how the citizens' notifications fared, per event and channel, and the failed ones to send again. */
export function SendingPage() {
  const report = useConsoleRemote(async () => dataOf(await api.getNotificationSending({})), []);

  async function resend(row: FailedDelivery) {
    const reply = await api.resendNotification({ id: row.id });
    Toast.show({ content: errcodeOk(reply) ? '已重新发送' : reply.errmsg || '重新发送失败，请稍后再试' });
    report.reload();
  }

  const failedColumns: Column<FailedDelivery>[] = [
    { key: 'event', title: '事件', primary: true, render: (row) => row.eventLabel },
    { key: 'channel', title: '渠道', render: (row) => row.channelLabel },
    { key: 'attempts', title: '尝试次数', render: (row) => row.attempts },
    { key: 'lastError', title: '最近错误', render: (row) => row.lastError || '—' },
    { key: 'time', title: '时间', render: (row) => row.time },
    {
      key: 'resend',
      title: '操作',
      render: (row) => (
        <Button size="small" color="primary" fill="outline" onClick={() => void resend(row)}>
          重新发送
        </Button>
      ),
    },
  ];

  return (
    <ConsolePage title="消息发送" onRefresh={report.reload}>
      <LoadStatus loaded={report} />
      {report.data && report.data.figures.length === 0 && <EmptyState description="还没有发给市民的消息" />}
      {report.data && report.data.figures.length > 0 && <SendingFiguresTable label="各事件、各渠道的发送情况" rows={report.data.figures} />}
      {report.data && report.data.failed.length > 0 && (
        <>
          <h2 className="shell-section-title">发送失败的消息</h2>
          <DataTable label="发送失败的消息" columns={failedColumns} rows={report.data.failed} rowKey={(row) => row.id} />
        </>
      )}
    </ConsolePage>
  );
}
export { SendingPage as Component };
