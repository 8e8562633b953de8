// The import's third step, before anything is written: the counts of rows to add, to change, unchanged and
// refused; the refused rows by line with the messages the dialogs give; the changes as "field: old → new";
// the choice between all or nothing (the default) and the valid rows only; then Import.
import { useId, useState } from 'react';
import { formatCount } from '../../../common/format-count.ts';
import { importMsg } from '../../../common/import-messages.ts';
import { runImport, type ImportId, type ImportMode, type ImportPreview } from './import-api.ts';
import { ImportCounts } from './import-counts.tsx';
import { RefusedDownloads } from './refused-downloads.tsx';
import { useFocusOnShow } from './use-focus-on-show.ts';

interface PreviewStepProps {
  listUrl: string;
  id: ImportId;
  mapping: Array<string | null>;
  mode: ImportMode;
  preview: ImportPreview;
  onStarted(validOnly: boolean): void;
  onBack(): void;
  close(): void;
}

const shown = (value: unknown): string =>
  value === null || value === undefined || value === '' ? importMsg('importDialogEmptyValue') : String(value);

export function PreviewStep({ listUrl, id, mapping, mode, preview, onStarted, onBack, close }: PreviewStepProps) {
  const uid = useId();
  const heading = useFocusOnShow<HTMLHeadingElement>();
  const [validOnly, setValidOnly] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { Counts: counts, Refused: refused, Changes: changes } = preview;
  const writes = counts.Add + counts.Change;
  const blocked = counts.Refused > 0 && !validOnly;
  const reason =
    writes === 0 ? importMsg('importDialogNothingToDo') : blocked ? importMsg('importDialogBlocked', formatCount(counts.Refused)) : null;

  async function start(): Promise<void> {
    if (busy || reason) return;
    setBusy(true);
    setError(null);
    const answer = await runImport(listUrl, id, mapping, mode, validOnly);
    setBusy(false);
    if (answer.ok) onStarted(validOnly);
    else setError(answer.error);
  }

  return (
    <div className="import-step">
      <h3 ref={heading} tabIndex={-1}>
        {importMsg('importDialogPreviewTitle')}
      </h3>
      <p>{importMsg('importDialogPreviewOf', formatCount(preview.Total))}</p>
      <ImportCounts counts={counts} />
      {refused.length > 0 && (
        <section aria-labelledby={`${uid}refused`}>
          <h4 id={`${uid}refused`}>{importMsg('importDialogRefusedTitle')}</h4>
          {counts.Refused > refused.length && (
            <p className="field-hint">{importMsg('importDialogFirstShown', formatCount(refused.length), formatCount(counts.Refused))}</p>
          )}
          <ul className="import-lines">
            {refused.map((row) => (
              <li key={row.Line}>
                <strong>{importMsg('importDialogLine', row.Line)}</strong> {row.Messages.join(' ')}
              </li>
            ))}
          </ul>
          <RefusedDownloads listUrl={listUrl} id={id} />
        </section>
      )}
      {changes.length > 0 && (
        <section aria-labelledby={`${uid}changes`}>
          <h4 id={`${uid}changes`}>{importMsg('importDialogChangesTitle')}</h4>
          {counts.Change > changes.length && (
            <p className="field-hint">{importMsg('importDialogFirstShown', formatCount(changes.length), formatCount(counts.Change))}</p>
          )}
          <ul className="import-lines">
            {changes.map((row) => (
              <li key={row.Line}>
                <strong>{importMsg('importDialogLine', row.Line)}</strong> {row.Row}
                <ul>
                  {row.Fields.map((f) => (
                    <li key={f.Label}>{importMsg('importDialogChange', f.Label, shown(f.Old), shown(f.New))}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
      {counts.Refused > 0 && writes > 0 && (
        <fieldset className="import-fieldset">
          <legend>{importMsg('importDialogHowLegend')}</legend>
          <label className="check">
            <input type="radio" name={`${uid}how`} checked={!validOnly} onChange={() => setValidOnly(false)} />{' '}
            {importMsg('importDialogAllOrNothing')}
          </label>
          <label className="check">
            <input type="radio" name={`${uid}how`} checked={validOnly} onChange={() => setValidOnly(true)} />{' '}
            {importMsg('importDialogValidOnly')}
          </label>
        </fieldset>
      )}
      {reason && (
        <p className="import-reason" id={`${uid}reason`}>
          {reason}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button
          type="button"
          className="primary"
          disabled={reason !== null}
          aria-describedby={reason ? `${uid}reason` : undefined}
          aria-disabled={busy}
          onClick={start}
        >
          {busy ? importMsg('importDialogStarting') : importMsg('importDialogRun')}
        </button>
        <button type="button" onClick={onBack}>
          {importMsg('importDialogBack')}
        </button>
        <button type="button" onClick={close}>
          {importMsg('importDialogClose')}
        </button>
      </div>
    </div>
  );
}
