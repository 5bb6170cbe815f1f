import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A hall or business group of the queue as a card: what leads it, its name and lines, and the arrow on to its next step. */
export function QueueLinkItem({ to, title, lead, children }: { to: string; title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <Link className="hall-card hall-queue__item" to={to}>
      {lead}
      <span className="hall-queue__item-body">
        <strong className="hall-queue__item-title">{title}</strong>
        {children}
      </span>
      <RightOutline className="hall-queue__arrow" aria-hidden />
    </Link>
  );
}
