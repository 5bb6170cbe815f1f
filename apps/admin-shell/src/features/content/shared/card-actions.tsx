import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { OrderButtons } from './order-buttons';

/**
 * The actions of one card of an ordered content list: 编辑, 上移 / 下移 and 删除, after whatever
 * the card adds of its own (a banner's image picker).
 */
export function CardActions({
  name,
  index,
  count,
  busy,
  onEdit,
  onMove,
  onRemove,
  children,
}: {
  name: string;
  index: number;
  count: number;
  busy: boolean;
  onEdit: () => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="content-card__actions">
      {children}
      <Button size="mini" disabled={busy} onClick={onEdit}>
        编辑
      </Button>
      <OrderButtons name={name} first={index === 0} last={index === count - 1} busy={busy} onMove={onMove} />
      <Button size="mini" color="danger" fill="outline" disabled={busy} onClick={onRemove}>
        删除
      </Button>
    </div>
  );
}
