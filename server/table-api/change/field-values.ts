// A form's values checked and converted for SQL: the definition's rules (the same code and messages the
// browser's dialogs use), then each value read as its column's type. Failures come back per field.
import { msg } from '../../messages.ts';
import { fieldsOn, type FormField } from '../../../common/form-definition.ts';
import type { Action } from '../../../common/resources/types.ts';
import type { ColumnDef, ResourceDef } from '../../resources/resource-def.ts';
import { check, validateField, type FieldRules } from '../../../common/validation.ts';
import { calendarDayOf } from '../../../common/calendar.ts';
import { percentOf } from '../../../common/percent.ts';
import { TableRequestError } from '../request/request-error.ts';
import { worded } from '../../../common/resources/words.ts';

export type FieldMessages = Record<string, string>;

export type FieldValues = { ok: true; columns: Array<{ column: ColumnDef; value: unknown }> } | { ok: false; fields: FieldMessages };

/** A column as the dialogs name it, in the words of the moment: its field's label, else the column's own. */
export function fieldLabel(def: ResourceDef, name: string): string {
  const now = worded(def);
  return now.fields.find((f) => f.name === name)?.label ?? now.columns.find((c) => c.name === name)?.label ?? name;
}

const fieldsByAction = new WeakMap<ResourceDef, Record<'add' | 'edit', ReadonlyArray<FormField>>>();

/** The form fields of an add or an edit (kept: an import asks for every row). */
export function fieldsFor(def: ResourceDef, action: 'add' | 'edit'): ReadonlyArray<FormField> {
  let known = fieldsByAction.get(def);
  if (!known) fieldsByAction.set(def, (known = { add: fieldsOn(def.fields, 'add'), edit: fieldsOn(def.fields, 'edit') }));
  return known[action];
}

const writtenColumns = new WeakMap<ResourceDef, Map<string, ColumnDef>>();

/** The column a field writes (its own, or the link table it fills), by the field's name. */
function writtenColumn(def: ResourceDef, name: string): ColumnDef | undefined {
  let known = writtenColumns.get(def);
  if (!known) {
    known = new Map();
    for (const c of def.columns) if ((c.writes || c.links) && !known.has(c.name)) known.set(c.name, c);
    writtenColumns.set(def, known);
  }
  return known.get(name);
}

/** A field without rules checks nothing (one object for all of them: its checks are built once). */
const NO_RULES: FieldRules = {};

/**
 * Checks the values of an add (every add field: one required and not sent is refused) or an edit (only the
 * fields sent: a bulk edit may change one flag). An add writes the fields it sends (or their defaults); the
 * others take their column's default in the database. A value for anything that is not a field of this
 * action is refused by name.
 */
export function readFieldValues(def: ResourceDef, action: Extract<Action, 'add' | 'edit'>, values: Record<string, unknown>): FieldValues {
  const fields = fieldsFor(def, action);
  for (const name of Object.keys(values)) {
    if (fields.some((f) => f.name === name)) continue;
    const column = def.columns.find((c) => c.name === name);
    if (column) throw new TableRequestError('tableReadOnlyField', fieldLabel(def, name), name);
    throw new TableRequestError('tableUnknownField', name.slice(0, 40));
  }
  // A password left blank is no new password: an edit dialog sends its write-only field empty.
  const checked = (action === 'add' ? fields : fields.filter((f) => f.name in values)).filter(
    (f) => f.kind !== 'password' || !isBlank(values[f.name]),
  );
  const given = action === 'add' ? withDefaults(checked, values) : values;
  // One value per field, as text PostgreSQL can hold: a list, an object or a NUL is refused before the rules
  // (which would otherwise call a list "required" or measure its length). A list of codes is a list.
  // Each field's rules as the dialogs check them (validateForm's, a field at a time), on the value as typed.
  const messages: FieldMessages = {};
  for (const field of checked) {
    if (field.kind === 'choices') continue;
    const message = isPlainValue(given[field.name])
      ? validateField(field.rules ?? NO_RULES, asTyped(field, given[field.name]), { values: given })
      : msg('pattern');
    if (message) messages[field.name] = message;
  }
  const columns: Array<{ column: ColumnDef; value: unknown }> = [];
  for (const field of checked) {
    if (messages[field.name]) continue;
    // A field an add does not send (and that has no default of its own) is left to its column's default.
    if (!(field.name in given)) continue;
    const column = writtenColumn(def, field.name);
    if (!column) throw new Error(`resource ${def.name}: field ${field.name} names no writable column`);
    const read = column.links
      ? readCodes(given[field.name])
      : column.password
        ? { value: String(given[field.name]) }
        : readValue(column, given[field.name]);
    if ('error' in read) messages[field.name] = read.error;
    else columns.push({ column, value: read.value });
  }
  return Object.keys(messages).length ? { ok: false, fields: messages } : { ok: true, columns };
}

/** A value as people type it, which the rules are written for: a percent field's fraction as its percentage. */
function asTyped(field: FormField, value: unknown): unknown {
  return field.percent && (typeof value === 'string' || typeof value === 'number') ? percentOf(String(value)) : value;
}

/** An add's values with each blank or missing field that has a default set to it. */
function withDefaults(fields: ReadonlyArray<FormField>, values: Record<string, unknown>): Record<string, unknown> {
  const given = { ...values };
  for (const field of fields) {
    const value = given[field.name];
    if (field.default !== undefined && (value === undefined || value === null || String(value).trim() === ''))
      given[field.name] = field.default;
  }
  return given;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * A list of codes: a JSON array of texts, or text (one code, or several separated by commas, as a form or a
 * table cell writes them); blank is none. Each is checked against its choices later (choices.ts).
 */
function readCodes(raw: unknown): Read {
  const items = Array.isArray(raw) ? raw : isBlank(raw) ? [] : typeof raw === 'string' ? raw.split(',') : [raw];
  if (items.some((item) => typeof item !== 'string' || item.includes('\0') || item.length > 100)) return { error: msg('pattern') };
  const codes = (items as string[]).map((item) => item.trim()).filter((item) => item !== '');
  return { value: [...new Set(codes)] };
}

function isPlainValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value !== 'object' && !String(value).includes('\0'));
}

export type Read = { value: unknown } | { error: string };

/** One value as its column's type; blank is NULL (or '' for non-null text, false for a checkbox). */
export function readValue(column: ColumnDef, raw: unknown): Read {
  if (raw !== null && typeof raw === 'object') return { error: msg('pattern') };
  const text = raw === undefined || raw === null ? '' : String(raw).trim();
  switch (column.type) {
    case 'text':
      return { value: text === '' && column.nullable ? null : text };
    case 'boolean':
      if (['true', 'on', '1', 'yes'].includes(text.toLowerCase())) return { value: true };
      if (['false', 'off', '0', 'no', ''].includes(text.toLowerCase())) return { value: false };
      return { error: msg('pattern') };
    case 'integer': {
      if (text === '') return { value: null };
      const n = Number(text.replaceAll(',', ''));
      return check('number', text) === null && Number.isSafeInteger(n) ? { value: n } : { error: msg('number') };
    }
    case 'number':
      if (text === '') return { value: null };
      return check('number', text) === null ? { value: text.replaceAll(',', '') } : { error: msg('number') };
    case 'date':
      return readDate(text);
    case 'datetime':
      return { error: msg('pattern') };
  }
}

/** dd/MM/yyyy (the spec's date format, what people type) or yyyy-mm-dd (what JSON clients send). */
function readDate(text: string): Read {
  if (text === '') return { value: null };
  const day = calendarDayOf(text);
  return day === null ? { error: msg('date') } : { value: day };
}
