import { FileOutline, RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import './history-link.css';

/** The way from a query form to the citizen's earlier queries of it; `className` adds a screen's own touches. */
export function HistoryLink({ to, label, className }: { to: string; label: string; className?: string }) {
  return (
    <Link to={to} className={className ? `hall-history-link ${className}` : 'hall-history-link'}>
      <FileOutline aria-hidden />
      <span>{label}</span>
      <RightOutline aria-hidden className="hall-history-link__arrow" />
    </Link>
  );
}
