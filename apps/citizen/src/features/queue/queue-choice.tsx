import type { ReactNode } from 'react';

export interface QueueChoiceProps {
  /** hall-queue__day or hall-queue__time: how the choice is drawn. */
  kind: 'day' | 'time';
  checked: boolean;
  disabled: boolean;
  onChoose: () => void;
  children: ReactNode;
}

/** One choice of the day or time strip: a radio drawn as a tile. */
export function QueueChoice({ kind, checked, disabled, onChoose, children }: QueueChoiceProps) {
  return (
    <button type="button" role="radio" aria-checked={checked} className={`hall-queue__choice hall-queue__${kind}${checked ? ' is-active' : ''}`} disabled={disabled} onClick={onChoose}>
      {children}
    </button>
  );
}
