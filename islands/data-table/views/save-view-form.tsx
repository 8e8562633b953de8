// The Views dialog's form keeping the table as it is now as a new view of the person's: a name (refused in
// place when empty or too long as it is typed, or taken: the server's message under the field), shared with
// their group or not, opening the table or not. Once kept, the table shows that view (its state is the
// table's) and the dialog closes.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { tableMsg } from '../../../common/table-messages.ts';
import { viewStateOf, type TableView } from '../../../common/table-views.ts';
import { viewMsg } from '../../../common/view-messages.ts';
import { useDialogForm } from '../dialogs/use-dialog-form.ts';
import type { TableHost } from '../table-host.ts';
import { DefaultCheck, NameInput, nameField, ShareCheck } from './view-fields.tsx';
import { addView } from './views-api.ts';

interface SaveViewFormProps {
  host: TableHost;
  onSaved(view: TableView, isDefault: boolean): void;
}

export function SaveViewForm({ host, onSaved }: SaveViewFormProps) {
  const fields = useMemo(() => [nameField()], []);
  const { form, values, messages, messageOf, change, showAll, refuse, serverRefused } = useDialogForm(fields, () => ({ Name: '' }));
  const [shared, setShared] = useState(false);
  const [isDefault, setDefault] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  async function save(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (busy) return;
    const dialog = event.currentTarget.closest('dialog');
    showAll(['Name']);
    if (Object.keys(messages).length > 0) return refuse(dialog);
    setBusy(true);
    setError(null);
    const name = String(values.Name).trim();
    const state = viewStateOf(host.state());
    const answer = await addView({ Table: host.config.resource, Name: name, Shared: shared, State: state, IsDefault: isDefault });
    setBusy(false);
    if (answer.ok) return onSaved(answer.value, isDefault);
    if (answer.fields?.Name) {
      serverRefused({ Name: answer.fields.Name });
      return refuse(dialog);
    }
    setError(answer.error);
  }

  return (
    <form ref={form} className="row-dialog-form views-save" noValidate onSubmit={save} aria-labelledby={headingId} aria-busy={busy}>
      <h3 id={headingId}>{viewMsg('viewsSaveHeading')}</h3>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <NameInput value={String(values.Name ?? '')} message={messageOf('Name')} onChange={(v) => change('Name', v)} />
      <ShareCheck checked={shared} onChange={setShared} />
      <DefaultCheck checked={isDefault} onChange={setDefault} />
      <div className="dialog-actions">
        <button type="submit" className="primary" aria-disabled={busy}>
          {busy ? tableMsg('dialogSaving') : viewMsg('viewSave')}
        </button>
      </div>
    </form>
  );
}
