// What the Views dialog's two forms keeping a view by its name share (a new view: save-view-form.tsx; a view
// renamed: view-item.tsx): the name, checked as the server checks it (common/view-names.ts), its message
// shown once it is modified (spec section 4); Save, which shows the message, shakes the dialog and puts the
// focus on the name while it is refused (empty or too long here; taken, by the server), else sends the view
// and reads the answer: kept (`onKept`), a view changed or deleted meanwhile (`onStale`, when the form has
// one), or any other refusal above the fields.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TableView } from '../../../common/table-views.ts';
import { viewNameProblem } from '../../../common/view-names.ts';
import { shake } from '../../shell/shake.ts';
import type { Answer } from '../json-call.ts';

/** A refusal because the view was changed (409) or deleted (404) since the list was read. */
export const isStale = (status: number | undefined): boolean => status === 404 || status === 409;

interface ViewFormOptions {
  /** The name the field starts with. */
  name: string;
  /** Sends the view under `name` (valid here; the server trims it). */
  send(name: string): Promise<Answer<TableView>>;
  onKept(view: TableView): void;
  onStale?(words: string): void;
}

export function useViewForm({ name: start, send, onKept, onStale }: ViewFormOptions) {
  const [name, setName] = useState(start);
  const [modified, setModified] = useState(false);
  /** The server's refusal of the name, shown until it is changed. */
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Counts refused saves: after each, the focus goes to the name, once it shows its message. */
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const problem = viewNameProblem(name);
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const refuse = (dialog: Element | null) => {
    if (dialog) shake(dialog);
    setRefusals((n) => n + 1);
  };

  async function save(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (busy) return;
    const dialog = event.currentTarget.closest('dialog');
    setModified(true);
    if (problem) return refuse(dialog);
    setBusy(true);
    setError(null);
    const answer = await send(name);
    setBusy(false);
    if (answer.ok) return onKept(answer.value);
    if (answer.fields?.Name) {
      setRefused(answer.fields.Name);
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
    name: {
      value: name,
      message: modified ? (refused ?? problem) : null,
      onChange(value: string) {
        setName(value);
        setModified(true);
        setRefused(null);
      },
    },
  };
}
