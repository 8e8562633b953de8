// Form validation in the browser, loaded lazily by islands/shell/lazy-forms.ts.
import { startFormValidation } from './form-validation.ts';

export function startForms(): void {
  startFormValidation();
}
