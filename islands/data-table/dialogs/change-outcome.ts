// What a change's answer does to the table and the dialog (spec sections 4 and 8): the rows changed are
// marked inserted, updated or removed and the table is read again to show them; those refused are marked
// failed. Rows removed are left in sight, marked, for a moment before the table is read again without them. One notice says it all, as the table shows one at a time: the spec's counts ("1 Record(s) Updated
// Successfully", "1 Record(s) Failed to Update"), then the server's reasons, except those naming fields (the
// dialog shows them on its fields and stays open). A row changed or removed by someone else since it was
// read (the server's "Information NOT found!") closes the dialog and refreshes the table. A table configured
// to leave the refresh to the user (refreshAfterChange: false) reads nothing again: the rows changed show as
// the server stored them, marked, and a row changed meanwhile says "...Refresh for changes". An edit or
// delete that changed rows offers Undo in its notice (undo-change.ts). Given the rows' names, a change of
// several rows names each row a reason concerns (unless the reason is the same for every row).
import { tableMsg, type TableMessageKey } from '../../../common/table-messages.ts';
import type { RowMark, TableHost } from '../table-host.ts';
import type { ChangeAction, ChangeAnswer, RowFailure } from './change-call.ts';
import { sentences } from './sentences.ts';
import { undoAction } from './undo-change.ts';

const outcomeWords: Record<ChangeAction, { mark: RowMark; done: TableMessageKey; failed: TableMessageKey }> = {
  add: { mark: 'inserted', done: 'inserted', failed: 'insertFailed' },
  edit: { mark: 'updated', done: 'updated', failed: 'updateFailed' },
  delete: { mark: 'removed', done: 'removed', failed: 'removeFailed' },
};

/**
 * How long rows removed stay in sight, marked, before the table is read again without them: read at once,
 * they went as soon as they were marked (a list call takes some tens of milliseconds), and nobody saw which
 * rows went. Two seconds let a person find them, and are short enough not to be taken for rows still there.
 */
export const REMOVED_ROWS_SHOWN_MS = 2000;

export interface DialogOutcome {
  /** Whether the dialog's work is over: everything went through, it was a delete, or the table must be read again. */
  close: boolean;
  /** The server's messages by field name, for the dialog to show on its fields. */
  fields: Record<string, string>;
  /** A reason that names no field, for the dialog to show above its fields. */
  error: string | null;
}

/** A row gone or changed since it was read: the server says so apart from its words, which a language file may change. */
const isConflict = (failure: RowFailure): boolean => failure.conflict === true;

export function applyAnswer(host: TableHost, action: ChangeAction, answer: ChangeAnswer, names?: (key: unknown) => string): DialogOutcome {
  const words = outcomeWords[action];
  if (answer.Error !== null) {
    host.notify(answer.Error, 'error');
    return { close: action === 'delete', fields: {}, error: answer.Error };
  }
  const done = answer.Succeed.length;
  const failed = answer.Failed;
  if (done > 0) host.markRows(answer.Succeed, words.mark);
  const failedKeys = failed.map((f) => f.key).filter((key) => key !== null && key !== undefined);
  if (failedKeys.length > 0) host.markRows(failedKeys, 'failed');
  const conflict = failed.some(isConflict);
  const refreshes = host.config.refreshAfterChange !== false;
  if (!refreshes) host.showRows(answer.Data);
  else if (done > 0 || conflict) void host.refresh(action === 'delete' && done > 0 ? REMOVED_ROWS_SHOWN_MS : 0);
  const undo = action !== 'add' && done > 0 && answer.UndoID !== undefined ? undoAction(host, action, answer.UndoID) : undefined;
  if (failed.length === 0) {
    host.notify(tableMsg(words.done, done), 'success', undo);
    return { close: true, fields: {}, error: null };
  }

  const fields: Record<string, string> = {};
  const reasons = new Set<string>();
  // A change of one row needs no name; nor does a reason every row failed for.
  const sameForEvery = failed.length > 1 && failed.every((f) => f.error === failed[0]!.error);
  const naming = names !== undefined && done + failed.length > 1 && !sameForEvery;
  for (const failure of failed) {
    if (isConflict(failure)) reasons.add(tableMsg(refreshes ? 'notFoundRefreshed' : 'notFoundRefresh'));
    else {
      const hasFields = failure.fields !== undefined && Object.keys(failure.fields).length > 0;
      if (hasFields) Object.assign(fields, failure.fields);
      if (naming) reasons.add(tableMsg('rowFailure', names(failure.key), failure.error));
      else if (!hasFields) reasons.add(failure.error);
    }
  }
  const counts = [...(done > 0 ? [tableMsg(words.done, done)] : []), tableMsg(words.failed, failed.length)];
  host.notify(sentences([...counts, ...reasons]), 'error', undo);
  if (conflict) return { close: true, fields: {}, error: null };
  const error = reasons.size > 0 ? [...reasons].join(' ') : null;
  return { close: action === 'delete', fields, error };
}
