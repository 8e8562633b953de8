// Reads a posted form into the values its definition declares (text as typed, checkboxes as booleans or
// lists) and checks that picked options are ones the form offered: a select cannot be trusted to hold only
// what it showed.
import type { FormDefinition } from '../../common/form-definition.ts';
import { msg } from '../messages.ts';

type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;

export interface Choice {
  value: string;
  label: string;
  /** Drawn as the option's data-* attributes, for the browser (a cycle's first and last day, for instance). */
  data?: Readonly<Record<string, string>>;
}
/** The options of each select or choices field, by field name, as offered to this user. */
export type ChoiceLists = Record<string, ReadonlyArray<Choice>>;

function asList(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((v): v is string => typeof v === 'string');
}

/** A text field's value, trimmed; empty for a field that holds no text. */
export function textValue(values: FormValues, name: string): string {
  const value = values[name];
  return typeof value === 'string' ? value.trim() : '';
}

/** The declared fields' values from a urlencoded body; anything undeclared is left out. */
export function readForm(form: FormDefinition, body: unknown): FormValues {
  const posted = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const values: FormValues = {};
  for (const field of form.fields) {
    const value = posted[field.name];
    if (field.kind === 'flag') values[field.name] = value === 'true' || value === 'on';
    else if (field.kind === 'choices') values[field.name] = asList(value);
    // A repeated text field is not something our forms send: it reads as empty and fails `required`.
    else values[field.name] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** A message for each select or choices field holding a value it did not offer. */
export function choiceProblems(form: FormDefinition, values: FormValues, choices: ChoiceLists): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of form.fields) {
    if (field.kind !== 'select' && field.kind !== 'choices') continue;
    const offered = new Set((choices[field.name] ?? field.choices ?? []).map((c) => c.value));
    const value = values[field.name];
    const picked = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? [value] : [];
    if (picked.some((p) => !offered.has(p))) problems[field.name] = msg('pattern');
  }
  return problems;
}
