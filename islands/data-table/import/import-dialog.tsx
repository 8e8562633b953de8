// A table's import dialog (issue 36), loaded on the first press of Import (actions.ts): choose a file, match
// its columns to fields and choose what to do with the rows, see what the import would do, import, and
// follow it to its end. One wide modal dialog, its steps shown one at a time, each taking focus as it comes.
// When the import ends the table reads its rows again and says what was done.
import { useCallback, useId, useState } from 'react';
import { importMsg } from '../../../common/import-messages.ts';
import { ModalDialog } from '../dialogs/modal-dialog.tsx';
import { openDialog, type CloseDialog } from '../dialogs/open-dialog.tsx';
import type { TableHost } from '../table-host.ts';
import { FileStep } from './file-step.tsx';
import type { ImportMode, ImportPreview, ImportStatus, ImportUpload } from './import-api.ts';
import { doneText } from './import-counts.tsx';
import { MatchStep } from './match-step.tsx';
import { PreviewStep } from './preview-step.tsx';
import { ProgressStep } from './progress-step.tsx';

type Step = 'file' | 'match' | 'preview' | 'progress';

interface ImportDialogProps {
  host: TableHost;
  close: CloseDialog;
}

export function ImportDialog({ host, close }: ImportDialogProps) {
  const { config } = host;
  const titleId = useId();
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<{ name: string; upload: ImportUpload } | null>(null);
  const [mapping, setMapping] = useState<Array<string | null>>([]);
  const [mode, setMode] = useState<ImportMode>('add-update');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const keyLabels = (config.import?.key ?? []).map((name) => config.columns.find((c) => c.name === name)?.label ?? name);

  const finished = useCallback(
    (status: ImportStatus) => {
      if (status.State !== 'done' || !status.Counts) return;
      host.notify(doneText(status.Counts), 'success');
      if (status.Counts.Add + status.Counts.Change > 0) void host.refresh();
    },
    [host],
  );

  return (
    <ModalDialog titleId={titleId} size="wide" onClose={close}>
      <h2 id={titleId}>{importMsg('importDialogTitle', config.title)}</h2>
      {step === 'file' || !file ? (
        <FileStep
          listUrl={config.listUrl}
          close={close}
          onRead={(name, upload) => {
            setFile({ name, upload });
            setMapping(upload.Mapping);
            setStep('match');
          }}
        />
      ) : step === 'match' || !preview ? (
        <MatchStep
          listUrl={config.listUrl}
          fileName={file.name}
          upload={file.upload}
          mapping={mapping}
          mode={mode}
          keyLabels={keyLabels}
          onChange={(m, md) => {
            setMapping(m);
            setMode(md);
          }}
          onPreview={(p) => {
            setPreview(p);
            setStep('preview');
          }}
          onAnotherFile={() => {
            setFile(null);
            setPreview(null);
            setStep('file');
          }}
          close={close}
        />
      ) : step === 'preview' ? (
        <PreviewStep
          listUrl={config.listUrl}
          id={file.upload.Id}
          mapping={mapping}
          mode={mode}
          preview={preview}
          onStarted={() => setStep('progress')}
          onBack={() => setStep('match')}
          close={close}
        />
      ) : (
        <ProgressStep listUrl={config.listUrl} id={file.upload.Id} total={preview.Total} onFinished={finished} close={close} />
      )}
    </ModalDialog>
  );
}

/** Opens the import dialog over the table. */
export function openImportDialog(host: TableHost): void {
  openDialog(host, (close) => <ImportDialog host={host} close={close} />);
}
