// The Save and Cancel buttons a form dialog ends with (insert, update, bulk edit): Save says it is saving
// while the change is on its way (and does nothing more meanwhile: the dialog ignores a second submit).
import { msg } from '../../../common/messages.ts';
import { tableMsg } from '../../../common/table-messages.ts';

export function SaveActions({ busy, onCancel }: { busy: boolean; onCancel(): void }) {
  return (
    <div className="dialog-actions">
      <button type="submit" aria-disabled={busy}>
        {busy ? tableMsg('dialogSaving') : tableMsg('dialogSave')}
      </button>
      <button type="button" onClick={onCancel}>
        {msg('cancel')}
      </button>
    </div>
  );
}
