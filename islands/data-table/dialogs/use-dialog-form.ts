// The state a row dialog's form keeps (row-form-dialog.tsx, bulk-edit-dialog.tsx): the values, which fields
// were modified (a field's message shows only then), the shared rules' messages over the fields checked, the
// server's messages by field, and after each refused save focus on the first field at fault (or `fallback`)
// once it shows its message, the dialog shaken.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormField } from '../../../common/form-definition.ts';
import { shake } from '../../shell/shake.ts';
import { ruleMessages, type DialogValues } from './dialog-values.ts';

export function useDialogForm(checked: ReadonlyArray<FormField>, start: () => DialogValues, fallback?: string) {
  const [values, setValues] = useState<DialogValues>(start);
  const [modified, setModified] = useState<ReadonlySet<string>>(() => new Set());
  const [serverMessages, setServerMessages] = useState<Record<string, string>>({});
  /** Counts refused saves: after each, focus goes to the first field at fault, once it shows its message. */
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const messages = useMemo(() => ruleMessages(checked, values), [checked, values]);

  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>(['[aria-invalid="true"]', fallback].filter(Boolean).join(', '))?.focus();
  }, [refusals, fallback]);

  return {
    form,
    values,
    messages,
    messageOf: (name: string): string | null => (modified.has(name) ? (serverMessages[name] ?? messages[name] ?? null) : null),
    change(name: string, value: string | boolean): void {
      setValues((old) => ({ ...old, [name]: value }));
      setModified((old) => new Set(old).add(name));
      setServerMessages(({ [name]: _, ...others }) => others);
    },
    /** Every field's message shows from now on (a save was asked). */
    showAll(names: Iterable<string>): void {
      setModified(new Set(names));
    },
    /** A save refused in the dialog: it shakes, and focus goes to the first field at fault. */
    refuse(dialog: Element | null): void {
      if (dialog) shake(dialog);
      setRefusals((n) => n + 1);
    },
    /** The server's messages on the fields shown; focus goes to the first, as after a refused save. */
    serverRefused(fields: Record<string, string>): void {
      setServerMessages(fields);
      if (Object.keys(fields).length > 0) setRefusals((n) => n + 1);
    },
  };
}
