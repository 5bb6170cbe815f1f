import { WEEKDAY_LABELS } from '@hall/domain';

/** Seven toggles for ISO weekday digits ('12345'); each is a labelled checkbox, so it reads and works by keyboard. */
export function WeekdayPicker({ value, onChange, label }: { value: string; onChange: (next: string) => void; label: string }) {
  return (
    <fieldset className="weekday-picker">
      <legend className="hall-visually-hidden">{label}</legend>
      {Object.entries(WEEKDAY_LABELS).map(([digit, name]) => (
        <label key={digit} className={value.includes(digit) ? 'weekday-picker__day weekday-picker__day--on' : 'weekday-picker__day'}>
          <input
            type="checkbox"
            checked={value.includes(digit)}
            onChange={(event) => onChange(event.target.checked ? [...new Set(value + digit)].sort().join('') : value.replace(digit, ''))}
          />
          {name}
        </label>
      ))}
    </fieldset>
  );
}
