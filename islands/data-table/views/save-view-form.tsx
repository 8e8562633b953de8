// The Views dialog's form keeping the table as it is now as a new view of the person's: a name (refused in
// place when empty or too long as it is typed, or taken: the server's message under the field), shared with
// their group or not, opening the table or not. Once kept, the table shows that view (its state is the
// table's) and the dialog closes.
import { useId, useState } from 'react';
import { tableMsg } from '../../../common/table-messages.ts';
import { viewStateOf, type TableView } from '../../../common/table-views.ts';
import { viewMsg } from '../../../common/view-messages.ts';
import type { TableHost } from '../table-host.ts';
import { DefaultCheck, FormError, NameInput, ShareCheck } from './view-fields.tsx';
import { useViewForm } from './use-view-form.ts';
import { addView } from './views-api.ts';

interface SaveViewFormProps {
  host: TableHost;
  onSaved(view: TableView): void;
}

export function SaveViewForm({ host, onSaved }: SaveViewFormProps) {
  const [shared, setShared] = useState(false);
  const [isDefault, setDefault] = useState(false);
  const headingId = useId();
  const { form, busy, error, save, name } = useViewForm({
    name: '',
    send: (name) =>
      addView({ Table: host.config.resource, Name: name, Shared: shared, State: viewStateOf(host.state()), IsDefault: isDefault }),
    onKept: onSaved,
  });

  return (
    <form ref={form} className="row-dialog-form views-save" noValidate onSubmit={save} aria-labelledby={headingId} aria-busy={busy}>
      <h3 id={headingId}>{viewMsg('viewsSaveHeading')}</h3>
      <FormError error={error} />
      <NameInput {...name} />
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
