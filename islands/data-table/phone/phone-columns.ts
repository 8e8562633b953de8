// Which shown columns a phone (under 780 px) leaves out of its rows, to show in each row's details instead
// (as DataTables' Responsive extension does in its child row): those the definition marks hiddenOnMobile,
// except a column the user filters or sorts by (what was just asked about stays in sight) and one the user
// chose, in the Settings, to see on phones too (the state's `phoneColumns`).
import { useSyncExternalStore } from 'react';
import type { TableConfig } from '../../../common/table-config.ts';
import { visibleColumns, type TableState } from '../../../common/table-state.ts';

/** The width under which a table is laid out for a phone (static/css/data-table.css says the same). */
export const PHONE_MEDIA = '(max-width: 779.98px)';

type PhoneState = Pick<TableState, 'filters' | 'sort' | 'phoneColumns'>;

/** Whether column `name` is one phones take out of the row (when it is shown at all). */
export function leftToDetails(config: TableConfig, state: PhoneState, name: string): boolean {
  const column = config.columns.find((c) => c.name === name);
  if (!column?.hiddenOnMobile) return false;
  const filtered = (state.filters[name] ?? '').trim() !== '';
  const sorted = state.sort.some((t) => t.column === name);
  return !filtered && !sorted && !state.phoneColumns.includes(name);
}

/** The shown columns a phone leaves to the rows' details. */
export function phoneHiddenColumns(config: TableConfig, state: TableState): ReadonlySet<string> {
  return new Set(visibleColumns(config, state).filter((name) => leftToDetails(config, state, name)));
}

/** The class that hides a cell of column `name` on a phone, or none. */
export const phoneClass = (hidden: ReadonlySet<string>, name: string | undefined) =>
  name !== undefined && hidden.has(name) ? 'dt-mobile-hidden' : '';

const subscribe = (change: () => void) => {
  const query = window.matchMedia(PHONE_MEDIA);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};

/** Whether the screen is a phone's width now (false on the server, which lays out for both by CSS). */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_MEDIA).matches,
    () => false,
  );
}
