import type { AffectedBooking } from '@hall/api/browser';
import { DataTable } from '../../components/data-table';

/** The bookings of a day just closed: they stay valid, and the operator is asked to contact each citizen. */
export function AffectedBookings({ bookings }: { bookings: AffectedBooking[] }) {
  if (bookings.length === 0) return null;
  return (
    <section className="console-section settings-affected" role="status" aria-label="需联系的预约">
      <h2>请联系以下{bookings.length}位已预约的市民</h2>
      <p className="console-muted">这些预约仍然有效，但当天已不再接受新的预约。请电话联系市民，说明情况并协商办理时间。</p>
      <DataTable
        label="需联系的预约"
        rowKey={(row) => `${row.date}${row.timeName}${row.name}${row.maskedPhone}`}
        rows={bookings}
        columns={[
          { key: 'name', title: '姓名', render: (row) => row.name, primary: true },
          { key: 'phone', title: '手机号', render: (row) => row.maskedPhone },
          { key: 'slot', title: '预约时段', render: (row) => `${row.date} ${row.timeName}` },
          { key: 'process', title: '业务', render: (row) => row.processName },
          { key: 'source', title: '来源', render: (row) => row.source },
        ]}
      />
    </section>
  );
}
