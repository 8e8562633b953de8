// The bulk edit dialog (issue 39): with several rows selected, Edit opens one dialog where the person ticks
// the fields to set (a checkbox per field, its field shown once ticked) and gives their values; only those
// are sent, with every row's key and version (the spec's plural keys), and the server checks each row on its
// own (its rules, its version). The rows that went in are marked updated, the others failed, and the notice
// counts both, naming the row of each reason (change-outcome.ts), with Undo. Save with no field ticked, or
// with a ticked field invalid, shows the messages and shakes, as the other dialogs do. A password is not
// set for many rows at once: the dialog leaves it out.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { msg } from '../../../common/messages.ts';
import { tableMsg } from '../../../common/table-messages.ts';
import type { Row } from '../../../common/table-config.ts';
import { shake } from '../../shell/shake.ts';
import type { TableHost } from '../table-host.ts';
import { sendChange } from './change-call.ts';
import { applyAnswer } from './change-outcome.ts';
import { DialogField } from './dialog-field.tsx';
import { bulkEditBody, dialogFields, ruleMessages, sharedValues, type DialogValues } from './dialog-values.ts';
import { ModalDialog } from './modal-dialog.tsx';
import { namesByKey } from './row-names.ts';

interface BulkEditDialogProps {
  host: TableHost;
  rows: ReadonlyArray<Row>;
  close(): void;
}

export function BulkEditDialog({ host, rows, close }: BulkEditDialogProps) {
  const { config } = host;
  const fields = useMemo(() => dialogFields(config, 'edit').filter((f) => f.kind !== 'password'), [config]);
  const [values, setValues] = useState<DialogValues>(() => sharedValues(fields, rows));
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const [modified, setModified] = useState<ReadonlySet<string>>(() => new Set());
  const [serverMessages, setServerMessages] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const hintId = useId();

  const chosenFields = useMemo(() => fields.filter((f) => chosen.has(f.name)), [fields, chosen]);
  const messages = useMemo(() => ruleMessages(chosenFields, values), [chosenFields, values]);
  const messageOf = (name: string): string | null => (modified.has(name) ? (serverMessages[name] ?? messages[name] ?? null) : null);

  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .bulk-field input')?.focus();
  }, [refusals]);

  function choose(name: string, on: boolean): void {
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
    setError(null);
  }

  function change(name: string, value: string | boolean): void {
    setValues((old) => ({ ...old, [name]: value }));
    setModified((old) => new Set(old).add(name));
    setServerMessages(({ [name]: _, ...others }) => others);
  }

  async function save(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (busy) return;
    const dialog = event.currentTarget.closest('dialog');
    setModified(new Set(chosen));
    if (chosen.size === 0 || Object.keys(messages).length > 0) {
      if (chosen.size === 0) setError(tableMsg('bulkEditNone'));
      if (dialog) shake(dialog);
      setRefusals((n) => n + 1);
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await sendChange(config.listUrl, 'edit', bulkEditBody(config, rows, values, chosen));
    const outcome = applyAnswer(host, 'edit', answer, namesByKey(config, rows));
    setBusy(false);
    // Any row that went in ends the dialog: sent again, it would find those rows at a newer version.
    if (outcome.close || answer.Succeed.length > 0) return close();
    const shown = Object.entries(outcome.fields).filter(([name]) => chosen.has(name));
    setServerMessages(Object.fromEntries(shown));
    setError(outcome.error);
    if (shown.length > 0) setRefusals((n) => n + 1);
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
        <div className="dialog-actions">
          <button type="submit" aria-disabled={busy}>
            {busy ? tableMsg('dialogSaving') : tableMsg('dialogSave')}
          </button>
          <button type="button" onClick={close}>
            {msg('cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
