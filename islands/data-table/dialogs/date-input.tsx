// A date field of a dialog: text typed as dd/MM/yyyy (spec section 9), with a button opening the browser's
// own calendar (a native date input kept out of sight and out of the tab order, as the server-drawn forms'
// islands/forms/date-picker.ts does); the day picked is written back as dd/MM/yyyy, as if typed.
import { useRef, type InputHTMLAttributes } from 'react';
import { isoFromDayMonthYear } from '../../../common/calendar.ts';
import { formatDate } from '../../../common/format.ts';
import { onUseMsg } from '../../../common/on-use-messages.ts';

interface DateInputProps {
  value: string;
  label: string;
  onChange(value: string): void;
  /** The text input's id, name and aria attributes. */
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}

export function DateInput({ value, label, onChange, inputProps }: DateInputProps) {
  const calendar = useRef<HTMLInputElement>(null);
  function openCalendar(): void {
    const native = calendar.current;
    if (!native) return;
    native.value = isoFromDayMonthYear(value.trim()) ?? '';
    if (typeof native.showPicker === 'function') native.showPicker();
    else native.focus();
  }
  return (
    <span className="date-input">
      <input type="text" inputMode="numeric" autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} {...inputProps} />
      <button type="button" className="date-picker-button" aria-label={onUseMsg('datePickerOpen', label)} onClick={openCalendar}>
        <svg className="icon" aria-hidden="true" focusable="false">
          <use href="#icon-calendar" />
        </svg>
      </button>
      <input
        ref={calendar}
        type="date"
        tabIndex={-1}
        className="visually-hidden"
        aria-hidden="true"
        onChange={(e) => {
          if (e.target.value) onChange(formatDate(e.target.value));
        }}
      />
    </span>
  );
}
