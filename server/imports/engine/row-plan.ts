// What an import does with each row of a batch, decided as the table API decides a change (the one rule
// set, in the dialogs' words): the file's texts read as the table's values (cell-text.ts), a found select
// found (found-values.ts), the row matched on the key among those the user may edit (existing-rows.ts), then
// an add checked as the add dialog's values are, or a change as the edit dialog's: only the fields whose value
// differs, each compared with the row as stored, so a row the file repeats as it is, is unchanged. The row's
// version, when the file has it, must be the stored one. The resource's own rules come last: an add's key
// checked with the lookup of the batch's rows (importKeyCheck), or each row on its own (rowCheck).
import type pg from 'pg';
import { formatValue } from '../../../common/format.ts';
import { allows, type CurrentUser } from '../../../common/roles.ts';
import { msg } from '../../messages.ts';
import type { ColumnDef, ResourceDef, Row } from '../../resources/resource-def.ts';
import type { RowRuleFailure } from '../../resources/resource-sql.ts';
import { fieldsFor, readFieldValues, readValue, type FieldMessages } from '../../table-api/change/field-values.ts';
import type { SentValues } from '../../table-api/change/db-errors.ts';
import type { RowValues } from '../../table-api/change/change-follow-up.ts';
import { cellText } from './cell-text.ts';
import { existingRows, matchColumns } from './existing-rows.ts';
import { AMBIGUOUS, foundKey, type FoundField } from './found-values.ts';
import { importFields, importOf, type ImportField } from './import-fields.ts';
import type { SeenKeys } from './seen-keys.ts';
import type { FieldChangeText, ImportMode, MappedRow } from './types.ts';

/** A row decided: refused (why), unchanged, to add (its values), or to change (the values that differ). */
export type Planned =
  | { kind: 'refused'; row: MappedRow; label: string; messages: string[]; fields: FieldMessages }
  | { kind: 'unchanged'; row: MappedRow; label: string; key: number }
  | { kind: 'add'; row: MappedRow; label: string; sent: SentValues }
  | { kind: 'change'; row: MappedRow; label: string; key: number; before: Row; sent: SentValues; changes: FieldChangeText[] };

/**
 * What a planned row writes, as the resource's follow-up is told of it (change-follow-up.ts): an add's values,
 * or a change's row before and the values it sends over it; nothing for a row left alone.
 */
export function writtenValues(p: Planned): RowValues[] {
  if (p.kind !== 'add' && p.kind !== 'change') return [];
  const sent = Object.fromEntries(p.sent.map((s) => [s.column.name, s.value]));
  return [p.kind === 'add' ? { before: null, row: sent } : { before: p.before, row: { ...p.before, ...sent } }];
}

/** What planning a batch needs: the resource, who imports, how, and the selects found for them. */
export interface PlanContext {
  def: ResourceDef;
  user: CurrentUser;
  served: ReadonlyArray<ResourceDef>;
  mode: ImportMode;
  found: ReadonlyArray<FoundField>;
  /** The keys of the rows planned so far (this batch's and every one before it). */
  seen: SeenKeys;
}

/** A row read so far: its values by field (texts as the rules read them), its match key, or why it is refused. */
interface Read {
  row: MappedRow;
  label: string;
  given: Record<string, string>;
  match: unknown[] | null;
  fields: FieldMessages;
}

export async function planBatch(
  client: Pick<pg.PoolClient, 'query'>,
  ctx: PlanContext,
  rows: ReadonlyArray<MappedRow>,
  lock: boolean,
): Promise<Planned[]> {
  const { def } = ctx;
  const read = rows.map((row) => readRow(ctx, row));
  // A key twice in the rows: the later is refused (the first decides what the row becomes), wherever it is.
  for (const r of read) {
    if (!r.match) continue;
    const first = ctx.seen.firstLine(JSON.stringify(r.match), r.row.line);
    if (first !== undefined) {
      r.fields[importOf(def).key[0]!] = msg('importKeyTwice', first);
      r.match = null;
    }
  }
  const matched = read.filter((r) => r.match && Object.keys(r.fields).length === 0);
  const existing = await existingRows(
    client,
    def,
    ctx.user,
    ctx.served,
    matched.map((r) => r.match!),
    lock,
  );
  const byRead = new Map(matched.map((r, i) => [r, existing.rows[i]!]));
  const keyRefusals = new Map(matched.map((r, i) => [r.row, existing.refusals[i] ?? null]));
  const planned = read.map((r): Planned => {
    if (Object.keys(r.fields).length || !r.match) return refused(def, r, { ...otherMessages(def, r), ...r.fields });
    const rows = byRead.get(r) ?? [];
    if (rows.length > 1) return refused(def, r, { [importOf(def).key[0]!]: msg('importKeyAmbiguous') });
    return rows[0] ? planChange(ctx, r, rows[0]) : planAdd(ctx, r);
  });
  return checkRules(client, ctx, planned, keyRefusals);
}

/** The messages of the values a row refused for its key gives (required fields aside: it may be a change). */
function otherMessages(def: ResourceDef, r: Read): FieldMessages {
  const fields = fieldsFor(def, 'add');
  const given = Object.fromEntries(
    Object.entries(r.given).filter(([name, text]) => text.trim() !== '' && fields.some((f) => f.name === name)),
  );
  const checked = readFieldValues(def, 'add', given);
  if (checked.ok) return {};
  return Object.fromEntries(Object.entries(checked.fields).filter(([name]) => name in given));
}

/** The row's texts by field, its found selects and its match key, with any message on the way. */
function readRow(ctx: PlanContext, row: MappedRow): Read {
  const { def } = ctx;
  const fields = importFields(def);
  const given: Record<string, string> = {};
  const messages: FieldMessages = {};
  for (const field of fields) {
    const raw = row.values[field.name];
    if (raw === undefined) continue;
    given[field.name] = cellText(field.column, raw);
  }
  for (const f of ctx.found) {
    const text = given[f.by];
    delete given[f.by];
    if (text === undefined) {
      // Sent by its key (a program using the list API's names): one of the choices offered, or refused.
      const key = given[f.field];
      if (key !== undefined && key !== '' && !(/^\d{1,15}$/.test(key) && f.keys.has(Number(key))))
        messages[f.field] = msg('tableNotInList');
      continue;
    }
    if (text === '') {
      given[f.field] = '';
      continue;
    }
    const key = f.byText.get(foundKey(text));
    if (key === undefined) messages[f.by] = msg('importNotFound', text);
    else if (key === AMBIGUOUS) messages[f.by] = msg('importFoundTwice', text);
    else given[f.field] = String(key);
  }
  const label = labelOf(def, row);
  const match: unknown[] = [];
  for (const column of matchColumns(def)) {
    const text = given[column.name];
    // A found select's message is on the column it is found from (the file has that one).
    const shownAs = importOf(def).finds?.[column.name]?.by ?? column.name;
    if (text === undefined || text.trim() === '') {
      if (!messages[shownAs]) messages[shownAs] = msg('required');
      continue;
    }
    const value = readValue(column, text);
    if ('error' in value) messages[column.name] = value.error;
    else match.push(value.value);
  }
  return { row, label, given, match: match.length === matchColumns(def).length ? match : null, fields: messages };
}

/** The row as people name it: the file's texts of its key columns. */
function labelOf(def: ResourceDef, row: MappedRow): string {
  return importOf(def)
    .key.map((name) => row.values[name]?.trim() ?? '')
    .join(', ');
}

function refused(def: ResourceDef, r: Pick<Read, 'row' | 'label'>, fields: FieldMessages, error?: string): Planned {
  const messages = Object.entries(fields).map(([name, message]) => `${labelFor(def, name)}: ${message.replace(/\.$/, '')}.`);
  return { kind: 'refused', row: r.row, label: r.label, messages: error ? [error, ...messages] : messages, fields };
}

/** A field as the import names it: its label among the import's fields, else the dialogs'. */
function labelFor(def: ResourceDef, name: string): string {
  return importFields(def).find((f) => f.name === name)?.label ?? def.fields.find((f) => f.name === name)?.label ?? name;
}

/** A new row: checked as the add dialog's values are (every add field; blank ones take their defaults). */
function planAdd(ctx: PlanContext, r: Read): Planned {
  const { def } = ctx;
  if (ctx.mode === 'update') return refused(def, r, {}, msg('importRowMissing'));
  const fields = fieldsFor(def, 'add');
  const values: Record<string, string> = {};
  for (const f of fields) if (r.given[f.name] !== undefined) values[f.name] = r.given[f.name]!;
  const checked = readFieldValues(def, 'add', values);
  if (!checked.ok) return refused(def, r, checked.fields);
  return { kind: 'add', row: r.row, label: r.label, sent: checked.columns };
}

/** An existing row: the fields whose value differs, checked as the edit dialog's; none: unchanged. */
function planChange(ctx: PlanContext, r: Read, before: Row): Planned {
  const { def, user } = ctx;
  const key = Number(before[def.key.name]);
  if (ctx.mode === 'add') return refused(def, r, {}, msg('importRowExists'));
  const version = def.version?.name;
  if (version && r.given[version] !== undefined && r.given[version] !== '' && Number(r.given[version]) !== before[version])
    return refused(def, r, {}, msg('notFoundRefreshed'));
  const guard = def.guardedRows;
  if (guard && before[guard.when.name] === true && !allows(user, guard.access))
    return refused(def, r, {}, msg(def.guardRefusal ?? 'forbidden'));
  const editable = fieldsFor(def, 'edit');
  const differing: Record<string, string> = {};
  const messages: FieldMessages = {};
  for (const [name, text] of Object.entries(r.given)) {
    if (name === version) continue;
    const column = def.columns.find((c) => c.name === name)!;
    if (sameValue(column, text, before[name])) continue;
    if (editable.some((f) => f.name === name)) differing[name] = text;
    else messages[name] = msg('importCannotChange');
  }
  if (Object.keys(messages).length) return refused(def, r, messages);
  if (Object.keys(differing).length === 0) return { kind: 'unchanged', row: r.row, label: r.label, key };
  const checked = readFieldValues(def, 'edit', differing);
  if (!checked.ok) return refused(def, r, checked.fields);
  const changes = checked.columns.map(({ column, value }) => ({
    Label: labelFor(def, column.name),
    Old: shown(column, before[column.name]),
    New: shown(column, value),
  }));
  return { kind: 'change', row: r.row, label: r.label, key, before, sent: checked.columns, changes };
}

/** A value as the table shows it; a found select as the column it is found from shows it. */
function shown(column: ColumnDef, value: unknown): string {
  if (value === null || value === undefined || value === '') return msg('auditEmptyValue');
  return formatValue(value, column.format);
}

/** Whether the file's text reads as the value stored (numbers by value, text exactly, blank as none). */
function sameValue(column: ColumnDef, text: string, stored: unknown): boolean {
  const read = readValue(column, text);
  if ('error' in read) return false;
  const value = read.value;
  if (value === null || value === '') return stored === null || stored === '' || stored === undefined;
  if (stored === null || stored === undefined) return false;
  switch (column.type) {
    case 'number':
    case 'integer':
      return decimal(String(value)) === decimal(String(stored));
    case 'boolean':
      return value === stored;
    default:
      return String(value) === String(stored).trimEnd();
  }
}

/** A decimal's digits without the zeros that do not count ("1234.50" and "1234.5" alike). */
function decimal(text: string): string {
  const [whole = '', fraction = ''] = text.replace(/^\+/, '').split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = (sign ? whole.slice(1) : whole).replace(/^0+(?=\d)/, '');
  const kept = fraction.replace(/0+$/, '');
  const out = kept ? `${digits}.${kept}` : digits;
  return out === '0' ? '0' : `${sign}${out}`;
}

/**
 * The resource's own rules over the rows to add or change: rowRule, then its ImportKeyCheck's refusals of the
 * adds (asked with the lookup: `keyRefusals`, by row), or its rowCheck a row at a time.
 */
async function checkRules(
  client: Pick<pg.PoolClient, 'query'>,
  ctx: PlanContext,
  planned: Planned[],
  keyRefusals: ReadonlyMap<MappedRow, RowRuleFailure | null>,
): Promise<Planned[]> {
  const { def, user } = ctx;
  const writing = (p: Planned): p is Extract<Planned, { kind: 'add' | 'change' }> => p.kind === 'add' || p.kind === 'change';
  const before = (p: Extract<Planned, { kind: 'add' | 'change' }>) => (p.kind === 'change' ? p.before : null);
  const out = planned.map((p) => {
    if (!writing(p)) return p;
    const failure = def.rowRule?.(user, before(p), p.sent) ?? (p.kind === 'add' ? keyRefusals.get(p.row) : null);
    return failure ? ruleRefused(def, p, failure) : p;
  });
  const asked = out.filter(writing);
  if (asked.length === 0 || def.importKeyCheck || !def.rowCheck) return out;
  const failures = await rowByRow(
    client,
    def,
    asked.map((p) => ({ before: before(p), sent: p.sent })),
  );
  const failed = new Map(asked.map((p, i) => [p, failures[i] ?? null]));
  return out.map((p) => {
    const failure = writing(p) ? failed.get(p) : null;
    return failure && writing(p) ? ruleRefused(def, p, failure) : p;
  });
}

async function rowByRow(
  client: Pick<pg.PoolClient, 'query'>,
  def: ResourceDef,
  rows: ReadonlyArray<{ before: Row | null; sent: SentValues }>,
): Promise<Array<RowRuleFailure | null>> {
  const failures: Array<RowRuleFailure | null> = [];
  for (const { before, sent } of rows) failures.push(await def.rowCheck!(client, before, sent));
  return failures;
}

function ruleRefused(def: ResourceDef, p: Planned, failure: RowRuleFailure): Planned {
  if (failure.fields && Object.keys(failure.fields).length) return refused(def, p, failure.fields);
  return refused(def, p, {}, failure.error);
}

export type { ImportField };
