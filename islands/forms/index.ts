// Form validation in the browser, with the date pickers and the cycles that fill a date pair, loaded lazily
// by islands/shell/lazy-forms.ts.
import { startFormValidation } from './form-validation.ts';
import { startDatePickers } from './date-picker.ts';
import { startCycleFillsRange } from './cycle-fills-range.ts';

export function startForms(): void {
  startFormValidation();
  startDatePickers();
  startCycleFillsRange();
}
