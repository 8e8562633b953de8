// What an audit entry changed, field by field, as people read it: an edit lists the fields whose value
// moved (before and after), an addition the values it stored, a deletion the values it removed.
import type { AuditEntry } from './query.ts';

export interface FieldChange {
  field: string;
  /** null where the record had no value on that side (an addition's before, a deletion's after). */
  before: string | null;
  after: string | null;
}

function shown(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function fieldChanges(entry: Pick<AuditEntry, 'Before' | 'After'>): FieldChange[] {
  const before = entry.Before ?? {};
  const after = entry.After ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.flatMap((field) => {
    const was = entry.Before && Object.hasOwn(before, field) ? shown(before[field]) : null;
    const is = entry.After && Object.hasOwn(after, field) ? shown(after[field]) : null;
    return was === is ? [] : [{ field, before: was, after: is }];
  });
}
