// The fields a view is kept with, in the Views dialog's two forms (a new view; a view renamed): its name
// (required, marked as the row dialogs' fields are, its message under it once modified: use-view-form.ts),
// and the checkboxes sharing it with the group (with what that means, said under it) and opening the table
// with it. Drawn here, not by the row dialogs' field (dialogs/dialog-field.tsx), which would split that
// code from theirs into a chunk of its own, heavier on every table screen that opens a dialog.
import { useId } from 'react';
import { msg } from '../../../common/messages.ts';
import { viewMsg } from '../../../common/view-messages.ts';

interface NameInputProps {
  value: string;
  message: string | null;
  onChange(value: string): void;
}

export function NameInput({ value, message, onChange }: NameInputProps) {
  const id = useId();
  return (
    <div className="field field-text">
      <label htmlFor={id}>
        {viewMsg('viewName')}
        <span className="field-required" aria-hidden="true">
          {' '}
          {msg('fieldRequired')}
        </span>
      </label>
      <input
        id={id}
        name="Name"
        type="text"
        autoComplete="off"
        value={value}
        aria-required
        aria-invalid={message !== null}
        aria-describedby={`${id}message`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p className="field-message" id={`${id}message`} aria-live="polite">
        {message}
      </p>
    </div>
  );
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
