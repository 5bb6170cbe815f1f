import type { InputHTMLAttributes } from 'react';
import './date-input.css';

type DateInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  /** What shows while no date is chosen. */
  placeholder?: string;
};

/**
 * A date field that always reads YYYY-MM-DD (spec part 3 §9, the datetime default format), whatever
 * language the phone's browser runs in: the browser's own date input, which writes mm/dd/yyyy on an
 * English phone, lies transparent over the date as the hall writes it, so a tap still opens the
 * phone's own picker and the field keeps its label and value for assistive technology.
 */
export function DateInput({ value, onChange, placeholder = '请选择日期', className, ...input }: DateInputProps) {
  return (
    <span className={['hall-date-input', className ?? ''].join(' ').trim()}>
      <span className={value ? 'hall-date-input__shown' : 'hall-date-input__shown is-empty'} aria-hidden>
        {value || placeholder}
      </span>
      <input
        {...input}
        type="date"
        className="hall-date-input__native"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        // A desktop browser opens its picker only from its icon; the whole field opens it here.
        onClick={(event) => {
          try {
            event.currentTarget.showPicker();
          } catch {
            // showPicker is refused outside a user gesture or in an old browser: the field still takes typing.
          }
        }}
      />
    </span>
  );
}
