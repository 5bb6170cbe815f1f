import { maskMobileNumber } from '@hall/domain';
import type { QueueOrder } from './queue-data';

/** The lines of an order, as its result page and the order list show them. */
export function QueueOrderFields({ order }: { order: QueueOrder }) {
  const rows: [string, string][] = [
    ['办事大厅', order.companyName],
    ['办理业务', order.groupName],
    ['预约时间', `${order.resDay} ${order.resTime}`],
    ['取号人', order.name],
    ['手机号', maskMobileNumber(order.phone)],
    ...(order.remark ? ([['备注', order.remark]] as [string, string][]) : []),
    ['取号时间', order.createTime],
  ];
  return (
    <dl className="hall-queue__fields">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
