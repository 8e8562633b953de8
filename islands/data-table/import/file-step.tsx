// The import's first step: choose a file (a native file input, so a mouse, the keyboard and a phone's own
// picker all work), sent as soon as it is chosen; or download an example file with the table's headers.
import { useId, useState, type ChangeEvent } from 'react';
import { importMsg } from '../../../common/import-messages.ts';
import { exampleUrl, uploadFile, type ImportUpload } from './import-api.ts';

interface FileStepProps {
  listUrl: string;
  /** The file read: its name and what the server made of its header. */
  onRead(fileName: string, upload: ImportUpload): void;
  close(): void;
}

const accepted = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function FileStep({ listUrl, onRead, close }: FileStepProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>): Promise<void> {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file || busy) return;
    setBusy(true);
    setError(null);
    const answer = await uploadFile(listUrl, file);
    setBusy(false);
    if (answer.ok) return onRead(file.name, answer.value);
    // The same file may be chosen again once corrected: the input must tell of it as a change.
    input.value = '';
    setError(answer.error);
    input.focus();
  }

  return (
    <div className="import-step">
      <div className="field">
        <label htmlFor={id}>{importMsg('importDialogFileLabel')}</label>
        <p className="field-hint" id={`${id}hint`}>
          {importMsg('importDialogFileHint')}
        </p>
        <input
          id={id}
          type="file"
          accept={accepted}
          data-initial-focus
          aria-describedby={`${id}hint ${id}message`}
          aria-invalid={error !== null}
          onChange={choose}
        />
        <p className={`field-message${busy ? ' is-pending' : ''}`} id={`${id}message`} aria-live="polite">
          {busy ? importMsg('importDialogReading') : error}
        </p>
      </div>
      <p>
        <a href={exampleUrl(listUrl)} download>
          {importMsg('importDialogExample')}
        </a>
      </p>
      <div className="dialog-actions">
        <button type="button" onClick={close}>
          {importMsg('importDialogClose')}
        </button>
      </div>
    </div>
  );
}
