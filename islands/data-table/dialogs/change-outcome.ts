// What a change's answer does to the table and the dialog (spec sections 4 and 8): the rows changed are
// marked inserted, updated or removed and counted in a success notice; those refused are marked failed and
// counted in a failure notice, with the server's reason shown as a failure unless it names fields (then the
// dialog shows it on them and stays open). A row changed or removed by someone else since it was read
// (the server's "Information NOT found!") closes the dialog and refreshes the table.
import { defaultMessages, msg, type MessageKey } from '../../../common/messages.ts';
import type { RowMark, TableHost } from '../table-host.ts';
import type { ChangeAction, ChangeAnswer } from './change-call.ts';

const outcomeWords: Record<ChangeAction, { mark: RowMark; done: MessageKey; failed: MessageKey }> = {
  add: { mark: 'inserted', done: 'inserted', failed: 'insertFailed' },
  edit: { mark: 'updated', done: 'updated', failed: 'updateFailed' },
  delete: { mark: 'removed', done: 'removed', failed: 'removeFailed' },
};

export interface DialogOutcome {
  /** Whether the dialog's work is over: everything went through, it was a delete, or the table must be read again. */
  close: boolean;
  /** The server's messages by field name, for the dialog to show on its fields. */
  fields: Record<string, string>;
  /** A reason that names no field, for the dialog to show above its fields. */
  error: string | null;
}

/**
 * The server speaks its default language whatever the browser's language file says, so a row gone or
 * changed since it was read is known by the server's own words; the user reads them in theirs.
 */
const isConflict = (error: string): boolean => error === defaultMessages.notFoundRefreshed;

export function applyAnswer(host: TableHost, action: ChangeAction, answer: ChangeAnswer): DialogOutcome {
  const words = outcomeWords[action];
  if (answer.Error !== null) {
    host.notify(answer.Error, 'error');
    return { close: action === 'delete', fields: {}, error: answer.Error };
  }
  if (answer.Succeed.length > 0) {
    host.markRows(answer.Succeed, words.mark);
    host.notify(msg(words.done, answer.Succeed.length), 'success');
  }
  const failed = answer.Failed;
  if (failed.length === 0) return { close: true, fields: {}, error: null };

  const failedKeys = failed.map((f) => f.key).filter((key) => key !== null && key !== undefined);
  if (failedKeys.length > 0) host.markRows(failedKeys, 'failed');
  host.notify(msg(words.failed, failed.length), 'error');
  if (failed.some((f) => isConflict(f.error))) {
    host.notify(msg('notFoundRefreshed'), 'error');
    void host.refresh();
    return { close: true, fields: {}, error: null };
  }
  const fields: Record<string, string> = {};
  const reasons = new Set<string>();
  for (const failure of failed) {
    if (failure.fields && Object.keys(failure.fields).length > 0) Object.assign(fields, failure.fields);
    else reasons.add(failure.error);
  }
  for (const reason of reasons) host.notify(reason, 'error');
  const error = reasons.size > 0 ? [...reasons].join(' ') : null;
  return { close: action === 'delete', fields, error };
}
