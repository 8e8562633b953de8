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
  value === null || value === undefined || value === '' ? importMsg('importEmptyValue') : String(value);

export function PreviewStep({ listUrl, id, mapping, mode, preview, onStarted, onBack, close }: PreviewStepProps) {
  const uid = useId();
  const heading = useFocusOnShow<HTMLHeadingElement>();
  const [validOnly, setValidOnly] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { Counts: counts, Refused: refused, Changes: changes } = preview;
  const writes = counts.Add + counts.Change;
  const blocked = counts.Refused > 0 && !validOnly;
  const reason = writes === 0 ? importMsg('importNothingToDo') : blocked ? importMsg('importBlocked', formatCount(counts.Refused)) : null;

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
        {importMsg('importPreviewTitle')}
      </h3>
      <p>{importMsg('importPreviewOf', formatCount(preview.Total))}</p>
      <ImportCounts counts={counts} />
      {refused.length > 0 && (
        <section aria-labelledby={`${uid}refused`}>
          <h4 id={`${uid}refused`}>{importMsg('importRefusedTitle')}</h4>
          {counts.Refused > refused.length && (
            <p className="field-hint">{importMsg('importFirstShown', formatCount(refused.length), formatCount(counts.Refused))}</p>
          )}
          <ul className="import-lines">
            {refused.map((row) => (
              <li key={row.Line}>
                <strong>{importMsg('importLine', row.Line)}</strong> {row.Messages.join(' ')}
              </li>
            ))}
          </ul>
          <RefusedDownloads listUrl={listUrl} id={id} />
        </section>
      )}
      {changes.length > 0 && (
        <section aria-labelledby={`${uid}changes`}>
          <h4 id={`${uid}changes`}>{importMsg('importChangesTitle')}</h4>
          {counts.Change > changes.length && (
            <p className="field-hint">{importMsg('importFirstShown', formatCount(changes.length), formatCount(counts.Change))}</p>
          )}
          <ul className="import-lines">
            {changes.map((row) => (
              <li key={row.Line}>
                <strong>{importMsg('importLine', row.Line)}</strong> {row.Row}
                <ul>
                  {row.Fields.map((f) => (
                    <li key={f.Label}>{importMsg('importChange', f.Label, shown(f.Old), shown(f.New))}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
      {counts.Refused > 0 && writes > 0 && (
        <fieldset className="import-fieldset">
          <legend>{importMsg('importHowLegend')}</legend>
          <label className="check">
            <input type="radio" name={`${uid}how`} checked={!validOnly} onChange={() => setValidOnly(false)} />{' '}
            {importMsg('importAllOrNothing')}
          </label>
          <label className="check">
            <input type="radio" name={`${uid}how`} checked={validOnly} onChange={() => setValidOnly(true)} /> {importMsg('importValidOnly')}
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
          {busy ? importMsg('importStarting') : importMsg('importRun')}
        </button>
        <button type="button" onClick={onBack}>
          {importMsg('importBack')}
        </button>
        <button type="button" onClick={close}>
          {importMsg('importClose')}
        </button>
      </div>
    </div>
  );
}
