// Both DataTables server-side dialects read into one request: legacy (sEcho, iDisplayStart, mDataProp_N...)
// and current (draw, start, columns[i][data], order[i][column]...). Only columns the resource declares can
// be named; every number is checked; anything else is refused with a sentence, never passed on to SQL.
// Searches are always literal text (bRegex / search[regex] are ignored): a regular expression from the
// client would be a way to make the database work without bound. A per-column search is read as its
// column's filter (common/table-filters.ts): a value that cannot be read is refused with its reason.
import { readStoresParam } from '../../params/stores-param.ts';
import { isFilterProblem, readColumnFilter, type ColumnFilter } from '../../../common/table-filters.ts';
import type { ColumnDef, ResourceDef } from '../../resources/resource-def.ts';
import { flag, one, wholeNumber, type Params } from './params.ts';
import { readGroupPath } from './group-path.ts';
import { TableRequestError, quoteName } from './request-error.ts';
import { worded } from '../../../common/resources/words.ts';

export type Dialect = 'legacy' | 'current';

export interface SortTerm {
  column: ColumnDef;
  dir: 'asc' | 'desc';
}

export interface TableRequest {
  dialect: Dialect;
  /** sEcho / draw, returned as sent. */
  echo: number;
  start: number;
  /** Rows wanted; All (-1) is already capped here. */
  length: number;
  /** Words of the global search; each must match one of `searchColumns`. */
  searchTerms: string[];
  /** The declared searchable columns the table did not exclude from its global search. */
  searchColumns: ColumnDef[];
  /** The date columns a search word typed as dd/MM/yyyy also finds its day in. */
  dateSearchColumns: ColumnDef[];
  /** Each column's filter, as sent (`value`) and as read. */
  columnSearch: Array<{ column: ColumnDef; value: string; filter: ColumnFilter }>;
  /** Grouping columns first, then the requested sort; the key is added when the SQL is built. */
  order: SortTerm[];
  /** The main grouping column, then the sub grouping one (`maingroup`, `subgroup`); empty when ungrouped. */
  groups: ColumnDef[];
  /**
   * `group`: the values of the group read inside, one per grouping column from the main one down (empty:
   * the top). Fewer than `groups`: a page of the groups one level down (group-page.ts); as many: its rows.
   */
  within: unknown[];
  /** The columns the table shows, in its order: what an export writes. */
  visible: ColumnDef[];
  /** Selected store ids (for store-scoped resources); undefined means all the user may see. */
  stores: number[] | undefined;
  /** Footer totals wanted (default yes); a client paging through an unchanged filter may skip them. */
  totals: boolean;
  /**
   * The page of rows (or groups) wanted (default yes): without them, the answer is the footer totals and the
   * counts alone, which a table asks beside its rows so that the rows never wait for the totals.
   */
  rows: boolean;
  /** Keyset cursors from an earlier answer: `after` (its `next`) or `before` (its `prev`). */
  after: string | undefined;
  before: string | undefined;
}

/** The spec's "All" shows at most this many rows. */
const ALL_ROWS_CAP = 1000;
const MAX_SEARCH_LENGTH = 200;
const MAX_SORT_TERMS = 8;
const MAX_SEARCH_WORDS = 8;
const MAX_COLUMNS = 200;

const legacyMarkers = ['sEcho', 'iDisplayStart', 'iDisplayLength', 'iSortingCols', 'sSearch', 'iColumns'];

export function detectDialect(params: Params): Dialect {
  return legacyMarkers.some((k) => params.has(k)) || [...params.keys()].some((k) => k.startsWith('mDataProp_')) ? 'legacy' : 'current';
}

/** Whether a POST body is a list request rather than a new row: it carries the table's echo or paging. */
export function isListRequest(params: Params): boolean {
  return ['draw', 'start', 'length', 'sEcho', 'iDisplayStart', 'iDisplayLength'].some((k) => params.has(k));
}

/** The echo value alone, for answering a request that failed to parse in its own dialect. */
export function readEcho(params: Params, dialect: Dialect): number {
  const text = params.get(dialect === 'legacy' ? 'sEcho' : 'draw')?.[0]?.trim() ?? '';
  return /^\d{1,9}$/.test(text) ? Number(text) : 0;
}

interface RequestedColumn {
  column: ColumnDef | null;
  searchable: boolean;
  search: string;
}

/** The vocabulary of one dialect: where each piece of a request is found. */
interface DialectKeys {
  echo: string;
  start: string;
  length: string;
  search: string;
  columnCount(params: Params): number;
  columnData(i: number): string;
  columnSearchable(i: number): string;
  columnSearch(i: number): string;
  sortCount(params: Params): number;
  sortColumn(i: number): string;
  sortDir(i: number): string;
}

const countIndexed = (params: Params, key: (i: number) => string): number => {
  let n = 0;
  while (n <= MAX_COLUMNS && params.has(key(n))) n++;
  return n;
};

const keysFor: Record<Dialect, DialectKeys> = {
  legacy: {
    echo: 'sEcho',
    start: 'iDisplayStart',
    length: 'iDisplayLength',
    search: 'sSearch',
    columnCount: (p) =>
      Math.max(
        wholeNumber(p, 'iColumns', 0, 0, MAX_COLUMNS),
        countIndexed(p, (i) => `mDataProp_${i}`),
      ),
    columnData: (i) => `mDataProp_${i}`,
    columnSearchable: (i) => `bSearchable_${i}`,
    columnSearch: (i) => `sSearch_${i}`,
    sortCount: (p) =>
      wholeNumber(
        p,
        'iSortingCols',
        countIndexed(p, (i) => `iSortCol_${i}`),
        0,
        MAX_SORT_TERMS,
      ),
    sortColumn: (i) => `iSortCol_${i}`,
    sortDir: (i) => `sSortDir_${i}`,
  },
  current: {
    echo: 'draw',
    start: 'start',
    length: 'length',
    search: 'search[value]',
    columnCount: (p) => countIndexed(p, (i) => `columns[${i}][data]`),
    columnData: (i) => `columns[${i}][data]`,
    columnSearchable: (i) => `columns[${i}][searchable]`,
    columnSearch: (i) => `columns[${i}][search][value]`,
    sortCount: (p) => countIndexed(p, (i) => `order[${i}][column]`),
    sortColumn: (i) => `order[${i}][column]`,
    sortDir: (i) => `order[${i}][dir]`,
  },
};

export function parseTableRequest(def: ResourceDef, params: Params): TableRequest {
  const dialect = detectDialect(params);
  const keys = keysFor[dialect];
  const echo = wholeNumber(params, keys.echo, 0, 0, 2_147_483_647);
  const start = wholeNumber(params, keys.start, 0, 0, Number.MAX_SAFE_INTEGER);
  const asked = wholeNumber(params, keys.length, def.pageSize, -1, Number.MAX_SAFE_INTEGER);
  if (asked === 0) throw new TableRequestError('tableBadLength');
  const length = asked === -1 ? ALL_ROWS_CAP : Math.min(asked, ALL_ROWS_CAP);

  const requested = readColumns(def, params, keys);
  const searchable = requested.length
    ? requested.filter((r) => r.column?.searchable && r.searchable).map((r) => r.column!)
    : def.columns.filter((c) => c.searchable);
  // A day typed in the search finds the rows of that day in the date columns the table shows.
  const dated = (c: ColumnDef | null): c is ColumnDef => (c?.type === 'date' || c?.type === 'datetime') && !c.internal;
  const dateSearchColumns = requested.length
    ? requested.filter((r) => r.searchable && dated(r.column)).map((r) => r.column!)
    : def.columns.filter((c) => dated(c) && !c.hidden);
  const search = searchText(params, keys.search);
  const columnSearch = requested
    .filter((r) => r.search !== '')
    .map((r) => {
      if (!r.column) throw new TableRequestError('tableNotSearchable', '?');
      // Its refusal names the column in the words of the moment.
      const filter = readColumnFilter(worded(def).columns.find((c) => c.name === r.column!.name) ?? r.column, r.search);
      if (isFilterProblem(filter)) throw new TableRequestError(filter.problem, ...filter.args);
      return { column: r.column, value: r.search, filter };
    });
  const sortable = requested.length ? requested.map((r) => r.column) : def.columns;
  const { order, groups } = withGroups(def, params, readOrder(params, keys, sortable));
  return {
    dialect,
    echo,
    start,
    length,
    searchTerms: searchable.length || dateSearchColumns.length ? words(search) : [],
    searchColumns: searchable,
    dateSearchColumns,
    columnSearch,
    order,
    groups,
    within: readGroupPath(params, groups),
    visible: visibleColumns(def, requested),
    stores: readStores(params),
    totals: flag(params, 'totals', true),
    rows: flag(params, 'rows', true),
    after: one(params, 'after'),
    before: one(params, 'before'),
  };
}

function readColumns(def: ResourceDef, params: Params, keys: DialectKeys): RequestedColumn[] {
  const count = keys.columnCount(params);
  if (count > MAX_COLUMNS) throw new TableRequestError('tableTooManyParams');
  const columns: RequestedColumn[] = [];
  for (let i = 0; i < count; i++) {
    const data = one(params, keys.columnData(i))?.trim() ?? '';
    // Tables name no data for their own columns (row checkbox, actions): those are not addressable.
    const column = data === '' ? null : def.columns.find((c) => c.name === data);
    if (column === undefined) throw new TableRequestError('tableUnknownColumn', quoteName(data));
    columns.push({ column, searchable: flag(params, keys.columnSearchable(i), true), search: searchText(params, keys.columnSearch(i)) });
  }
  return columns;
}

/** The table's own columns in its order; the definition's shown columns when it names none of them. */
function visibleColumns(def: ResourceDef, requested: RequestedColumn[]): ColumnDef[] {
  const named = requested.flatMap((r) => (r.column ? [r.column] : []));
  return named.length ? named : def.columns.filter((c) => !c.hidden);
}

/** A search parameter's text, trimmed; refused past MAX_SEARCH_LENGTH characters. */
export function searchText(params: Params, key: string): string {
  const text = (one(params, key) ?? '').trim();
  // Characters as people count them (an emoji is one), as validation's lengths are.
  if ([...text].length > MAX_SEARCH_LENGTH) throw new TableRequestError('tableSearchTooLong', MAX_SEARCH_LENGTH);
  return text;
}

/** Each word must match; more than the limit are refused rather than some of them silently dropped. */
function words(search: string): string[] {
  const found = search.split(/\s+/).filter(Boolean);
  if (found.length > MAX_SEARCH_WORDS) throw new TableRequestError('tableSearchTooManyWords', MAX_SEARCH_WORDS);
  return found;
}

function readOrder(params: Params, keys: DialectKeys, columns: ReadonlyArray<ColumnDef | null>): SortTerm[] {
  const count = keys.sortCount(params);
  if (count > MAX_SORT_TERMS) throw new TableRequestError('tableTooManySorts', MAX_SORT_TERMS);
  const order: SortTerm[] = [];
  for (let i = 0; i < count; i++) {
    // iSortingCols may promise more terms than were sent: a missing one is refused, not read as column 0.
    if ((one(params, keys.sortColumn(i)) ?? '').trim() === '')
      throw new TableRequestError('tableSortColumnMissing', count, keys.sortColumn(i));
    const index = wholeNumber(params, keys.sortColumn(i), 0, 0, MAX_COLUMNS);
    const column = columns[index];
    if (column === undefined) throw new TableRequestError('tableBadSortColumn', index);
    if (column === null || !column.sortable) throw new TableRequestError('tableNotSortable', column?.name ?? String(index));
    const dir = (one(params, keys.sortDir(i)) ?? 'asc').trim().toLowerCase();
    if (dir !== 'asc' && dir !== 'desc') throw new TableRequestError('tableBadSortDir');
    // The same column twice adds nothing: the first mention decides.
    if (!order.some((t) => t.column === column)) order.push({ column, dir });
  }
  return order;
}

/** Main and sub grouping columns sort first, so each group's rows are contiguous across pages. */
function withGroups(def: ResourceDef, params: Params, order: SortTerm[]): { order: SortTerm[]; groups: ColumnDef[] } {
  const groups: SortTerm[] = [];
  for (const key of ['maingroup', 'subgroup']) {
    const name = one(params, key)?.trim();
    if (!name) continue;
    const column = def.columns.find((c) => c.name === name);
    if (!column?.sortable) throw new TableRequestError('tableNotGroupable', quoteName(name));
    const dir = order.find((t) => t.column === column)?.dir ?? 'asc';
    if (!groups.some((g) => g.column === column)) groups.push({ column, dir });
  }
  const rest = order.filter((t) => !groups.some((g) => g.column === t.column));
  const all = [...groups, ...rest];
  return { order: all.length ? all : defaultOrder(def), groups: groups.map((g) => g.column) };
}

function defaultOrder(def: ResourceDef): SortTerm[] {
  return def.defaultSort.flatMap(({ column, dir }) => {
    const col = def.columns.find((c) => c.name === column);
    return col ? [{ column: col, dir }] : [];
  });
}

/**
 * `stores=1,2,3`, `stores=1&stores=2` or `stores[]=1`: positive ids (a reference already replaced by its ids:
 * plugins/store-references.ts); empty means every visible store.
 */
function readStores(params: Params): number[] | undefined {
  const stores = readStoresParam([...(params.get('stores') ?? []), ...(params.get('stores[]') ?? [])]);
  if (typeof stores === 'string') throw new TableRequestError(stores);
  return stores ?? undefined;
}
