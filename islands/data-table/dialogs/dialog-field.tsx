// One field of an insert or update dialog, drawn from its definition as the server draws its forms
// (views/_field.eta): the label (a visible marker when required, which screen readers hear as
// aria-required), the hint, the control of its kind (a select of its fixed choices, or of another
// resource's rows: choice-select.tsx), and the slot its message shows in once it is modified.
import { useId, type ChangeEvent } from 'react';
import { hintText, type FormField } from '../../../common/form-definition.ts';
import { msg } from '../../../common/messages.ts';
import { ChoiceChecks } from './choice-checks.tsx';
import { ChoiceSelect } from './choice-select.tsx';
import { DateInput } from './date-input.tsx';

interface DialogFieldProps {
  field: FormField;
  value: string | boolean;
  /** The message to show, or null (valid, or not modified yet). */
  message: string | null;
  listUrl: string;
  onChange(value: string | boolean): void;
}

export function DialogField({ field, value, message, listUrl, onChange }: DialogFieldProps) {
  const id = useId();
  const hint = hintText(field) || (field.kind === 'date' ? msg('hintDate') : '');
  const hintId = `${id}hint`;
  const messageId = `${id}message`;
  const required = field.rules?.required === true;
  const aria = {
    id,
    name: field.name,
    'aria-describedby': hint ? `${hintId} ${messageId}` : messageId,
    'aria-invalid': message !== null,
    'aria-required': required || undefined,
  };
  const text = typeof value === 'string' ? value : '';
  const typed = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value);

  return (
    <div className={`field field-${field.kind}`}>
      {field.kind === 'choices' ? (
        <ChoiceChecks listUrl={listUrl} field={field} value={text} onChange={onChange} describedBy={aria['aria-describedby']} />
      ) : field.kind === 'flag' ? (
        <label className="check">
          <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} {...aria} /> {field.label}
        </label>
      ) : (
        <label htmlFor={id}>
          {field.label}
          {required && (
            <span className="field-required" aria-hidden="true">
              {' '}
              {msg('fieldRequired')}
            </span>
          )}
        </label>
      )}
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {field.kind === 'select' && field.choices ? (
        <select value={text} onChange={(e) => onChange(e.target.value)} {...aria}>
          {/* Blank is a choice only where the field may be left so and has no value of its own to fall back on. */}
          {(!required && field.default === undefined) || !field.choices.some((c) => c.value === text) ? <option value="" /> : null}
          {field.choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      ) : field.kind === 'select' ? (
        <ChoiceSelect listUrl={listUrl} field={field} value={text} onChange={onChange} selectProps={aria} />
      ) : field.kind === 'date' ? (
        <DateInput value={text} label={field.label} onChange={onChange} inputProps={aria} />
      ) : field.kind === 'textarea' ? (
        <textarea rows={3} value={text} onChange={typed} placeholder={field.placeholder} {...aria} />
      ) : (
        field.kind !== 'flag' &&
        field.kind !== 'choices' && (
          <input
            type={field.kind === 'email' || field.kind === 'password' ? field.kind : 'text'}
            inputMode={field.kind === 'number' ? 'decimal' : undefined}
            autoComplete={field.autocomplete ?? (field.kind === 'password' ? 'new-password' : 'off')}
            placeholder={field.placeholder}
            value={text}
            onChange={typed}
            {...aria}
          />
        )
      )}
      <p className="field-message" id={messageId} aria-live="polite">
        {message}
      </p>
    </div>
  );
}
