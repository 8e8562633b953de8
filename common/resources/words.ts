// A resource's words: its title, and each column's, field's and fixed value's words. A definition says them in
// the default language, as plain data; they are resolved where they are shown, by `worded(def)`: a copy with
// the language file's words in place (LANGUAGE_URL), under the keys `<resource>.title`, `<resource>.<Column>`,
// a field labelled apart from its column `<resource>.<Field>.field`, and a value of a column with a fixed set
// of values `<resource>.<Column>.<value>`. A field without a label of its own has its column's (36 of 43 say
// the same words); a field on a column with a fixed set of values is a select of them (fieldsWithChoices, when
// the definition is made). Copying or spreading a definition is safe: nothing in it changes with the language.
import { currentLanguage, languageText } from '../messages.ts';
import type { FormField } from '../form-definition.ts';

/** What of a column has words. */
interface WordedColumn {
  name: string;
  label: string;
  values?: ReadonlyArray<string>;
  valueLabels?: Readonly<Record<string, string>>;
}

/** What of a resource has words. */
interface Words {
  name: string;
  title: string;
  columns: ReadonlyArray<WordedColumn>;
  fields: ReadonlyArray<FormField>;
}

/** A resource's title in the words of the moment, where nothing else of it is shown. */
export function titleOf(def: { name: string; title: string }): string {
  return languageText(`${def.name}.title`) ?? def.title;
}

/** A column's label in the words of the moment, where nothing else of its resource is shown. */
export function columnLabel(def: { name: string }, column: Pick<WordedColumn, 'name' | 'label'>): string {
  return languageText(`${def.name}.${column.name}`) ?? column.label;
}

/** A column's words for one of its values (the value itself when it has none). */
export function valueLabel(column: Pick<WordedColumn, 'valueLabels'>, value: string): string {
  return column.valueLabels?.[value] ?? value;
}

/**
 * The fields of a definition as it is made: each labelled as its column unless it says otherwise, and a field
 * on a column with a fixed set of values a select of them (or, for several, checkboxes of them), whose choices
 * are the column's values in its words; a select takes no other (the `oneOf` rule, checked in the dialog and
 * again on the server); a list of several is the field's own to check.
 */
export function fieldsWithChoices(
  resource: string,
  columns: ReadonlyArray<WordedColumn>,
  fields: ReadonlyArray<Omit<FormField, 'label'> & { label?: string }>,
): FormField[] {
  return fields.map((f) => {
    const column = columns.find((c) => c.name === f.name);
    const field: FormField = { ...f, label: f.label ?? column?.label ?? f.name };
    if (!column?.values) return field;
    if (field.kind !== 'select' && field.kind !== 'choices')
      throw new Error(`resource ${resource}: the field ${field.name} takes a fixed set of values: make it a select`);
    const values = column.values;
    return {
      ...field,
      choices: values.map((value) => ({ value, label: valueLabel(column, value) })),
      ...(field.kind === 'select' && { rules: { ...field.rules, oneOf: values } }),
    };
  });
}

/** Worded copies by definition, for the language they were made in (a new language object is a new file). */
const made = new WeakMap<object, { language: object; worded: object }>();

/** The definition with its words in the language of the moment: what every place that shows them reads. */
export function worded<D extends Words>(def: D): D {
  const language = currentLanguage();
  const kept = made.get(def);
  if (kept?.language === language) return kept.worded as D;
  const word = (key: string, own: string) => languageText(`${def.name}.${key}`) ?? own;
  const columns = def.columns.map((c) => {
    const label = word(c.name, c.label);
    const values = c.values;
    if (!values) return { ...c, label };
    return { ...c, label, valueLabels: Object.fromEntries(values.map((v) => [v, word(`${c.name}.${v}`, valueLabel(c, v))])) };
  });
  const fields = def.fields.map((f) => {
    const own = def.columns.find((c) => c.name === f.name);
    const column = columns.find((c) => c.name === f.name);
    // A field with words of its own is renamed under its own key; else it says what its column says.
    const label = !own || f.label !== own.label ? word(`${f.name}.field`, f.label) : column!.label;
    const choices = f.choices && column && f.choices.map(({ value }) => ({ value, label: valueLabel(column, value) }));
    return { ...f, label, ...(choices && { choices }) };
  });
  const result = { ...def, title: word('title', def.title), columns, fields };
  made.set(def, { language, worded: result });
  return result;
}

/** Some of `def`'s columns (an export's, a detail page's), each with its words of the moment. */
export function inWords<C extends WordedColumn>(def: Words, columns: ReadonlyArray<C>): C[] {
  const now = worded(def).columns;
  return columns.map((c) => {
    const w = now.find((x) => x.name === c.name);
    return w ? { ...c, label: w.label, ...(w.valueLabels && { valueLabels: w.valueLabels }) } : c;
  });
}
