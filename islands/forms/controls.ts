// Finds the parts of a server-rendered `<form data-validate>` (views/_field.eta): the controls that carry
// rules (`data-rules`) or an availability check (`data-username-check`), and each one's message slot.
import type { FieldRules } from '../../common/validation.ts';

export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const controlSelector = '[data-rules], [data-username-check]';

export function validatedForm(target: EventTarget | null): HTMLFormElement | null {
  return target instanceof HTMLFormElement && target.hasAttribute('data-validate') ? target : null;
}

export function isControl(target: EventTarget | null): target is Control {
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

/** Whether the control carries rules or an availability check (others, like plain date inputs, do not). */
export function isChecked(control: Control): boolean {
  return control.matches(controlSelector);
}

export function controlsOf(form: HTMLFormElement): Control[] {
  return [...form.querySelectorAll<Control>(controlSelector)];
}

const parsedRules = new WeakMap<Control, FieldRules>();

/** The control's declared rules; a field with unreadable rules is reported and checked by the server alone. */
export function rulesOf(control: Control): FieldRules {
  let rules = parsedRules.get(control);
  if (!rules) {
    try {
      rules = JSON.parse(control.dataset.rules ?? '{}') as FieldRules;
    } catch {
      console.error(`data-rules of field "${control.name}" is not JSON`);
      rules = {};
    }
    parsedRules.set(control, rules);
  }
  return rules;
}

/** The form's current values by field name, for rules that compare fields (equalTo, notEqualTo). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value;
  return values;
}

export function messageSlot(control: Control): HTMLElement | null {
  return control.closest('[data-field]')?.querySelector<HTMLElement>('[data-field-message]') ?? null;
}
