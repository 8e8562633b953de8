// The insert and update dialogs (spec sections 4 and 5), built from the table's fields: each validated as
// the user types with the shared rules, its message shown once it is modified. Save while any field is
// invalid shows every message, shakes the dialog and moves focus to the first field at fault; otherwise it
// sends the change and reads the answer (change-outcome.ts): the server's field messages show on their
// fields and the dialog stays open; otherwise it closes, unless the add issued a secret (an API token):
// then the dialog shows it, once, to be copied (secret-shown.tsx).
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { SecretShown as SecretShownView } from './secret-shown.tsx';
import { rowName } from '../../../common/resources/types.ts';
import { tableMsg } from '../../../common/table-messages.ts';
import type { Row } from '../../../common/table-config.ts';
import type { TableHost } from '../table-host.ts';
import { sendChange } from './change-call.ts';
import { applyAnswer } from './change-outcome.ts';
import { DialogField } from './dialog-field.tsx';
import { addBody, dialogFields, editBody, startValues } from './dialog-values.ts';
import { ModalDialog } from './modal-dialog.tsx';
import { SaveActions } from './save-actions.tsx';
import { useDialogForm } from './use-dialog-form.ts';

interface RowFormDialogProps {
  host: TableHost;
  /** The row to edit; none for an insert. */
  row?: Row;
  close(): void;
}

export function RowFormDialog({ host, row, close }: RowFormDialogProps) {
  const { config } = host;
  const action = row ? 'edit' : 'add';
  const fields = useMemo(() => dialogFields(config, action), [config, action]);
  const { form, values, messages, messageOf, change, showAll, refuse, serverRefused } = useDialogForm(fields, () =>
    startValues(fields, row),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The secret the add issued, shown once before the dialog closes, and its view (loaded then: few tables issue one). */
  const [secret, setSecret] = useState<{ text: string; View: typeof SecretShownView } | null>(null);
  // A table that issues a secret asks for its view as the dialog opens: the secret is shown only once, and must
  // not wait on (or be lost to) a module that fails to come after the add has stored it.
  useEffect(() => {
    if (config.showsSecret && !row) void import('./secret-shown.tsx').catch(() => undefined);
  }, [config.showsSecret, row]);
  const titleId = useId();
  // An edit names its row, as the table does (its naming columns), so a person sees which one they change.
  const named = row ? rowName(config, row) : '';
  const title = !row
    ? tableMsg('dialogAddTitle', config.title)
    : named
      ? tableMsg('dialogEditRowTitle', named, config.title)
      : tableMsg('dialogEditTitle', config.title);

  async function save(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (busy) return;
    showAll(fields.map((f) => f.name));
    if (Object.keys(messages).length > 0) return refuse(event.currentTarget.closest('dialog'));
    setBusy(true);
    setError(null);
    const answer = await sendChange(config.listUrl, action, row ? editBody(config, row, values) : addBody(config, values));
    const outcome = applyAnswer(host, action, answer);
    setBusy(false);
    const issued = config.showsSecret && action === 'add' ? answer.Data[0]?.[config.showsSecret] : undefined;
    if (outcome.close && typeof issued === 'string') {
      const { SecretShown } = await import('./secret-shown.tsx');
      return setSecret({ text: issued, View: SecretShown });
    }
    if (outcome.close) return close();
    // A message for a field this dialog does not show is said above the fields.
    const shown = Object.entries(outcome.fields).filter(([name]) => fields.some((f) => f.name === name));
    const unshown = Object.entries(outcome.fields).filter(([name]) => !fields.some((f) => f.name === name));
    setError([outcome.error, ...unshown.map(([, message]) => message)].filter(Boolean).join(' ') || null);
    serverRefused(Object.fromEntries(shown));
  }

  if (secret !== null)
    return (
      <ModalDialog titleId={titleId} size="form" onClose={close}>
        <secret.View titleId={titleId} secret={secret.text} done={close} />
      </ModalDialog>
    );

  return (
    <ModalDialog titleId={titleId} size="form" onClose={close}>
      <form ref={form} className="row-dialog-form" noValidate onSubmit={save} aria-busy={busy}>
        <h2 id={titleId}>{title}</h2>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {fields.map((field) => (
          <DialogField
            key={field.name}
            field={field}
            value={values[field.name] ?? ''}
            message={messageOf(field.name)}
            listUrl={config.listUrl}
            onChange={(value) => change(field.name, value)}
          />
        ))}
        <SaveActions busy={busy} onCancel={close} />
      </form>
    </ModalDialog>
  );
}
