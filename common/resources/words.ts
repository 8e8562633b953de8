// A resource's words: its title, and each column's and field's label. A definition says them in the default
// language; the language file (LANGUAGE_URL) may replace any of them under the key `<resource>.title` or
// `<resource>.<Column>`, and a field labelled apart from its column under `<resource>.<Field>.field`. A field
// without a label of its own has its column's (36 of 43 say the same words). The words are properties that
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
    return column;
  });
  const fields = def.fields.map((f) => {
    const field = copyOwn<FormField>(f);
    const column = columns.find((c) => c.name === f.name);
    const own = f.label !== undefined && f.label !== column?.label;
    if (own || !column) word(field, 'label', `${def.name}.${f.name}.field`, () => f.label ?? f.name);
    else Object.defineProperty(field, 'label', { get: () => column.label, enumerable: true, configurable: true });
    return field;
  });
  const out = copyOwn<D & { fields: ReadonlyArray<FormField> }>(def, { columns, fields });
  word(out, 'title', `${def.name}.title`, () => def.title);
  return out;
}
