// What an add, edit or delete through the table API answers: { Succeed, Failed, Data, Error }, made from each
// request row's outcome (several rows stored for one row of an add to a group: change-rows.ts).
import type { Row } from '../../resources/resource-def.ts';
import type { RowWritten } from './change-follow-up.ts';
import type { RowFailure } from './db-errors.ts';

export interface MutationResult {
  Succeed: number[];
  Failed: Array<{ key: number | null } & RowFailure>;
  Data: Row[];
  Error: string | null;
  /** An undoable edit or delete that changed rows: the id its undo names (undo-rows.ts). */
  UndoID?: number;
}

/** One request row's outcome: the rows it wrote (an add to a group stores several at once), or why none. */
export type Outcome = { ok: true; done: RowWritten[] } | { ok: false; key: number | null; failure: RowFailure };

export function result(outcomes: Outcome[]): MutationResult {
  return {
    Succeed: outcomes.flatMap((o) => (o.ok ? o.done.map((d) => d.key) : [])),
    Failed: outcomes.flatMap((o) => (o.ok ? [] : [{ key: o.key, ...o.failure }])),
    Data: outcomes.flatMap((o) => (o.ok ? o.done.flatMap((d) => (d.row ? [d.row] : [])) : [])),
    Error: null,
  };
}
