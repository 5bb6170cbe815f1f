import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import './form-card.css';

/** The tinted note that says what a form is for. */
export function FormIntro({ children }: { children: ReactNode }) {
  return <p className="hall-form-intro">{children}</p>;
}

export interface FormCardProps {
  header: ReactNode;
  /** The screen's own class, which sets --prefix-width for its labels. */
  className?: string;
  children?: ReactNode;
}

/** A form's fields: a card list under a small header. */
export function FormCard({ header, className, children }: FormCardProps) {
  return (
    <List mode="card" header={header} className={className ? `hall-form-card ${className}` : 'hall-form-card'}>
      {children}
    </List>
  );
}
