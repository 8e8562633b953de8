// The secret an add issued (an API token), shown once inside its add dialog: what it is, that it is never
// shown again, the secret itself in a read-only field (selected, so it can be copied by keyboard as well),
// a Copy button and Done, which closes the dialog. Focus starts on the secret.
import { useEffect, useId, useRef, useState } from 'react';
import { tableMsg } from '../../../common/table-messages.ts';

interface SecretShownProps {
  titleId: string;
  secret: string;
  done(): void;
}

export function SecretShown({ titleId, secret, done }: SecretShownProps) {
  const fieldId = useId();
  const noteId = useId();
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  // The dialog was open already (it held the form): focus moves from the Save button, now gone, to the secret.
  useEffect(() => field.current?.focus(), []);

  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refusal): the field is selected for the user to copy.
      field.current?.focus();
    }
  }

  return (
    <div className="row-dialog-form">
      <h2 id={titleId}>{tableMsg('secretTitle')}</h2>
      <p id={noteId}>{tableMsg('secretOnce')}</p>
      <div className="field field-text">
        <label htmlFor={fieldId}>{tableMsg('secretLabel')}</label>
        <input
          ref={field}
          id={fieldId}
          className="secret-value"
          type="text"
          readOnly
          value={secret}
          aria-describedby={noteId}
          onFocus={(e) => e.currentTarget.select()}
        />
      </div>
      <div className="dialog-actions">
        <button type="button" onClick={() => void copy()} aria-live="polite">
          {copied ? tableMsg('secretCopied') : tableMsg('secretCopy')}
        </button>
        <button type="button" onClick={done}>
          {tableMsg('secretDone')}
        </button>
      </div>
    </div>
  );
}
