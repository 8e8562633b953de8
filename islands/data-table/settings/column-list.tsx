// The settings' columns: a checkbox per column to show or hide it (the last shown one cannot be hidden), and
// Move up / Move down buttons (internal columns, keys and versions, are not offered, and a move passes over
// them), the keyboard's way to reorder what the header's drag does. A moved column's
// button keeps the focus (React moves its row, which would drop it), and the move is announced. A column a
// phone leaves out of the rows (phone/) says so; on a phone its box is not ticked, and ticking it brings
// it into the rows there too (the state's phoneColumns).
import { useEffect, useRef } from 'react';
import { tableMsg } from '../../../common/table-messages.ts';
import type { TableConfig } from '../../../common/table-config.ts';
import { movedColumn } from '../columns/column-order.ts';
import { leftToDetails, usePhoneWidth } from '../phone/phone-columns.ts';
import { isColumnVisible, orderedColumns, type TableState } from '../../../common/table-state.ts';

interface ColumnListProps {
  config: TableConfig;
  state: TableState;
  change(patch: Partial<TableState>): void;
  /** Says a move in the dialog's live region. */
  announce(text: string): void;
  /** For ids unique to this dialog. */
  idPrefix: string;
}

export function ColumnList({ config, state, change, announce, idPrefix }: ColumnListProps) {
  const order = orderedColumns(config, state);
  const offered = order.filter((n) => !config.columns.find((c) => c.name === n)?.internal);
  const shown = order.filter((n) => isColumnVisible(config, state, n));
  const refocus = useRef<string | null>(null);
  const phone = usePhoneWidth();
  /** Ticks a column shown or not; on a phone, one marked hidden on mobile is shown in the rows or left to the details. */
  const show = (name: string, on: boolean) => {
    const column = config.columns.find((c) => c.name === name);
    const inPhoneRows = state.phoneColumns.includes(name);
    if (phone && column?.hiddenOnMobile && (on || inPhoneRows)) {
      const phoneColumns = on ? [...state.phoneColumns.filter((n) => n !== name), name] : state.phoneColumns.filter((n) => n !== name);
      change({ phoneColumns, ...(on ? { columnVisibility: { ...state.columnVisibility, [name]: true } } : {}) });
      return;
    }
    change({ columnVisibility: { ...state.columnVisibility, [name]: on } });
  };
  useEffect(() => {
    if (!refocus.current) return;
    document.getElementById(refocus.current)?.focus();
    refocus.current = null;
  });
  const move = (name: string, by: -1 | 1) => {
    const place = offered.indexOf(name) + by;
    // Into the offered neighbour's place: before it going up, after it going down (movedColumn takes `name` out first).
    const next = movedColumn(order, name, order.indexOf(offered[place]!));
    change({ columnOrder: next });
    // At either end the button pressed is disabled: the other one takes the focus.
    const atEnd = place === 0 || place === offered.length - 1;
    refocus.current = `${idPrefix}${name}-${atEnd ? (by < 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down'}`;
    const label = config.columns.find((c) => c.name === name)?.label ?? name;
    announce(tableMsg('columnMoved', label, place + 1));
  };
  return (
    <fieldset className="dt-settings-columns">
      <legend>{tableMsg('settingsColumns')}</legend>
      <p className="dt-settings-hint">{tableMsg('settingsColumnsHint')}</p>
      <ul>
        {offered.map((name, i) => {
          const column = config.columns.find((c) => c.name === name)!;
          const visible = isColumnVisible(config, state, name);
          const toDetails = leftToDetails(config, state, name);
          return (
            <li key={name}>
              <label>
                <input
                  type="checkbox"
                  checked={visible && !(phone && toDetails)}
                  disabled={visible && shown.length === 1}
                  onChange={(e) => show(name, e.currentTarget.checked)}
                />
                {column.label}
                {visible && toDetails && <span className="dt-settings-note">{` (${tableMsg('settingsOnPhone')})`}</span>}
              </label>
              <span className="dt-settings-move">
                <button
                  type="button"
                  id={`${idPrefix}${name}-up`}
                  aria-label={tableMsg('settingsMoveUp', column.label)}
                  disabled={i === 0}
                  onClick={() => move(name, -1)}
                >
                  <span aria-hidden="true">{'\u2191'}</span>
                </button>
                <button
                  type="button"
                  id={`${idPrefix}${name}-down`}
                  aria-label={tableMsg('settingsMoveDown', column.label)}
                  disabled={i === offered.length - 1}
                  onClick={() => move(name, 1)}
                >
                  <span aria-hidden="true">{'\u2193'}</span>
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
