import { WEEKDAY_LABELS } from '@hall/domain';

/** Seven toggles for ISO weekday digits ('12345'); each is a labelled checkbox, so it reads and works by keyboard. A hidden label is still read out. */
export function WeekdayPicker({ value, onChange, label, hideLabel = false }: { value: string; onChange: (next: string) => void; label: string; hideLabel?: boolean }) {
  return (
    <fieldset className="weekday-picker">
      <legend className={hideLabel ? 'weekday-picker__legend weekday-picker__legend--hidden' : 'weekday-picker__legend'}>{label}</legend>
      {Object.entries(WEEKDAY_LABELS).map(([digit, name]) => (
        <label key={digit} className={value.includes(digit) ? 'weekday-picker__day weekday-picker__day--on' : 'weekday-picker__day'}>
          <input type="checkbox" checked={value.includes(digit)} onChange={(event) => onChange(event.target.checked ? [...new Set(value + digit)].sort().join('') : value.replace(digit, ''))} />
          {name}
        </label>
      ))}
    </fieldset>
  );
}
