// Form validation in the browser, loaded lazily by islands/shell/lazy-forms.ts. React dialogs validate a
// plain values object with the same rules through `validateValues`.
import { startFormValidation } from './form-validation.ts';

export { validateForm as validateValues } from '../../common/validation.ts';

export function startForms(): void {
  startFormValidation();
}
