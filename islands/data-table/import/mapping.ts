// What is wrong with a column match before the rows are checked: no column matched at all, or one field
// chosen for two columns, stop the check (the server could not tell which to take); a required field no
// column gives is said, but the check goes on (its rows are refused, with their messages, in the preview).
import { importMsg } from '../../../common/import-messages.ts';
import type { ImportField } from './import-api.ts';

export interface MappingProblems {
  /** Why the rows cannot be checked under this match, or null. */
  stop: string | null;
  /** What the match will cost (required fields no column gives). */
  notes: string[];
}

export function mappingProblems(mapping: ReadonlyArray<string | null>, fields: ReadonlyArray<ImportField>): MappingProblems {
  const label = (name: string) => fields.find((f) => f.Name === name)?.Label ?? name;
  const chosen = mapping.filter((name): name is string => name !== null);
  const twice = chosen.find((name, i) => chosen.indexOf(name) !== i);
  const stop =
    chosen.length === 0
      ? importMsg('importDialogMatchNone')
      : twice !== undefined
        ? importMsg('importDialogMatchTwice', label(twice))
        : null;
  const notes = fields.filter((f) => f.Required && !chosen.includes(f.Name)).map((f) => importMsg('importDialogMatchMissing', f.Label));
  return { stop, notes };
}
