// Validates server-rendered forms (`<form data-validate>`) in the browser with the rules the server checks
// again (common/validation.ts). A field is valid or invalid, modified or not; its message shows once it is
// modified (typed in, or the form was submitted). Submit is blocked while any field is invalid: every
// message shows and the form shakes. Listeners sit on document, so forms arriving in htmx swaps need no
// set-up; the submit listener captures, so it runs before htmx (which listens on the form) sends anything.
import { validateField } from '../../common/validation.ts';
import { shake } from '../shell/shake.ts';
import { controlsOf, formValues, isChecked, isControl, rulesOf, validatedForm, type Control } from './controls.ts';
import { showStatus, type FieldStatus } from './field-message.ts';
import { dateRangeMessage, dateRangeOf, showDateRange } from './date-range.ts';
import { cancelUsernameCheck, scheduleUsernameCheck, usernameStatus } from './username-check.ts';
import { loadTakenValues, takenValues } from './unique-values.ts';

const modified = new WeakSet<Element>();
/** Forms whose submit waits for a user name check: they are submitted again when it answers. */
const waiting = new WeakSet<HTMLFormElement>();

/** The first message of the field's declared rules, or `null` when they all pass. */
function ruleMessage(control: Control, form: HTMLFormElement): string | null {
  return validateField(rulesOf(control), control.value, { values: formValues(form), collection: takenValues(control) });
}

function statusOf(control: Control, form: HTMLFormElement): FieldStatus {
  const message = ruleMessage(control, form);
  if (message !== null) return { state: 'invalid', message, tone: 'error' };
  if (control.dataset.usernameCheck) return usernameStatus(control);
  return { state: 'valid', message: null, tone: 'error' };
}

/** Shows the state of every modified field and, once either date is touched, of the date pair. */
function refresh(form: HTMLFormElement): void {
  for (const control of controlsOf(form)) if (modified.has(control)) showStatus(control, statusOf(control, form));
  const range = dateRangeOf(form);
  if (range && (modified.has(range.from) || modified.has(range.to))) showDateRange(range, dateRangeMessage(range));
}

function answered(form: HTMLFormElement): void {
  refresh(form);
  if (!waiting.has(form) || !form.isConnected || controlsOf(form).some((c) => statusOf(c, form).state === 'pending')) return;
  waiting.delete(form);
  // Submitting again runs the whole check: sent when valid, refused with a shake when not.
  form.requestSubmit();
}

function onInput(event: Event): void {
  const control = event.target;
  if (!isControl(control)) return;
  const form = validatedForm(control.form);
  if (!form) return;
  modified.add(control);
  if (isChecked(control)) {
    loadTakenValues(control, () => refresh(form));
    if (control.dataset.usernameCheck) {
      // The server is asked only about names that pass the plain rules.
      if (ruleMessage(control, form) === null) scheduleUsernameCheck(control, () => answered(form));
      else cancelUsernameCheck(control);
    }
  }
  // Every modified field, not just this one: a confirmation field's state follows the field it must equal.
  refresh(form);
}

function onSubmit(event: SubmitEvent): void {
  const form = validatedForm(event.target);
  if (!form) return;
  const controls = controlsOf(form);
  const range = dateRangeOf(form);
  for (const control of controls) {
    modified.add(control);
    if (control.dataset.usernameCheck && statusOf(control, form).state === 'unchecked') {
      scheduleUsernameCheck(control, () => answered(form), 0);
    }
  }
  if (range) {
    modified.add(range.from);
    modified.add(range.to);
  }
  refresh(form);
  const states = controls.map((control) => statusOf(control, form).state);
  const invalid = states.includes('invalid') || (range !== null && dateRangeMessage(range) !== null);
  if (!invalid && !states.includes('pending')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!invalid) {
    waiting.add(form);
    return;
  }
  waiting.delete(form);
  shake(form);
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** Whether the user changed the control from what the server rendered. */
function isEdited(control: Control): boolean {
  if (control instanceof HTMLSelectElement) {
    const defaults = [...control.options].map((o) => o.defaultSelected);
    // With no option marked selected, a single select starts on its first option.
    if (!control.multiple && defaults.length && !defaults.includes(true)) defaults[0] = true;
    return [...control.options].some((o, i) => o.selected !== defaults[i]);
  }
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
    return control.checked !== control.defaultChecked;
  }
  return control.value !== control.defaultValue;
}

export function startFormValidation(): void {
  document.addEventListener('input', onInput);
  document.addEventListener('submit', onSubmit, true);
  // This code loads lazily: fields typed into before it arrived count as modified and are checked now.
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-validate]')) {
    for (const control of controlsOf(form)) if (isEdited(control)) control.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
