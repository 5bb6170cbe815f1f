import { Button } from 'antd-mobile';

/** 上移 / 下移 for one item of an ordered list; the ends have nowhere to go. */
export function OrderButtons({ name, first, last, busy, onMove }: { name: string; first: boolean; last: boolean; busy: boolean; onMove: (step: -1 | 1) => void }) {
  return (
    <>
      <Button size="mini" disabled={busy || first} aria-label={`上移${name}`} onClick={() => onMove(-1)}>
        上移
      </Button>
      <Button size="mini" disabled={busy || last} aria-label={`下移${name}`} onClick={() => onMove(1)}>
        下移
      </Button>
    </>
  );
}
