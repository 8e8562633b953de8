// The values an insert or update dialog holds and sends: each field's starting value (its default for an
// add, the row's for an edit, dates as the dd/MM/yyyy people type, a percent field's fraction as its
// percentage), the messages of the shared rules (common/validation.ts, which the server runs again), and the
// JSON bodies of the change calls (which send the fraction back).
import { checkFields, fieldsOn, type FormField } from '../../../common/form-definition.ts';
import { formatDate } from '../../../common/format.ts';
import { fractionOf, percentOf } from '../../../common/percent.ts';
import type { Row, TableConfig } from '../../../common/table-config.ts';

/** Text for every field, true/false for a flag. */
export type DialogValues = Record<string, string | boolean>;

/** The kinds a dialog draws: all of them (`choices`, several checkboxes, holds its codes comma separated). */
const drawnKinds = new Set<FormField['kind']>(['text', 'email', 'password', 'textarea', 'number', 'date', 'select', 'flag', 'choices']);

export function dialogFields(config: TableConfig, action: 'add' | 'edit'): FormField[] {
  // A date field is typed as dd/MM/yyyy (spec section 9), whether or not its definition says so: the
  // server also takes the yyyy-mm-dd of JSON clients, so the definitions leave the format rule out.
  return fieldsOn(config.fields, action)
    .filter((f) => drawnKinds.has(f.kind))
    .map((f) => (f.kind === 'date' ? { ...f, rules: { ...f.rules, date: true } } : f));
}

const isTrue = (value: unknown): boolean => value === true || value === 'true' || value === 't' || value === 1 || value === '1';

/** The value a field starts from: the row's (an edit), else its default (an add). */
export function startValues(fields: ReadonlyArray<FormField>, row?: Row): DialogValues {
  const values: DialogValues = {};
  for (const field of fields) {
    const value = row ? row[field.name] : field.default;
    if (field.kind === 'flag') values[field.name] = isTrue(value);
    else if (value === null || value === undefined) values[field.name] = '';
    else if (field.kind === 'date' && row) values[field.name] = formatDate(String(value));
    else values[field.name] = field.percent && row ? percentOf(String(value)) : String(value);
  }
  return values;
}

/** The values as the API takes them: a percent field's percentage as the fraction its column holds. */
function sentValues(fields: ReadonlyArray<FormField>, values: DialogValues): DialogValues {
  const sent = { ...values };
  for (const field of fields) {
    const value = sent[field.name];
    if (field.percent && typeof value === 'string' && value.trim() !== '') sent[field.name] = fractionOf(value);
  }
  return sent;
}

/** Each invalid field's message, by name; empty when the dialog may be sent. */
export function ruleMessages(fields: ReadonlyArray<FormField>, values: DialogValues): Record<string, string> {
  return checkFields(fields, values);
}

/** What a row's edit or delete names it by: its key and the version it was read at. */
function rowIdentity(config: TableConfig, rows: ReadonlyArray<Row>): Record<string, unknown> {
  const { key, version } = config;
  if (rows.length === 1) {
    const [row] = rows as [Row];
    return { [key]: row[key], ...(version && { [version]: row[version] }) };
  }
  return { [`${key}s`]: rows.map((r) => r[key]), ...(version && { [`${version}s`]: rows.map((r) => r[version]) }) };
}

export function addBody(config: TableConfig, values: DialogValues): Record<string, unknown> {
  return sentValues(config.fields, values);
}

export function editBody(config: TableConfig, row: Row, values: DialogValues): Record<string, unknown> {
  return { ...sentValues(config.fields, values), ...rowIdentity(config, [row]) };
}

/** A bulk edit: the rows' keys and versions (the plural names), and only the fields chosen, with their values. */
export function bulkEditBody(
  config: TableConfig,
  rows: ReadonlyArray<Row>,
  values: DialogValues,
  chosen: ReadonlySet<string>,
): Record<string, unknown> {
  const sent = Object.fromEntries(Object.entries(sentValues(config.fields, values)).filter(([name]) => chosen.has(name)));
  const { key, version } = config;
  return { ...sent, [`${key}s`]: rows.map((r) => r[key]), ...(version && { [`${version}s`]: rows.map((r) => r[version]) }) };
}

/** Each field's value where every row has the same, else blank (a flag: off): what a bulk edit starts from. */
export function sharedValues(fields: ReadonlyArray<FormField>, rows: ReadonlyArray<Row>): DialogValues {
  const each = rows.map((row) => startValues(fields, row));
  const first = each[0] ?? {};
  return Object.fromEntries(
    fields.map((f) => [f.name, each.every((v) => v[f.name] === first[f.name]) ? (first[f.name] ?? '') : f.kind === 'flag' ? false : '']),
  );
}

export function deleteBody(config: TableConfig, rows: ReadonlyArray<Row>): Record<string, unknown> {
  return rowIdentity(config, rows);
}
