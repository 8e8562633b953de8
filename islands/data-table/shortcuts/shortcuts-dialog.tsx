// The list of the table's keyboard shortcuts (`?`, or the toolbar's Shortcuts button): each key this user
// has here and what it does, in a modal dialog (dialogs/modal-dialog.tsx) with its Close button, loaded on
// first use. Styles: static/css/table-dialogs.css.
import { useId } from 'react';
import { msg } from '../../../common/messages.ts';
import { tableMsg } from '../../../common/table-messages.ts';
import { ModalDialog } from '../dialogs/modal-dialog.tsx';
import { type CloseDialog, openDialog } from '../dialogs/open-dialog.tsx';
import type { TableHost } from '../table-host.ts';
import { type Shortcut, shortcutsFor } from './shortcuts.ts';

/** A key as its keyboard names it: a word where it has one. */
const keyName = (shortcut: Shortcut) => (shortcut.key === 'Delete' ? tableMsg('keyDelete') : shortcut.key);

function ShortcutsDialog({ host, close }: { host: TableHost; close: CloseDialog }) {
  const titleId = useId();
  const hintId = useId();
  return (
    <ModalDialog titleId={titleId} describedBy={hintId} size="form" onClose={close}>
      <h2 id={titleId}>{tableMsg('shortcutsTitle')}</h2>
      <p id={hintId}>{tableMsg('shortcutsHint')}</p>
      <dl className="dt-shortcuts">
        {shortcutsFor(host.config).map((shortcut) => (
          <div key={shortcut.key}>
            <dt>
              <kbd>{keyName(shortcut)}</kbd>
            </dt>
            <dd>{tableMsg(shortcut.words)}</dd>
          </div>
        ))}
      </dl>
      <div className="dialog-actions">
        <button type="button" data-initial-focus onClick={close}>
          {msg('close')}
        </button>
      </div>
    </ModalDialog>
  );
}

/** Opens the list beside the table (table-host.ts names this entry point). */
export function openShortcuts(host: TableHost): void {
  openDialog(host, (close) => <ShortcutsDialog host={host} close={close} />);
}
