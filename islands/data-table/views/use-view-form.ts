// What the Views dialog's two forms keeping a view by its name share (a new view: save-view-form.tsx; a view
// renamed: view-item.tsx): the name, checked as it is typed by the rules the server checks with; Save,
// which shows every message and shakes the dialog while the name is refused, else sends the view and reads
// the answer: kept (`onKept`), the server's refusal of the name under it, a view changed or deleted meanwhile
// (`onStale`, when the form has one), or any other refusal above the fields.
import { useMemo, useState, type FormEvent } from 'react';
import type { TableView } from '../../../common/table-views.ts';
import { useDialogForm } from '../dialogs/use-dialog-form.ts';
import type { Answer } from '../json-call.ts';
import { nameField } from './view-fields.tsx';

/** A refusal because the view was changed (409) or deleted (404) since the list was read. */
export const isStale = (status: number | undefined): boolean => status === 404 || status === 409;

interface ViewFormOptions {
  /** The name the field starts with. */
  name: string;
  /** Sends the view under `name` (trimmed, valid by the rules). */
  send(name: string): Promise<Answer<TableView>>;
  onKept(view: TableView): void;
  onStale?(words: string): void;
}

export function useViewForm({ name, send, onKept, onStale }: ViewFormOptions) {
  const fields = useMemo(() => [nameField()], []);
  const { form, values, messages, messageOf, change, showAll, refuse, serverRefused } = useDialogForm(fields, () => ({ Name: name }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (busy) return;
    const dialog = event.currentTarget.closest('dialog');
    showAll(['Name']);
    if (Object.keys(messages).length > 0) return refuse(dialog);
    setBusy(true);
    setError(null);
    const answer = await send(String(values.Name).trim());
    setBusy(false);
    if (answer.ok) return onKept(answer.value);
    if (answer.fields?.Name) {
      serverRefused({ Name: answer.fields.Name });
      return refuse(dialog);
    }
    if (onStale && isStale(answer.status)) onStale(answer.error);
    else setError(answer.error);
  }

  return {
    form,
    busy,
    error,
    save,
    /** The name field's value, message and change, as NameInput takes them. */
    name: { value: String(values.Name ?? ''), message: messageOf('Name'), onChange: (value: string) => change('Name', value) },
  };
}
