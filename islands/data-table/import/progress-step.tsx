// The import's last step: its progress (rows done of the total), read from the status call every second
// while the dialog is open; the note that the user may leave (the inbox tells when it is finished); then its
// outcome, and the refused rows to download. A status call that fails is said, and tried again: the import
// itself goes on on the server whatever the page does.
import { useEffect, useId, useState } from 'react';
import { formatCount } from '../../../common/format-count.ts';
import { importMsg } from '../../../common/import-messages.ts';
import { importStatus, type ImportId, type ImportStatus } from './import-api.ts';
import { doneText } from './import-counts.tsx';
import { RefusedDownloads } from './refused-downloads.tsx';
import { useFocusOnShow } from './use-focus-on-show.ts';

interface ProgressStepProps {
  listUrl: string;
  id: ImportId;
  /** The row count the preview read, shown until the first status comes. */
  total: number;
  onFinished(status: ImportStatus): void;
  close(): void;
}

const pollMs = 1000;
/** A status call that failed is tried again later, up to this long apart. */
const slowestPollMs = 10_000;

export function ProgressStep({ listUrl, id, total, onFinished, close }: ProgressStepProps) {
  const uid = useId();
  const heading = useFocusOnShow<HTMLHeadingElement>();
  const [status, setStatus] = useState<ImportStatus | null>(null);
  const [unread, setUnread] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async (wait: number): Promise<void> => {
      const answer = await importStatus(listUrl, id);
      if (stopped) return;
      setUnread(!answer.ok);
      if (answer.ok) {
        setStatus(answer.value);
        if (answer.value.State === 'done' || answer.value.State === 'failed') return onFinished(answer.value);
      }
      const next = answer.ok ? pollMs : Math.min(wait * 2, slowestPollMs);
      timer = setTimeout(() => void poll(next), next);
    };
    void poll(pollMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [listUrl, id, onFinished]);

  const state = status?.State ?? 'running';
  const done = status?.Done ?? 0;
  const of = status?.Total ?? total;
  const title = state === 'done' ? 'importDialogDoneTitle' : state === 'failed' ? 'importDialogFailedTitle' : 'importDialogProgressTitle';
  const counts = status?.Counts;

  return (
    <div className="import-step">
      <h3 ref={heading} tabIndex={-1} id={`${uid}title`}>
        {importMsg(title)}
      </h3>
      {/* One block, so that the status region takes no room while it is empty. */}
      <div className="import-progress">
        {state !== 'failed' && (
          <>
            <progress
              aria-labelledby={`${uid}title`}
              aria-describedby={`${uid}done`}
              max={Math.max(of, 1)}
              value={state === 'done' ? Math.max(of, 1) : done}
            />
            <p id={`${uid}done`}>{importMsg('importDialogProgress', formatCount(state === 'done' ? of : done), formatCount(of))}</p>
          </>
        )}
        <div role="status">
          {state === 'done' && counts && <p>{doneText(counts)}</p>}
          {state === 'failed' && <p className="form-error">{importMsg('importDialogFailed', status?.Error ?? '')}</p>}
        </div>
      </div>
      {state === 'running' && <p className="field-hint">{importMsg('importDialogLeaveNote')}</p>}
      {unread && <p className="form-error">{importMsg('importDialogStatusUnread')}</p>}
      {state === 'done' && counts && counts.Refused > 0 && <RefusedDownloads listUrl={listUrl} id={id} />}
      <div className="dialog-actions">
        <button type="button" onClick={close}>
          {importMsg('importDialogClose')}
        </button>
      </div>
    </div>
  );
}
