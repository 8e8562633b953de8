// Forms in the browser: validation of server-rendered forms and the store selection sent with report
// parameters. React dialogs validate a plain values object with the same rules through `validateValues`.
import { startFormValidation } from './form-validation.ts';
import { startSelectedStoresField } from './selected-stores-field.ts';

export { validateForm as validateValues } from '../../common/validation.ts';

export function startForms(): void {
  startSelectedStoresField();
  startFormValidation();
}
