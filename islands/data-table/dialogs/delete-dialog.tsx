// The delete dialog (spec section 5): a button dialog asking "Are you sure you want to delete N record(s)?",
// the rows named under the question (a few, then "and N more": row-names.ts), so a person sees what goes.
// Focus starts on Cancel, the choice that loses nothing (APG); Delete sends the rows' keys and versions
// and closes once the answer is shown on the table (change-outcome.ts).
import { useId, useState } from 'react';
import { msg } from '../../../common/messages.ts';
import { tableMsg } from '../../../common/table-messages.ts';
import type { Row } from '../../../common/table-config.ts';
import type { TableHost } from '../table-host.ts';
import { sendChange } from './change-call.ts';
import { applyAnswer } from './change-outcome.ts';
import { deleteBody } from './dialog-values.ts';
import { namedRows, namesByKey } from './row-names.ts';
import { ModalDialog } from './modal-dialog.tsx';
import type { CloseDialog } from './open-dialog.tsx';

interface DeleteDialogProps {
  host: TableHost;
  rows: ReadonlyArray<Row>;
  close: CloseDialog;
}

export function DeleteDialog({ host, rows, close }: DeleteDialogProps) {
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const questionId = useId();
  const namesId = useId();

  async function remove(): Promise<void> {
    if (busy) return;
    setBusy(true);
    const answer = await sendChange(host.config.listUrl, 'delete', deleteBody(host.config, rows));
    applyAnswer(host, 'delete', answer, namesByKey(host.config, rows));
    // With every row gone from the table, nothing is selected and Delete is disabled: focus goes to the table.
    close(answer.Succeed.length === rows.length);
  }

  return (
    <ModalDialog titleId={titleId} describedBy={`${questionId} ${namesId}`} size="buttons" onClose={close}>
      <h2 id={titleId}>{tableMsg('dialogDeleteTitle', host.config.title)}</h2>
      <p id={questionId}>{tableMsg('deleteConfirm', rows.length)}</p>
      <ul className="dialog-row-names" id={namesId}>
        {namedRows(host.config, rows).map((name, i) => (
          // Names may repeat (two stores of one name): the place keeps each apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn once, never reordered
          <li key={i}>{name}</li>
        ))}
      </ul>
      <div className="dialog-actions">
        <button type="button" className="danger" aria-disabled={busy} onClick={remove}>
          {busy ? tableMsg('dialogSaving') : tableMsg('tableDelete')}
        </button>
        <button type="button" data-initial-focus onClick={close}>
          {msg('cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}
