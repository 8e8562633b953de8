// The table's filters above its rows: the Filters button (a disclosure: it opens the panel, loaded on first
// use; Esc closes it), and each active filter as a chip saying it in words, with a button removing it, then
// how many rows the filters leave and "Clear all filters". A removed chip's focus goes to the Filters
// button, so the keyboard is never left on nothing. The panel's styles come with the tables' dialogs'
// (static/css/table-dialogs.css), out of every page's first load: it shows once they are in.
import { lazy, type ReactNode, Suspense, use, useId, useRef, useState } from 'react';
import { formatNumber } from '../../../common/format.ts';
import type { TableConfig, TablePage } from '../../../common/table-config.ts';
import { filterSummary, isFilterProblem, readColumnFilter } from '../../../common/table-filters.ts';
import { tableMsg } from '../../../common/table-messages.ts';
import { dialogStyles } from '../../shell/dialog-styles.ts';
import type { TableState } from '../../../common/table-state.ts';
import { quickDayWords, type QuickDay } from '../../../common/quick-day-words.ts';

const FilterPanel = lazy(() => import('./filter-panel.tsx'));

/** Its children, once the stylesheet `href` has loaded (suspending until then). */
function Styled({ href, children }: { href: string | undefined; children: ReactNode }) {
  use(dialogStyles(href));
  return children;
}

interface FilterBarProps {
  config: TableConfig;
  state: TableState;
  page: TablePage | null;
  /** The filters as they now are, with the days among them relative to today (a quick pick). */
  onFilters(change: Pick<TableState, 'filters' | 'dayFilters'>): void;
}

/** Each active filter with its column and its words (a relative day's pick said first: "Last 7 days, ..."). */
function chipsOf(config: TableConfig, { filters, dayFilters }: TableState) {
  return Object.entries(filters).flatMap(([name, text]) => {
    const column = config.columns.find((c) => c.name === name);
    const read = column && readColumnFilter(column, text);
    if (!column || !read || isFilterProblem(read)) return [];
    const summary = filterSummary(column, read);
    const day = quickDayWords.find(([d]) => d === dayFilters[name])?.[1];
    return [{ name, words: tableMsg('filterChip', column.label, day ? tableMsg('filterQuickDay', tableMsg(day), summary) : summary) }];
  });
}

export function FilterBar({ config, state, page, onFilters }: FilterBarProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const chips = chipsOf(config, state);
  const setFilter = (name: string, text: string, day?: QuickDay) => {
    const { [name]: _, ...rest } = state.filters;
    const { [name]: _day, ...otherDays } = state.dayFilters;
    onFilters({ filters: text ? { ...rest, [name]: text } : rest, dayFilters: text && day ? { ...otherDays, [name]: day } : otherDays });
  };
  const count = page
    ? `${tableMsg('filterRows', formatNumber(page.recordsFiltered))}${(page.filteredIsEstimate ?? page.countIsEstimate) ? ` ${tableMsg('tableCountEstimated')}` : ''}`
    : '';
  return (
    <div className="dt-filters">
      <div className="dt-filter-bar">
        <button
          ref={toggle}
          type="button"
          className="dt-button dt-filter-toggle"
          aria-expanded={open}
          aria-controls={`${id}panel`}
          onClick={() => {
            // The stylesheet starts loading with the click, beside the panel's code.
            void dialogStyles(config.dialogStyles);
            setOpen(!open);
          }}
        >
          {tableMsg('filterOpen')}
          {chips.length > 0 && <span className="dt-filter-number"> ({chips.length})</span>}
        </button>
        {chips.length > 0 && (
          <>
            <ul className="dt-filter-chips" aria-label={tableMsg('filterActive')}>
              {chips.map((chip) => (
                <li key={chip.name} className="dt-filter-chip">
                  <span>{chip.words}</span>
                  <button
                    type="button"
                    aria-label={tableMsg('filterRemove', chip.words)}
                    title={tableMsg('filterRemove', chip.words)}
                    onClick={() => {
                      setFilter(chip.name, '');
                      toggle.current?.focus();
                    }}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
            <span className="dt-filter-count">{count}</span>
            <button
              type="button"
              className="dt-button dt-filter-clear"
              onClick={() => {
                onFilters({ filters: {}, dayFilters: {} });
                toggle.current?.focus();
              }}
            >
              {tableMsg('filterClearAll')}
            </button>
          </>
        )}
      </div>
      <div id={`${id}panel`} hidden={!open}>
        {open && (
          <Suspense fallback={<p className="dt-processing">{tableMsg('processing')}</p>}>
            <Styled href={config.dialogStyles}>
              <FilterPanel
                config={config}
                state={state}
                first={chips[0]?.name ?? null}
                onFilter={setFilter}
                onClose={() => {
                  setOpen(false);
                  toggle.current?.focus();
                }}
              />
            </Styled>
          </Suspense>
        )}
      </div>
    </div>
  );
}
