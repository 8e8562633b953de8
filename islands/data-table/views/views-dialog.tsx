// The Views dialog (issue 39), opened from the toolbar's Views: the table's saved views for the person (their
// own, then those shared with them), each shown with a click, made the table's default, renamed, replaced or
// deleted in place (view-item.tsx); the table shown without a view; and the table as it is now kept as a new
// view (save-view-form.tsx). Showing or saving a view closes the dialog and says so above the table; the
// other changes keep it open and say what happened in it. Loaded on first use, with its words
// (common/view-messages.ts) and calls (views-api.ts).
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { TableView, TableViews } from '../../../common/table-views.ts';
import { viewMsg } from '../../../common/view-messages.ts';
import { ModalDialog } from '../dialogs/modal-dialog.tsx';
import { openDialog, type CloseDialog } from '../dialogs/open-dialog.tsx';
import type { TableHost } from '../table-host.ts';
import { SaveViewForm } from './save-view-form.tsx';
import { ViewItem } from './view-item.tsx';
import { FormError } from './view-fields.tsx';
import { listViews, setDefaultView } from './views-api.ts';

/** Opens the Views dialog beside the table (table-host.ts names this entry point). */
export function openViews(host: TableHost): void {
  openDialog(host, (close) => <ViewsDialog host={host} close={close} />);
}

function ViewsDialog({ host, close }: { host: TableHost; close: CloseDialog }) {
  const { config } = host;
  const titleId = useId();
  const mineId = useId();
  const sharedId = useId();
  const mineHeading = useRef<HTMLHeadingElement>(null);
  const [views, setViews] = useState<TableViews | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  /** What the last change did, said in the dialog; and a change refused because the view changed meanwhile. */
  const [said, say] = useState('');
  const [stale, setStale] = useState<string | null>(null);
  // The table cannot change while this modal dialog is open, but for what the dialog does to it.
  const [shown, setShown] = useState(() => host.shownView());

  const reload = useCallback(async () => {
    const answer = await listViews(config.resource);
    if (answer.ok) setViews(answer.value);
    setFailed(answer.ok ? null : answer.error);
  }, [config.resource]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const done = (words: string) => {
    say(words);
    setStale(null);
    void reload();
  };
  const show = (view: TableView | null) => {
    host.showView(view);
    host.notify(view ? viewMsg('viewShown', view.Name) : viewMsg('viewPlainShown'), 'info');
    close();
  };
  const saved = (view: TableView) => {
    host.nameView(view);
    host.notify(viewMsg('viewSaved', view.Name), 'success');
    close();
  };
  const kept = (view: TableView, words: string, replaced: boolean) => {
    if (shown?.view.ViewID === view.ViewID) {
      host.nameView(view);
      // Replaced, it keeps the table as it is; renamed or shared, the table is as changed since as it was.
      setShown({ view, changed: !replaced && shown.changed });
    }
    done(words);
  };
  const deleted = (view: TableView, words: string) => {
    if (shown?.view.ViewID === view.ViewID) {
      host.nameView(null);
      setShown(null);
    }
    done(words);
    // Its row is gone, with the focus it held: the list's heading takes it.
    mineHeading.current?.focus();
  };
  const setDefault = async (view: TableView, on: boolean): Promise<string | null> => {
    const answer = await setDefaultView(config.resource, on ? view.ViewID : null);
    if (!answer.ok) return answer.error;
    setViews((current) => current && { ...current, DefaultViewID: answer.value.DefaultViewID });
    say(on ? viewMsg('viewDefaultSet', view.Name) : viewMsg('viewDefaultCleared'));
    return null;
  };

  const listed = views?.Views ?? [];
  const unlisted = shown && views && !listed.some((v) => v.ViewID === shown.view.ViewID) ? shown.view : null;
  // The person's own view shown, and not listed, was deleted since (in another tab): the table shows none.
  useEffect(() => {
    if (!unlisted?.Mine) return;
    host.nameView(null);
    setShown(null);
  }, [unlisted, host]);
  // Another's shown and not listed (shared by another group, opened from a link) is among the shared ones.
  const all = unlisted && !unlisted.Mine ? [...listed, unlisted] : listed;
  const item = (view: TableView) => (
    <ViewItem
      key={view.ViewID}
      host={host}
      view={view}
      isDefault={views?.DefaultViewID === view.ViewID}
      shown={shown?.view.ViewID !== view.ViewID ? 'no' : shown.changed ? 'changed' : 'yes'}
      onOpen={() => show(view)}
      onDefault={(on) => setDefault(view, on)}
      onKept={kept}
      onDeleted={(words) => deleted(view, words)}
      onStale={(words) => {
        void reload();
        setStale(words);
      }}
    />
  );
  const mine = all.filter((v) => v.Mine);
  const others = all.filter((v) => !v.Mine);

  return (
    <ModalDialog titleId={titleId} size="list" onClose={close}>
      <div className="views-dialog">
        <h2 id={titleId} tabIndex={-1} data-initial-focus>
          {viewMsg('viewsTitle', config.title)}
        </h2>
        <p className="views-intro">{viewMsg('viewsIntro')}</p>
        <p role="status">{said}</p>
        <FormError error={failed ?? stale} />
        {views === null ? (
          !failed && <p>{viewMsg('viewsLoading')}</p>
        ) : (
          <>
            <section aria-labelledby={mineId}>
              <h3 id={mineId} ref={mineHeading} tabIndex={-1}>
                {viewMsg('viewsMine')}
              </h3>
              {mine.length ? <ul className="views-list">{mine.map(item)}</ul> : <p>{viewMsg('viewsNoneMine')}</p>}
            </section>
            {others.length > 0 && (
              <section aria-labelledby={sharedId}>
                <h3 id={sharedId}>{viewMsg('viewsShared')}</h3>
                <ul className="views-list">{others.map(item)}</ul>
              </section>
            )}
          </>
        )}
        {shown && (
          <p>
            <button type="button" onClick={() => show(null)}>
              {viewMsg('viewPlain')}
            </button>
          </p>
        )}
        <SaveViewForm host={host} onSaved={saved} />
        <div className="dialog-actions">
          <button type="button" onClick={() => close()}>
            {viewMsg('viewsClose')}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
