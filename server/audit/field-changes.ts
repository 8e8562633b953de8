// What an audit entry changed, field by field, as people read it, wherever an entry is shown (the audit log
// table, a record's history on its detail page, the audit-trail report): each field by its label in the
// resource's words (common/resources/words.ts) and each value as the table shows it (common/format.ts). An
// edit lists the fields whose value moved, an addition the values it stored, a deletion those it removed.
// The program's columns (keys, versions: `internal`) and the time of the edit, which is the entry's own, are
// left out; a field no definition names keeps its name. The resource is looked up among those the app serves
// (app.resources), so an entity an app adds reads in its own words too.
import { formatValue } from '../../common/format.ts';
import type { Column } from '../../common/resources/types.ts';
import { msg } from '../messages.ts';
import type { ServedResource } from '../resources/resource-sql.ts';
import { columnLabel } from '../../common/resources/words.ts';

export interface FieldChange {
  field: string;
  /** null where the record had no value on that side (an addition's before, a deletion's after). */
  before: string | null;
  after: string | null;
}

type Recorded = Record<string, unknown> | null;

function shown(value: unknown, column: Pick<Column, 'format'> | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return column ? formatValue(value, column.format) : String(value);
}

export function fieldChanges(
  served: ReadonlyArray<ServedResource>,
  resource: string,
  entry: { Before: Recorded; After: Recorded },
): FieldChange[] {
  const def = served.find((r) => r.name === resource);
  // The time of an edit is the entry's own: the column the table stamps on every edit says it again.
  const stamped = def?.updatedAt === undefined ? '' : `${def.alias}.${def.updatedAt}`;
  const columns = def?.columns ?? [];
  const before = entry.Before ?? {};
  const after = entry.After ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.flatMap((field) => {
    const column = columns.find((c) => c.name === field);
    // A password set is said in words (change-rows.ts), though its column is the program's.
    if ((column?.internal && !column.password) || column?.sql === stamped) return [];
    // A password reads back empty: it had no value to show before it was set.
    const was = entry.Before && Object.hasOwn(before, field) && !column?.password ? shown(before[field], column) : null;
    const is = entry.After && Object.hasOwn(after, field) ? shown(after[field], column) : null;
    return was === is ? [] : [{ field: column && def ? columnLabel(def, column) : field, before: was, after: is }];
  });
}

/** The changes as lines of text, "label: old → new" (an addition's or deletion's "label: value"; no value "(empty)"). */
export function changesText(changes: ReadonlyArray<FieldChange>): string {
  const text = (value: string) => (value === '' ? msg('auditEmptyValue') : value);
  return changes.map((c) => `${c.field}: ${[c.before, c.after].flatMap((v) => (v === null ? [] : [text(v)])).join(' → ')}`).join('\n');
}

/** A row's JSON as the audit log stores it (text), or null for none or unreadable text. */
export function recordedRow(json: unknown): Recorded {
  if (typeof json !== 'string' || json === '') return null;
  try {
    const row: unknown = JSON.parse(json);
    return row !== null && typeof row === 'object' && !Array.isArray(row) ? (row as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
