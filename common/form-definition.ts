// A form declared once, as data: its fields (name, label, kind, validation rules) and an optional From/To
// date pair. The server renders the form from it and re-checks submissions with it; the rendered inputs
// carry the same rules to the browser, so a rule is never written twice. A resource's add and edit dialogs
// are declared with the same fields (common/resources).
import { msg, type MessageKey } from './messages.ts';
import type { Access } from './roles.ts';
import { checkDateRange, validateForm, type DateRangeOptions, type FieldRules, type FormContext } from './validation.ts';

export const fieldKinds = ['text', 'email', 'password', 'textarea', 'number', 'date', 'select', 'flag', 'choices'] as const;
/**
 * text/email/password/textarea/number/date: one typed value (the server-drawn forms draw the last three as
 * text); select: one of a list; flag: a checkbox; choices: several checkboxes.
 */
export type FieldKind = (typeof fieldKinds)[number];

/** Where a resource's select field finds its choices: another resource's rows, by its value and label columns. */
export interface Choices {
  resource: string;
  value: string;
  label: string;
  /** A boolean column of that resource: only its rows where it is true are offered (e.g. active users). */
  only?: string;
  /**
   * An integer column of that resource holding a group: only the rows of the user's own group are offered,
   * unless the user sees every store (administrators and head office: the message recipients rule).
   */
  sameGroup?: string;
}

/** One of a select's fixed choices: the value sent, and the words shown for it. */
export interface FixedChoice {
  value: string;
  label: string;
}

export interface FormField<Name extends string = string> {
  /** The submitted name, in the payload's PascalCase (UserName, FromDate...); a resource's field: its column. */
  name: Name;
  label: string;
  kind: FieldKind;
  rules?: FieldRules;
  placeholder?: string;
  autocomplete?: string;
  /** The URL answering whether a user name is available (the asynchronous `username` rule). */
  usernameCheck?: string;
  /** For a `unique` field: the URL listing the values already taken (a JSON array of strings). */
  uniqueUrl?: string;
  /**
   * A short hint under the label, for a field whose rule a user cannot guess (which characters, what length,
   * which date format): shown before any mistake. {0} and {1} in its text are the rules' minLength and maxLength.
   */
  hint?: MessageKey;
  /**
   * A resource's select: the rows of another resource to choose from (those the user may reach there). A
   * change is checked against them (server/table-api/change/choices.ts).
   */
  options?: Choices;
  /**
   * A select's fixed set of choices, by value and label: a resource's field has its column's `values` here,
   * in the column's words (common/resources/words.ts), with the rule that takes no other.
   */
  choices?: ReadonlyArray<FixedChoice>;
  /**
   * A resource's field: who is offered it (its dialogs show it only to them; default whoever may add or
   * edit). What they may change is still the server's to decide.
   */
  access?: Access;
  /** A resource's field: which dialogs show it (default both). */
  on?: ReadonlyArray<'add' | 'edit'>;
  /** What an add stores when the field is left blank or not sent (the insert dialog starts from it too). */
  default?: string;
  /**
   * A number typed as the percentage its column shows (12.34 for 12.34%) while the column and the API hold
   * the fraction (0.1234): the rules are the percentage's, and the dialog and the server turn one into the
   * other (common/percent.ts), so people never type a fraction.
   */
  percent?: boolean;
}

/** A resource's fields that its add or its edit dialog shows (the server checks the same ones). */
export function fieldsOn<F extends FormField>(fields: ReadonlyArray<F>, action: 'add' | 'edit'): F[] {
  return fields.filter((f) => !f.on || f.on.includes(action));
}

/** The field's hint as shown under its label, with its length bounds filled in; '' when it has none. */
export function hintText(field: FormField): string {
  return field.hint ? msg(field.hint, field.rules?.minLength ?? '', field.rules?.maxLength ?? '') : '';
}

/** Two text fields checked together by checkDateRange; `name` keys the pair's message. */
export interface DateRangePair {
  name: string;
  from: string;
  to: string;
  options?: Omit<DateRangeOptions, 'today'>;
}

export interface FormDefinition {
  fields: ReadonlyArray<FormField>;
  dateRange?: DateRangePair;
}

/** The declared rules of every field that has some, by field name: what validateForm takes. */
/**
 * Every message the fields' own rules give for these values, by field name: a form without a date pair (a
 * table's dialog), which then does not bring the date pair's check and its date arithmetic to the browser.
 */
export function checkFields(
  fields: ReadonlyArray<FormField>,
  values: Record<string, unknown>,
  ctx: FormContext = {},
): Record<string, string> {
  const rules: Record<string, FieldRules> = {};
  for (const field of fields) if (field.rules) rules[field.name] = field.rules;
  return validateForm(rules, values, ctx);
}

/**
 * Every message the form's rules give for these values, by field name (the date pair under its own name);
 * an empty object when the submission is valid. `today` pins the date range check's "today" in tests.
 */
export function checkForm(
  form: FormDefinition,
  values: Record<string, unknown>,
  ctx: FormContext & { today?: Date } = {},
): Record<string, string> {
  const messages = checkFields(form.fields, values, ctx);
  const pair = form.dateRange;
  if (pair) {
    const message = checkDateRange(values[pair.from], values[pair.to], { ...pair.options, ...(ctx.today && { today: ctx.today }) });
    if (message !== null) messages[pair.name] = message;
  }
  return messages;
}
