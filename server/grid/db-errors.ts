// A database refusal of a change (duplicate, missing reference, NOT NULL, CHECK, bad value) as the message
// a person reads, attached to the field it concerns when the database says which column that was.
import type { DatabaseError } from 'pg';
import { msg } from '../../common/messages.ts';
import type { ResourceDef } from '../../common/resources/types.ts';
import type { FieldMessages } from './field-values.ts';

export interface RowFailure {
  error: string;
  fields?: FieldMessages;
}

function isDatabaseError(err: unknown): err is DatabaseError {
  return err instanceof Error && typeof (err as DatabaseError).code === 'string' && 'severity' in err;
}

/** The failure to report for this row, or null when the error is not the data's fault (a real 500). */
export function rowFailure(def: ResourceDef, err: unknown): RowFailure | null {
  if (!isDatabaseError(err) || !err.code) return null;
  // "Key (store_number)=(1001) already exists." / "Key (lower(user_name))=(x)..." / err.column for NOT NULL.
  const column = err.column ?? /Key \((?:\w+\()?(\w+)\)?\)=/.exec(err.detail ?? '')?.[1];
  const field = def.columns.find((c) => c.writes !== undefined && c.writes === column);
  const onField = (message: string): RowFailure =>
    field ? { error: `${field.label}: ${message}`, fields: { [field.name]: message } } : { error: message };
  switch (err.code) {
    case '23505':
      return onField(msg('unique'));
    case '23503':
      // Deleting a row others still point at, or pointing at a row that does not exist.
      return /still referenced/.test(err.detail ?? '') ? { error: msg('gridInUse') } : onField(msg('gridNotInList'));
    case '23502':
      return onField(msg('required'));
    case '23514':
      return { error: msg('gridValuesConflict') };
    default:
      // Class 22: a value the column cannot hold (too long, out of range, not a date).
      return err.code.startsWith('22') ? onField(msg('pattern')) : null;
  }
}
