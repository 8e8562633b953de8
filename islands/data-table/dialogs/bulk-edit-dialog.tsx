// The bulk edit dialog (issue 39): with several rows selected, Edit opens one dialog where the person ticks
// the fields to set (a checkbox per field, its field shown once ticked) and gives their values; only those
// are sent, with every row's key and version (the spec's plural keys), and the server checks each row on its
// own (its rules, its version). The rows that went in are marked updated, the others failed, and the notice
// counts both, naming the row of each reason (change-outcome.ts), with Undo. Save with no field ticked, or
// with a ticked field invalid, shows the messages and shakes, as the other dialogs do. A password is not
// set for many rows at once: the dialog leaves it out.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { tableMsg } from '../../../common/table-messages.ts';
import type { Row } from '../../../common/table-config.ts';
import type { TableHost } from '../table-host.ts';
import { sendChange } from './change-call.ts';
import { applyAnswer } from './change-outcome.ts';
import { DialogField } from './dialog-field.tsx';
import { bulkEditBody, dialogFields, sharedValues } from './dialog-values.ts';
import { ModalDialog } from './modal-dialog.tsx';
import { SaveActions } from './save-actions.tsx';
import { namesByKey } from './row-names.ts';
import { useDialogForm } from './use-dialog-form.ts';

interface BulkEditDialogProps {
  host: TableHost;
  rows: ReadonlyArray<Row>;
  close(): void;
}

export function BulkEditDialog({ host, rows, close }: BulkEditDialogProps) {
  const { config } = host;
  const fields = useMemo(() => dialogFields(config, 'edit').filter((f) => f.kind !== 'password'), [config]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const chosenFields = useMemo(() => fields.filter((f) => chosen.has(f.name)), [fields, chosen]);
  // Only the fields ticked are checked; with none ticked, a refused save puts focus on the first checkbox.
  const { form, values, messages, messageOf, change, showAll, refuse, serverRefused } = useDialogForm(
    chosenFields,
    () => sharedValues(fields, rows),
    '.bulk-field input',
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const hintId = useId();

  function choose(name: string, on: boolean): void {
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
    setError(null);
  }

  async function save(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (busy) return;
    showAll(chosen);
    if (chosen.size === 0 || Object.keys(messages).length > 0) {
      if (chosen.size === 0) setError(tableMsg('bulkEditNone'));
      return refuse(event.currentTarget.closest('dialog'));
    }
    setBusy(true);
    setError(null);
    const answer = await sendChange(config.listUrl, 'edit', bulkEditBody(config, rows, values, chosen));
    const outcome = applyAnswer(host, 'edit', answer, namesByKey(config, rows));
    setBusy(false);
    // Any row that went in ends the dialog: sent again, it would find those rows at a newer version.
    if (outcome.close || answer.Succeed.length > 0) return close();
    setError(outcome.error);
    serverRefused(Object.fromEntries(Object.entries(outcome.fields).filter(([name]) => chosen.has(name))));
  }

  return (
    <ModalDialog titleId={titleId} describedBy={hintId} size="form" onClose={close}>
      <form ref={form} className="row-dialog-form" noValidate onSubmit={save} aria-busy={busy}>
        <h2 id={titleId}>{tableMsg('bulkEditTitle', rows.length, config.title)}</h2>
        <p className="field-hint" id={hintId}>
          {tableMsg('bulkEditHint')}
        </p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <fieldset className="bulk-fields">
          <legend>{tableMsg('bulkEditFields')}</legend>
          {fields.map((field) => (
            <div className="bulk-field" key={field.name}>
              <label className="check">
                <input type="checkbox" checked={chosen.has(field.name)} onChange={(e) => choose(field.name, e.target.checked)} />{' '}
                {tableMsg('bulkEditSet', field.label)}
              </label>
              {chosen.has(field.name) && (
                <DialogField
                  field={field}
                  value={values[field.name] ?? ''}
                  message={messageOf(field.name)}
                  listUrl={config.listUrl}
                  onChange={(value) => change(field.name, value)}
                />
              )}
            </div>
          ))}
        </fieldset>
        <SaveActions busy={busy} onCancel={close} />
      </form>
    </ModalDialog>
  );
}
