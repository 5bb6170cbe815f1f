import { maskMobileNumber } from '@hall/domain';
import { FieldList, type FieldListLine } from '@hall/ui';
import type { QueueOrder } from './queue-data';

/** The lines of an order, as its result page and the order list show them. */
export function QueueOrderFields({ order }: { order: QueueOrder }) {
  const rows: FieldListLine[] = [
    ['办事大厅', order.companyName],
    ['办理业务', order.groupName],
    ['预约时间', `${order.resDay} ${order.resTime}`],
    ['取号人', order.name],
    ['手机号', maskMobileNumber(order.phone)],
    ...(order.remark ? [['备注', order.remark] as const] : []),
    ['取号时间', order.createTime],
  ];
  return <FieldList layout="rows" fields={rows} />;
}
