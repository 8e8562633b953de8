// The table's Settings (spec section 2): column visibility and order, main and sub grouping with one group
// open at a time, refresh every time, infinite scroll and save state. A modal <dialog> (APG "Modal
// Dialog": labelled by its title, focus moved in and kept there by the browser, Esc closes) drawn by a React
// root of its own beside the island's container, loaded on first use; every change goes to the table at
// once through the host's setState, so the table behind it follows. Closing gives the focus back to what
// opened it (the Settings button).
import { useEffect, useId, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { tableMsg } from '../../../common/table-messages.ts';
import type { TableHost } from '../table-host.ts';
import type { TableState } from '../../../common/table-state.ts';
import type { SetTableState } from '../use-table-state.ts';
import { ColumnList } from './column-list.tsx';
import { GroupingFields } from './grouping-fields.tsx';

interface SettingsDialogProps {
  host: TableHost;
  initial: TableState;
  setState: SetTableState;
  onClosed(): void;
}

function SettingsDialog({ host, initial, setState, onClosed }: SettingsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  // The table's state as this dialog changed it: the dialog is modal, so nothing else changes it meanwhile.
  const [state, setLocal] = useState(initial);
  const [announced, setAnnounced] = useState('');
  const id = useId();
  useEffect(() => {
    const element = dialog.current!;
    element.showModal();
    element.addEventListener('close', onClosed);
    return () => element.removeEventListener('close', onClosed);
  }, [onClosed]);
  const change = (patch: Partial<TableState>) => {
    setLocal((s) => ({ ...s, ...patch }));
    setState(patch);
  };
  const option = (key: 'refreshEveryTime' | 'infiniteScroll' | 'saveState', label: string, extra: Partial<TableState> = {}) => (
    <label className="dt-settings-check">
      <input type="checkbox" checked={state[key]} onChange={(e) => change({ [key]: e.currentTarget.checked, ...extra })} />
      {label}
    </label>
  );
  return (
    <dialog ref={dialog} className="dt-settings" aria-labelledby={`${id}title`}>
      <h2 id={`${id}title`}>{tableMsg('settingsTitle')}</h2>
      <div className="dt-settings-body">
        <ColumnList config={host.config} state={state} change={change} announce={setAnnounced} idPrefix={id} />
        <div className="dt-settings-side">
          <GroupingFields config={host.config} state={state} change={change} idPrefix={id} />
          <fieldset>
            <legend>{tableMsg('settingsBehaviour')}</legend>
            {option('refreshEveryTime', tableMsg('settingsRefreshEveryTime'))}
            {option('infiniteScroll', tableMsg('settingsInfiniteScroll'), { page: 0 })}
            {option('saveState', tableMsg('settingsSaveState'))}
          </fieldset>
        </div>
      </div>
      <p className="dt-settings-status" role="status">
        {announced}
      </p>
      <div className="dt-settings-actions">
        <button type="button" className="primary" onClick={() => dialog.current?.close()}>
          {tableMsg('settingsClose')}
        </button>
      </div>
    </dialog>
  );
}

/** Opens the Settings dialog beside the table (table-host.ts names this entry point). */
export function openSettings(host: TableHost, state: TableState, setState: SetTableState): void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const place = document.createElement('div');
  host.container.after(place);
  const root = createRoot(place, { identifierPrefix: 'dt-settings-' });
  const closed = () => {
    // Not while React is running the effect that called this.
    queueMicrotask(() => {
      root.unmount();
      place.remove();
      (opener?.isConnected ? opener : host.container).focus();
    });
  };
  root.render(<SettingsDialog host={host} initial={state} setState={setState} onClosed={closed} />);
}
