import type { DayBooking } from '@hall/api/browser';
import { FieldList } from '@hall/ui/field-list';
import { ConsolePage } from '../../components/console-page';
import { PanelTable } from '../../components/panel-table';
import type { TableState } from '../../lib/table-state';
import { AttendanceActions, StateTag, bookingColumns, bookingKey } from './booking-parts';

/** A booking as the table's row: keyed by kind and id, since the two kinds number apart. */
interface Row {
  id: string;
  booking: DayBooking;
}

/** 预约详情 in the panel: the booking the table opened, from the page shown, with 到场 and 未到. */
function BookingDetail({ booking, onMarked }: { booking: DayBooking | undefined; onMarked: (next: DayBooking) => void }) {
  return (
    <ConsolePage className="counter-day-page" title="预约详情">
      {booking ? (
        <section className="console-section" aria-label="预约信息">
          <FieldList
            fields={[
              ['姓名', booking.name],
              ['手机号', booking.maskedPhone],
              ['业务', booking.processName],
              ['时段', booking.timeName],
              ['预约单号', booking.bookingNumber],
              ['方式', booking.kind === 'order' ? '网上预约' : '窗口预约'],
              ['状态', <StateTag key="state" booking={booking} />],
              ...(booking.state
                ? ([
                    ['登记人', booking.recordedBy],
                    ['登记时间', booking.recordedAt],
                  ] as const)
                : []),
            ]}
          />
          {!booking.state && (
            <div className="counter-day__detail-actions">
              <AttendanceActions booking={booking} onMarked={onMarked} />
            </div>
          )}
        </section>
      ) : (
        <p className="console-section">该预约不在当前列表中，请关闭后在列表中重新选择。</p>
      )}
    </ConsolePage>
  );
}

/** 今日预约 on the desktop: the day's bookings as a table paged and sorted by the hall, the one opened beside it. */
export function CounterDayTable({
  bookings,
  total,
  state,
  onState,
  row,
  onMarked,
}: {
  bookings: DayBooking[];
  total: number;
  state: TableState;
  onState: (state: TableState) => void;
  row: { openId: string | null; open: (id: string) => void; close: () => void };
  onMarked: (next: DayBooking) => void;
}) {
  const rows = bookings.map((booking) => ({ id: bookingKey(booking), booking }));
  return (
    <PanelTable
      label="预约名单"
      columns={bookingColumns((item: Row) => item.booking, onMarked)}
      page={{ items: rows, total }}
      state={state}
      onState={onState}
      row={row}
      panelTitle="预约详情"
      detail={<BookingDetail booking={rows.find((item) => item.id === row.openId)?.booking} onMarked={onMarked} />}
    />
  );
}
