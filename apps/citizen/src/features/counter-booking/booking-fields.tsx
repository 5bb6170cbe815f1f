import { maskIdNumber, maskMobileNumber } from '@hall/domain';
import type { CounterBooking } from './use-counter-bookings';

/** The details of a counter booking, as the slip and the records popup show them. */
export function BookingFields({ booking, label }: { booking: CounterBooking; label: string }) {
  const rows: [string, string][] = [
    ['预约大厅', booking.areaName],
    ['大厅地址', booking.address || '暂无'],
    ['预约时间', booking.yysj],
    ['姓名', booking.name],
    ['手机号', booking.phone ? maskMobileNumber(booking.phone) : '暂无'],
    ['证件号码', maskIdNumber(booking.zjh)],
    ...(booking.wlsh ? ([['申请编号', booking.wlsh]] as [string, string][]) : []),
    ['创建时间', booking.createdate],
  ];
  return (
    <dl className="hall-counter-booking__fields" aria-label={label}>
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
