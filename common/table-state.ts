// A table screen's view state, as one plain object: what the user chose (page size, sort, search, visible
// columns, grouping, page, refresh and save options, one group open at a time, infinite scroll) and what
// the grouping, resizing and reordering code plugs into (expanded groups, column order and sizes). Plain
// data, so it is saved as JSON and read back checked against the table's config (a renamed column or a
// hand-edited value falls back to the default). In common/: the server checks a saved view's state with the
// same reading (table-views.ts).
import type { Column } from './resources/types.ts';
import { filterKind, isFilterProblem, readColumnFilter } from './table-filters.ts';
import { isQuickDay, type QuickDay } from './quick-day-words.ts';

/** The page-size menu (spec section 9); -1 is All, which the server caps at 1000 rows. */
export const pageSizes = [10, 25, 50, 100, -1] as const;

export interface SortTerm {
  column: string;
  dir: 'asc' | 'desc';
}

export interface TableState {
  pageSize: number;
  /** The page shown, from 0. */
  page: number;
  sort: SortTerm[];
  search: string;
  /** Column filters: a column's name to its per-column search text (common/table-filters.ts). */
  filters: Record<string, string>;
  /**
   * Date filters chosen as a day relative to today (a quick pick: common/quick-day-words.ts), by column: each
   * is written again from the day the state opens (quick-days.ts), so a view keeps "Last 7 days", not a week.
   */
  dayFilters: Record<string, QuickDay>;
  /** Columns the user showed or hid (name: shown); a column not named here follows its `hidden`. */
  columnVisibility: Record<string, boolean>;
  /** Columns marked hidden on mobile that the user chose to see in the rows on a phone too (phone/). */
  phoneColumns: string[];
  /** Column names in the order shown; empty: the config's order. */
  columnOrder: string[];
  /** Column widths in pixels the user set; a column not named here takes its natural width. */
  columnSizes: Record<string, number>;
  mainGroup: string | null;
  subGroup: string | null;
  /** The group headers open (their group values, main and sub joined by the grouping code). */
  expandedGroups: string[];
  /** Skip the session's cache of list answers: every view asks the server. */
  refreshEveryTime: boolean;
  /** Keep this state in sessionStorage under the page's path. */
  saveState: boolean;
  /** Opening a group closes the others at its level (spec section 4). */
  oneGroupOpen: boolean;
  /** Rows load page after page as the table's scroll region nears its bottom, instead of the pager. */
  infiniteScroll: boolean;
}

/** What of a table its state is read against (a TableConfig, or a resource's definition on the server). */
export interface StateConfig {
  columns: ReadonlyArray<Column>;
  defaultSort: ReadonlyArray<SortTerm>;
  pageSize: number;
}

export function defaultTableState(config: Pick<StateConfig, 'defaultSort' | 'pageSize'>): TableState {
  return {
    pageSize: (pageSizes as readonly number[]).includes(config.pageSize) ? config.pageSize : 25,
    page: 0,
    sort: config.defaultSort.map((t) => ({ ...t })),
    search: '',
    filters: {},
    dayFilters: {},
    columnVisibility: {},
    phoneColumns: [],
    columnOrder: [],
    columnSizes: {},
    mainGroup: null,
    subGroup: null,
    expandedGroups: [],
    refreshEveryTime: false,
    saveState: true,
    oneGroupOpen: false,
    infiniteScroll: false,
  };
}

/** Whether a column is shown under `state` (the user's choice, else the definition's). */
export function isColumnVisible(config: Pick<StateConfig, 'columns'>, state: TableState, name: string): boolean {
  const chosen = state.columnVisibility[name];
  return chosen ?? !config.columns.find((c) => c.name === name)?.hidden;
}

/** Every column, shown or not, in the order the user gave them (the config's for those not moved). */
export function orderedColumns(config: Pick<StateConfig, 'columns'>, state: Pick<TableState, 'columnOrder'>): string[] {
  const names = config.columns.map((c) => c.name);
  return [...state.columnOrder.filter((n) => names.includes(n)), ...names.filter((n) => !state.columnOrder.includes(n))];
}

/** The columns shown, in their shown order. */
export function visibleColumns(config: Pick<StateConfig, 'columns'>, state: TableState): string[] {
  return orderedColumns(config, state).filter((n) => isColumnVisible(config, state, n));
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A saved state read back: each value kept only when it still fits the table; the rest from `fallback`. */
export function checkedState(config: Pick<StateConfig, 'columns'>, saved: unknown, fallback: TableState): TableState {
  if (!isRecord(saved)) return fallback;
  const names = new Set(config.columns.map((c) => c.name));
  const sortable = new Set(config.columns.filter((c) => c.sortable).map((c) => c.name));
  const column = (v: unknown) => (typeof v === 'string' && sortable.has(v) ? v : null);
  const sort = Array.isArray(saved.sort)
    ? saved.sort.filter((t): t is SortTerm => isRecord(t) && column(t.column) !== null && (t.dir === 'asc' || t.dir === 'desc'))
    : null;
  const filters = isRecord(saved.filters) ? checkedFilters(config, saved.filters) : fallback.filters;
  const flags = (v: unknown, valid: (x: unknown) => boolean) =>
    isRecord(v) ? Object.fromEntries(Object.entries(v).filter(([k, x]) => names.has(k) && valid(x))) : null;
  return {
    pageSize:
      typeof saved.pageSize === 'number' && (pageSizes as readonly number[]).includes(saved.pageSize) ? saved.pageSize : fallback.pageSize,
    // Infinite scroll shows the pages from the first on: a later page alone would hide the rows above it.
    page:
      saved.infiniteScroll !== true && Number.isSafeInteger(saved.page) && (saved.page as number) >= 0
        ? (saved.page as number)
        : fallback.page,
    sort: sort?.length ? sort.map(({ column, dir }) => ({ column, dir })) : fallback.sort,
    search: typeof saved.search === 'string' ? saved.search.slice(0, 200) : fallback.search,
    filters,
    dayFilters: isRecord(saved.dayFilters) ? checkedDayFilters(config, saved.dayFilters, filters) : fallback.dayFilters,
    columnVisibility:
      (flags(saved.columnVisibility, (x) => typeof x === 'boolean') as Record<string, boolean>) ?? fallback.columnVisibility,
    phoneColumns: Array.isArray(saved.phoneColumns)
      ? saved.phoneColumns.filter((n): n is string => typeof n === 'string' && names.has(n))
      : fallback.phoneColumns,
    columnOrder: Array.isArray(saved.columnOrder)
      ? saved.columnOrder.filter((n): n is string => typeof n === 'string' && names.has(n))
      : fallback.columnOrder,
    columnSizes:
      (flags(saved.columnSizes, (x) => typeof x === 'number' && x >= 20 && x <= 2000) as Record<string, number>) ?? fallback.columnSizes,
    mainGroup: column(saved.mainGroup),
    subGroup: column(saved.subGroup),
    expandedGroups: Array.isArray(saved.expandedGroups)
      ? saved.expandedGroups.filter((g): g is string => typeof g === 'string').slice(0, 1000)
      : fallback.expandedGroups,
    refreshEveryTime: typeof saved.refreshEveryTime === 'boolean' ? saved.refreshEveryTime : fallback.refreshEveryTime,
    saveState: typeof saved.saveState === 'boolean' ? saved.saveState : fallback.saveState,
    oneGroupOpen: typeof saved.oneGroupOpen === 'boolean' ? saved.oneGroupOpen : fallback.oneGroupOpen,
    infiniteScroll: typeof saved.infiniteScroll === 'boolean' ? saved.infiniteScroll : fallback.infiniteScroll,
  };
}

/** Saved filters kept where they still read as filters of this table's columns (a hand-edited one is dropped). */
function checkedFilters(config: Pick<StateConfig, 'columns'>, saved: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(saved).filter(([name, text]) => {
      const column = config.columns.find((c) => c.name === name);
      return (
        column &&
        typeof text === 'string' &&
        text.length <= 200 &&
        text.trim() !== '' &&
        !isFilterProblem(readColumnFilter(column, text.trim()))
      );
    }),
  ) as Record<string, string>;
}

/** Saved relative days kept where they are a quick pick of a date column that has its filter. */
function checkedDayFilters(config: Pick<StateConfig, 'columns'>, saved: Record<string, unknown>, filters: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(saved).filter(([name, day]) => {
      const column = config.columns.find((c) => c.name === name);
      return column && filterKind(column) === 'date' && name in filters && isQuickDay(day);
    }),
  ) as Record<string, QuickDay>;
}
