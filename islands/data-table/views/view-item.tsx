// One saved view in the Views dialog: its name, the button that shows it; what it is (shared, by whom, the
// table's default, shown now and changed since); and what the person may do with it: open the table with it
// (a toggle), and where they may change it, rename it (sharing it or not), replace what it keeps with the
// table as it is now, or delete it. Each of those is asked in place: the row shows its form or its question
// (Esc or Cancel gives the row back, focus on the button that asked), then says what happened or why not.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { msg } from '../../../common/messages.ts';
import { tableMsg } from '../../../common/table-messages.ts';
import { viewStateOf, type TableView } from '../../../common/table-views.ts';
import { viewMsg } from '../../../common/view-messages.ts';
import type { Answer } from '../json-call.ts';
import type { TableHost } from '../table-host.ts';
import { FormError, NameInput, ShareCheck } from './view-fields.tsx';
import { isStale, useViewForm } from './use-view-form.ts';
import { changeView, deleteView } from './views-api.ts';

type Mode = 'idle' | 'rename' | 'replace' | 'delete';

interface ViewItemProps {
  host: TableHost;
  view: TableView;
  isDefault: boolean;
  /** Whether the table shows this view now, and whether it was changed since. */
  shown: 'no' | 'yes' | 'changed';
  onOpen(): void;
  /** Makes it the table's default view, or none (`on` false); the refusal's words, or null once done. */
  onDefault(on: boolean): Promise<string | null>;
  /** It was kept anew (renamed or shared; or replaced, when it now keeps the table as it is): `words` say how. */
  onKept(view: TableView, words: string, replaced: boolean): void;
  onDeleted(words: string): void;
  /** A change refused as the view was changed or deleted meanwhile (`words` say so): the list is read again. */
  onStale(words: string): void;
}

export function ViewItem({ host, view, isDefault, shown, onOpen, onDefault, onKept, onDeleted, onStale }: ViewItemProps) {
  const [mode, setMode] = useState<Mode>('idle');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const item = useRef<HTMLLIElement>(null);
  const tags = [
    view.Mine ? (view.Shared ? viewMsg('viewSharedTag') : '') : viewMsg('viewSharedBy', view.OwnerName),
    isDefault ? viewMsg('viewDefaultTag') : '',
    shown === 'yes' ? viewMsg('viewShownTag') : shown === 'changed' ? viewMsg('viewShownChangedTag') : '',
  ].filter(Boolean);

  /** The row as it is again, focus on the button that asked (drawn anew: the question or form stood in its place). */
  const [focusOn, setFocusOn] = useState<Mode | null>(null);
  const back = () => {
    setFocusOn(mode);
    setMode('idle');
  };
  const ask = (next: Mode) => () => {
    setError(null);
    setMode(next);
  };
  useEffect(() => {
    if (mode === 'idle' && focusOn) item.current?.querySelector<HTMLElement>(`[data-asks="${focusOn}"]`)?.focus();
    // A question asked in place takes the focus: on Cancel for a delete (the choice that loses nothing).
    if (mode === 'replace' || mode === 'delete') item.current?.querySelector<HTMLElement>('[data-initial-focus]')?.focus();
  }, [mode, focusOn]);
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || mode === 'idle') return;
    // The row's question or form goes, not the whole dialog.
    event.preventDefault();
    event.stopPropagation();
    back();
  };

  async function run<T>(call: () => Promise<Answer<T>>, done: (value: T) => void): Promise<void> {
    if (busy) return;
    setBusy(true);
    setError(null);
    const answer = await call();
    setBusy(false);
    if (answer.ok) done(answer.value);
    else if (isStale(answer.status)) onStale(answer.error);
    else setError(answer.error);
  }

  const replace = () =>
    run(
      () => changeView(view.ViewID, { Version: view.Version, State: viewStateOf(host.state()) }),
      (kept) => {
        onKept(kept, viewMsg('viewReplaced', kept.Name), true);
        back();
      },
    );
  const renamed = (kept: TableView) => {
    onKept(kept, viewMsg('viewRenamed', view.Name, kept.Name), false);
    back();
  };
  const remove = () =>
    run(
      () => deleteView(view.ViewID),
      () => onDeleted(viewMsg('viewDeleted', view.Name)),
    );
  async function toggleDefault(): Promise<void> {
    setBusy(true);
    setError(await onDefault(!isDefault));
    setBusy(false);
  }

  return (
    <li className="views-item" ref={item} onKeyDown={cancelOnEscape}>
      <button type="button" className="views-open" aria-current={shown !== 'no' || undefined} onClick={onOpen}>
        {view.Name}
      </button>
      {tags.length > 0 && <span className="views-tags">{tags.join(' · ')}</span>}
      {mode === 'idle' && (
        <div className="dialog-actions">
          <button
            type="button"
            aria-pressed={isDefault}
            aria-label={viewMsg('viewDefaultOf', view.Name)}
            aria-disabled={busy}
            onClick={toggleDefault}
          >
            {viewMsg('viewDefault')}
          </button>
          {view.CanChange && (
            <>
              <button type="button" data-asks="rename" aria-label={viewMsg('viewRenameOf', view.Name)} onClick={ask('rename')}>
                {viewMsg('viewRename')}
              </button>
              <button type="button" data-asks="replace" aria-label={viewMsg('viewReplaceOf', view.Name)} onClick={ask('replace')}>
                {viewMsg('viewReplace')}
              </button>
              <button
                type="button"
                className="danger"
                data-asks="delete"
                aria-label={viewMsg('viewDeleteOf', view.Name)}
                onClick={ask('delete')}
              >
                {viewMsg('viewDelete')}
              </button>
            </>
          )}
        </div>
      )}
      {mode === 'rename' && <RenameForm view={view} onKept={renamed} onStale={onStale} onCancel={back} />}
      {(mode === 'replace' || mode === 'delete') && (
        <fieldset className="views-question">
          <legend>
            {mode === 'replace'
              ? viewMsg('viewReplaceAsk', view.Name)
              : viewMsg(view.Shared ? 'viewDeleteSharedAsk' : 'viewDeleteAsk', view.Name)}
          </legend>
          <div className="dialog-actions">
            <button
              type="button"
              className={mode === 'delete' ? 'danger' : 'primary'}
              aria-disabled={busy}
              data-initial-focus={mode === 'replace' || undefined}
              onClick={mode === 'replace' ? replace : remove}
            >
              {busy ? tableMsg('dialogSaving') : viewMsg(mode === 'replace' ? 'viewReplace' : 'viewDelete')}
            </button>
            <button type="button" data-initial-focus={mode === 'delete' || undefined} onClick={back}>
              {msg('cancel')}
            </button>
          </div>
        </fieldset>
      )}
      <FormError error={error} />
    </li>
  );
}

interface RenameFormProps {
  view: TableView;
  onKept(view: TableView): void;
  onStale(words: string): void;
  onCancel(): void;
}

/** A view's name and sharing, changed in place: the name checked as typed, the server's refusal under it. */
function RenameForm({ view, onKept, onStale, onCancel }: RenameFormProps) {
  const [shared, setShared] = useState(view.Shared);
  const { form, busy, error, save, name } = useViewForm({
    name: view.Name,
    send: (name) => changeView(view.ViewID, { Version: view.Version, Name: name, Shared: shared }),
    onKept,
    onStale,
  });
  useEffect(() => form.current?.querySelector<HTMLInputElement>('input[name="Name"]')?.select(), [form]);

  return (
    <form ref={form} className="row-dialog-form" noValidate onSubmit={save} aria-busy={busy}>
      <FormError error={error} />
      <NameInput {...name} />
      <ShareCheck checked={shared} onChange={setShared} />
      <div className="dialog-actions">
        <button type="submit" className="primary" aria-disabled={busy}>
          {busy ? tableMsg('dialogSaving') : viewMsg('viewSaveChange')}
        </button>
        <button type="button" onClick={onCancel}>
          {msg('cancel')}
        </button>
      </div>
    </form>
  );
}
