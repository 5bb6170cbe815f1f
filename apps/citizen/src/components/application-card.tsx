import './application-card.css';

/** A label and value row of an application's card: the applications list and the appointment list show the same rows. */
export function ApplicationCardRow({ label, children }: { label: string; children: string }) {
  return (
    <div className="hall-application__row">
      <span className="hall-application__label">{label}：</span>
      <span className="hall-application__value">{children}</span>
    </div>
  );
}
