// The header row as one tab stop (WAI-ARIA roving tabindex, as in the APG grid and toolbar patterns): of its
// controls (the select-all box, each sortable column's sort button, an unsortable column's header cell) only
// the one last focused is in the tab order; the arrow keys move between them, Home and End to the first and
// last; Enter and Space sort (the button's own). Shift with the left or right arrow narrows or widens the
// focused column by 10 px, said in the table's live region, so a width is set without the resize edge (a
// pointer's target, out of the tab order). A grouped table is then a few Tabs from its first group.
import { type FocusEvent, type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { tableMsg } from '../../../common/table-messages.ts';
import type { Column } from '../../../common/resources/types.ts';
import type { ColumnLayout } from './column-layout.ts';
import { clampWidth, KEY_STEP } from './resize-handle.tsx';

/** The header cell's one control, or the cell itself when it has none. */
const stopOf = (th: HTMLTableCellElement): HTMLElement => th.querySelector<HTMLElement>(':scope > .dt-check, :scope > .dt-sort') ?? th;

/** The header controls that can take the focus: not a disabled box, nor a column a phone leaves out (not drawn). */
const stopsOf = (row: HTMLTableRowElement) =>
  [...row.cells]
    .filter((th) => th.getClientRects().length > 0)
    .map((th) => stopOf(th as HTMLTableCellElement))
    .filter((stop) => !(stop as HTMLInputElement).disabled);

export function useHeaderKeys(columns: ReadonlyArray<Column>, layout: ColumnLayout, announce: (text: string) => void) {
  const row = useRef<HTMLTableRowElement>(null);
  /** The header (its cell's index) that holds the tab stop. */
  const active = useRef(0);
  // After every render (columns come and go, move, and the select-all box is disabled on an empty page).
  useLayoutEffect(() => {
    if (!row.current) return;
    const stops = stopsOf(row.current);
    const cells = [...row.current.cells];
    const current = stops.find((stop) => cells.indexOf(stop.closest('th')!) === active.current) ?? stops[0];
    for (const stop of stops) stop.tabIndex = stop === current ? 0 : -1;
  });
  const onFocus = (event: FocusEvent<HTMLTableRowElement>) => {
    const th = (event.target as Element).closest('th');
    if (th) active.current = [...event.currentTarget.cells].indexOf(th);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const stops = stopsOf(event.currentTarget);
    const at = stops.indexOf(event.target as HTMLElement);
    if (at < 0) return;
    const th = stops[at]!.closest('th')!;
    if (event.shiftKey) {
      const step = event.key === 'ArrowRight' ? KEY_STEP : event.key === 'ArrowLeft' ? -KEY_STEP : 0;
      const column = columns.find((c) => c.name === th.dataset.column);
      if (!step || !column) return;
      event.preventDefault();
      const width = clampWidth((layout.sizes[column.name] ?? th.getBoundingClientRect().width) + step);
      layout.resize(column.name, width);
      announce(tableMsg('columnWidthNow', column.label, width));
      return;
    }
    const moves: Record<string, number> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: stops.length - 1 };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    if (to < 0 || to >= stops.length) return;
    for (const stop of stops) stop.tabIndex = -1;
    stops[to]!.tabIndex = 0;
    stops[to]!.focus();
  };
  return { ref: row, onFocus, onKeyDown };
}
