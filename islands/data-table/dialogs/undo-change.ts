// Undo of a table change (issue 39): the notice of an edit or delete that changed rows offers Undo for
// UNDO_SECONDS (common/undo.ts); Undo asks the server to put the rows back (POST <list URL>/undo), which
// checks each row as any write and leaves one changed since. The rows put back are marked (updated, or
// inserted for rows deleted) and the table read again; the notice counts those restored and those not, with
// the server's reason for each (naming the row).
import { UNDO_SECONDS } from '../../../common/undo.ts';
import { tableMsg } from '../../../common/table-messages.ts';
import type { NoticeAction, TableHost } from '../table-host.ts';
import { sendUndo, type ChangeAction } from './change-call.ts';
import { sentences } from './sentences.ts';

export function undoAction(host: TableHost, action: Exclude<ChangeAction, 'add'>, undoId: number): NoticeAction {
  return { label: tableMsg('undo'), seconds: UNDO_SECONDS, run: () => void undoChange(host, action, undoId) };
}

async function undoChange(host: TableHost, action: Exclude<ChangeAction, 'add'>, undoId: number): Promise<void> {
  host.notify(tableMsg('undoing'), 'info');
  const answer = await sendUndo(host.config.listUrl, undoId);
  if (answer.Error !== null) {
    host.notify(answer.Error, 'error');
    return;
  }
  const done = answer.Succeed.length;
  const failed = answer.Failed;
  if (done > 0) host.markRows(answer.Succeed, action === 'delete' ? 'inserted' : 'updated');
  const failedKeys = failed.map((f) => f.key).filter((key) => key !== null && key !== undefined);
  if (failedKeys.length > 0) host.markRows(failedKeys, 'failed');
  if (host.config.refreshAfterChange === false) host.showRows(answer.Data);
  else void host.refresh();
  const counts = [...(done > 0 ? [tableMsg('restored', done)] : []), ...(failed.length ? [tableMsg('restoreFailed', failed.length)] : [])];
  host.notify(sentences([...counts, ...new Set(failed.map((f) => f.error))]), failed.length ? 'error' : 'success');
}
