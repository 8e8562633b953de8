// The fields a view is kept with, in the Views dialog's two forms (a new view; a view renamed): its name,
// checked as the person types by the rules the server checks with (common/table-views.ts), and the
// checkboxes sharing it with the group (with what that means, said under it) and opening the table with it.
import { useId } from 'react';
import type { FormField } from '../../../common/form-definition.ts';
import { viewNameRules } from '../../../common/table-views.ts';
import { viewMsg } from '../../../common/view-messages.ts';
import { DialogField } from '../dialogs/dialog-field.tsx';

/** The name's field, in the words of the moment. */
export const nameField = (): FormField => ({ name: 'Name', label: viewMsg('viewName'), kind: 'text', rules: viewNameRules });

interface NameInputProps {
  value: string;
  message: string | null;
  onChange(value: string): void;
}

export function NameInput({ value, message, onChange }: NameInputProps) {
  return <DialogField field={nameField()} value={value} message={message} listUrl="" onChange={(v) => onChange(String(v))} />;
}

interface CheckProps {
  checked: boolean;
  onChange(checked: boolean): void;
}

export function ShareCheck({ checked, onChange }: CheckProps) {
  const hint = useId();
  return (
    <div className="field view-check">
      <label className="check">
        <input type="checkbox" name="Shared" checked={checked} aria-describedby={hint} onChange={(e) => onChange(e.target.checked)} />{' '}
        {viewMsg('viewShare')}
      </label>
      <p className="field-hint" id={hint}>
        {viewMsg('viewShareHint')}
      </p>
    </div>
  );
}

/** A refusal said above a form's fields, or nothing. */
export function FormError({ error }: { error: string | null }) {
  return error ? (
    <p className="form-error" role="alert">
      {error}
    </p>
  ) : null;
}

export function DefaultCheck({ checked, onChange }: CheckProps) {
  return (
    <div className="field view-check">
      <label className="check">
        <input type="checkbox" name="IsDefault" checked={checked} onChange={(e) => onChange(e.target.checked)} />{' '}
        {viewMsg('viewMakeDefault')}
      </label>
    </div>
  );
}
