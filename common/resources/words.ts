// A resource's words: its title, and each column's and field's label. A definition says them in the default
// language; the language file (LANGUAGE_URL) may replace any of them under the key `<resource>.title` or
// `<resource>.<Column>`, a field labelled apart from its column under `<resource>.<Field>.field`, and a value
// of a column with a fixed set of values under `<resource>.<Column>.<value>`. A field without a label of its
// own has its column's (36 of 43 say the same words); a field on a column with a fixed set of values is a
// select of them, in those words (fixChoices). The words are properties that
// read the language each time they are read, since the server reads its language file after the
// definitions load: copy a definition, a column or a field by its property descriptors (copyOwn), never by
// spreading it, which would keep the default words.
import { languageText } from '../messages.ts';
import type { FormField } from '../form-definition.ts';

/** `target` with the own properties of each source, getters kept as getters. */
export function copyOwn<T extends object>(...sources: ReadonlyArray<object>): T {
  const out = {};
  for (const source of sources) Object.defineProperties(out, Object.getOwnPropertyDescriptors(source));
  return out as T;
}

function word(object: object, prop: string, key: string, text: () => string): void {
  Object.defineProperty(object, prop, { get: () => languageText(key) ?? text(), enumerable: true, configurable: true });
}

/** A field as a definition may write it: its label may be left to its column. */
export type LabelledLater<F extends FormField> = Omit<F, 'label'> & { label?: string };

/** What of a column has words (types.ts's Column, named apart so that this file does not import it back). */
interface WordedColumn {
  name: string;
  label: string;
  values?: ReadonlyArray<string>;
  valueLabels?: Readonly<Record<string, string>>;
}

interface Words {
  name: string;
  title: string;
  columns: ReadonlyArray<WordedColumn>;
  fields: ReadonlyArray<LabelledLater<FormField>>;
}

/** The definition with its words read from the language file, falling back to its own. */
export function wordedResource<D extends Words>(def: D): D & { fields: ReadonlyArray<FormField> } {
  const columns = def.columns.map((c) => {
    const column = copyOwn<WordedColumn>(c);
    word(column, 'label', `${def.name}.${c.name}`, () => c.label);
    if (c.values) column.valueLabels = valueWords(`${def.name}.${c.name}`, c);
    return column;
  });
  const fields = def.fields.map((f) => {
    const field = copyOwn<FormField>(f);
    const column = columns.find((c) => c.name === f.name);
    const own = f.label !== undefined && f.label !== column?.label;
    if (own || !column) word(field, 'label', `${def.name}.${f.name}.field`, () => f.label ?? f.name);
    else Object.defineProperty(field, 'label', { get: () => column.label, enumerable: true, configurable: true });
    if (column?.values) fixChoices(def.name, field, column);
    return field;
  });
  const out = copyOwn<D & { fields: ReadonlyArray<FormField> }>(def, { columns, fields });
  word(out, 'title', `${def.name}.title`, () => def.title);
  return out;
}

/** Each of the column's values' words, following the language file (`<key>.<value>`), else its own, else the value. */
function valueWords(key: string, column: WordedColumn): Record<string, string> {
  const words: Record<string, string> = {};
  for (const value of column.values ?? []) word(words, value, `${key}.${value}`, () => column.valueLabels?.[value] ?? value);
  return words;
}

/** A column's words for one of its values (the value itself when it has none). */
export function valueLabel(column: Pick<WordedColumn, 'valueLabels'>, value: string): string {
  return column.valueLabels?.[value] ?? value;
}

/**
 * A field on a column with a fixed set of values is a select of them (or, for several, checkboxes of them):
 * its choices are the column's values in its words. A select takes no other (the `oneOf` rule, checked in the
 * dialog and again on the server); a list of several is the field's own to check.
 */
function fixChoices(resource: string, field: FormField, column: WordedColumn): void {
  const values = column.values ?? [];
  if (field.kind !== 'select' && field.kind !== 'choices')
    throw new Error(`resource ${resource}: the field ${field.name} takes a fixed set of values: make it a select`);
  field.choices = values.map((value) => {
    const choice = { value, label: '' };
    Object.defineProperty(choice, 'label', { get: () => valueLabel(column, value), enumerable: true, configurable: true });
    return choice;
  });
  if (field.kind === 'select') field.rules = { ...field.rules, oneOf: values };
}
