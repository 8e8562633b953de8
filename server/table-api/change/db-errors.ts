// A database refusal of a change (duplicate, missing reference, NOT NULL, CHECK, bad value) as the message
// a person reads, attached to the fields it concerns: those the database names (a column, or the columns of
// a unique key), or else those whose value it quotes ("value "99999999999" is out of range for type integer").
import type { DatabaseError } from 'pg';
import { msg } from '../../messages.ts';
import type { ColumnDef, ResourceDef } from '../../resources/resource-def.ts';
import { fieldLabel, type FieldMessages } from './field-values.ts';

export interface RowFailure {
  error: string;
  fields?: FieldMessages;
  /**
   * The row was changed or removed since the client read it (its version no longer matches): the client reads
   * the table again. Said apart from the words, which the language file may change.
   */
  conflict?: true;
  /**
   * Refused because the user may not make this change (the row is out of their reach, or a privilege they
   * lack): said apart from the words, for the answer's status (routes/api/resource/changes.ts).
   */
  forbidden?: true;
}

/** What the change tried to write: each column with the value sent to the database. */
export type SentValues = ReadonlyArray<{ column: ColumnDef; value: unknown }>;

function isDatabaseError(err: unknown): err is DatabaseError {
  return err instanceof Error && typeof (err as DatabaseError).code === 'string' && 'severity' in err;
}

/** The table columns the error names: its column, or a key's ("Key (store_id, sale_date)=", "Key (lower(user_name))="). */
function namedColumns(err: DatabaseError): string[] {
  if (err.column) return [err.column];
  const key = /Key \((.+?)\)=\(/.exec(err.detail ?? '')?.[1];
  return key ? key.split(', ').map((part) => /^(?:\w+\()?(\w+)\)?$/.exec(part)?.[1] ?? part) : [];
}

/** The failure to report for this row, or null when the error is not the data's fault (a real 500). */
export function rowFailure(def: ResourceDef, err: unknown, sent: SentValues = []): RowFailure | null {
  if (!isDatabaseError(err) || !err.code) return null;
  // A constraint the definition knows is reported on its field, in its words.
  const known = err.constraint ? def.constraints?.[err.constraint] : undefined;
  if (known) {
    const message = msg(known.message);
    return { error: `${fieldLabel(def, known.field)}: ${message}`, fields: { [known.field]: message } };
  }
  const columns = namedColumns(err);
  const quoted = [...(err.message ?? '').matchAll(/"([^"]*)"/g)].map((m) => m[1]);
  const fields =
    columns.length > 0
      ? def.columns.filter((c) => c.writes !== undefined && columns.includes(c.writes))
      : sent.filter((s) => s.value !== null && quoted.includes(String(s.value))).map((s) => s.column);
  const onFields = (message: string): RowFailure =>
    fields.length
      ? {
          error: `${fields.map((f) => fieldLabel(def, f.name)).join(' and ')}: ${message}`,
          fields: Object.fromEntries(fields.map((f) => [f.name, message])),
        }
      : { error: message };
  switch (err.code) {
    case '23505':
      return onFields(msg('unique'));
    case '23503':
      // Deleting a row others still point at, or pointing at a row that does not exist.
      return /still referenced/.test(err.detail ?? '') ? { error: msg('tableInUse') } : onFields(msg('tableNotInList'));
    case '23502':
      return onFields(msg('required'));
    case '23514':
      // A CHECK names no column; a check of ours that does (a menu under itself) asks for another value.
      return err.column ? onFields(msg('notEqual')) : { error: msg('tableValuesConflict') };
    default:
      // Class 22: a value the column cannot hold (too long, out of range, not a date).
      return err.code.startsWith('22') ? onFields(msg('pattern')) : null;
  }
}
