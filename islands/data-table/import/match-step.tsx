// The import's second step: each of the file's columns beside the field it goes into (as the server matched
// them by header, changeable), and what to do with the rows (add and update, add only, update only); then
// the rows are checked, writing nothing, and the preview shows what the import would do.
import { useId, useState } from 'react';
import { importMsg } from '../../../common/import-messages.ts';
import { previewImport, type ImportMode, type ImportPreview, type ImportUpload } from './import-api.ts';
import { mappingProblems } from './mapping.ts';
import { useFocusOnShow } from './use-focus-on-show.ts';

interface MatchStepProps {
  listUrl: string;
  fileName: string;
  upload: ImportUpload;
  mapping: Array<string | null>;
  mode: ImportMode;
  /** The labels of the fields that match a file's row to a table's row. */
  keyLabels: string[];
  onChange(mapping: Array<string | null>, mode: ImportMode): void;
  onPreview(preview: ImportPreview): void;
  onAnotherFile(): void;
  close(): void;
}

const modeWords = { 'add-update': 'importDialogModeAddUpdate', add: 'importDialogModeAdd', update: 'importDialogModeUpdate' } as const;

export function MatchStep({
  listUrl,
  fileName,
  upload,
  mapping,
  mode,
  keyLabels,
  onChange,
  onPreview,
  onAnotherFile,
  close,
}: MatchStepProps) {
  const id = useId();
  const heading = useFocusOnShow<HTMLHeadingElement>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problems = mappingProblems(mapping, upload.Fields);

  async function check(): Promise<void> {
    if (busy || problems.stop) return;
    setBusy(true);
    setError(null);
    const answer = await previewImport(listUrl, upload.Id, mapping, mode);
    setBusy(false);
    if (answer.ok) onPreview(answer.value);
    else setError(answer.error);
  }

  const choose = (column: number, field: string) =>
    onChange(
      mapping.map((f, i) => (i === column ? field || null : f)),
      mode,
    );

  return (
    <div className="import-step">
      <h3 ref={heading} tabIndex={-1}>
        {importMsg('importDialogChosenFile', fileName)}
      </h3>
      <fieldset className="import-fieldset">
        <legend>{importMsg('importDialogMatchLegend')}</legend>
        <p className="field-hint">{importMsg('importDialogMatchHint')}</p>
        <div className="import-columns">
          {upload.Headers.map((header, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a file's columns never move, and two may have one header.
            <div className="field" key={`${i}-${header}`}>
              <label htmlFor={`${id}c${i}`}>{header}</label>
              <select id={`${id}c${i}`} value={mapping[i] ?? ''} onChange={(e) => choose(i, e.target.value)}>
                <option value="">{importMsg('importDialogNotImported')}</option>
                {upload.Fields.map((f) => (
                  <option key={f.Name} value={f.Name}>
                    {f.Label}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
        {(problems.stop || problems.notes.length > 0) && (
          <ul className="import-notes" aria-live="polite">
            {problems.stop && <li className="form-error">{problems.stop}</li>}
            {problems.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
      </fieldset>
      <fieldset className="import-fieldset" aria-describedby={keyLabels.length > 0 ? `${id}mode` : undefined}>
        <legend>{importMsg('importDialogModeLegend')}</legend>
        {keyLabels.length > 0 && (
          <p className="field-hint" id={`${id}mode`}>
            {importMsg('importDialogModeHint', keyLabels.join(' + '))}
          </p>
        )}
        {(Object.keys(modeWords) as ImportMode[]).map((m) => (
          <label className="check" key={m}>
            <input type="radio" name={`${id}mode`} value={m} checked={mode === m} onChange={() => onChange(mapping, m)} />{' '}
            {importMsg(modeWords[m])}
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="primary" disabled={problems.stop !== null} aria-disabled={busy} onClick={check}>
          {busy ? importMsg('importDialogChecking') : importMsg('importDialogCheck')}
        </button>
        <button type="button" onClick={onAnotherFile}>
          {importMsg('importDialogChooseAnother')}
        </button>
        <button type="button" onClick={close}>
          {importMsg('importDialogClose')}
        </button>
      </div>
    </div>
  );
}
