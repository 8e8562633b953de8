// What the table island is told about its table, for the signed-in user: the browser-safe half of a
// resource definition narrowed to what this user may see and do, plus the screen's own place. Built on the
// server (server/table-screen/), carried in the island's props; it never holds SQL, table or column names
// of the database.
import type { FormField } from './form-definition.ts';
import type { Column } from './resources/types.ts';
import type { TableView } from './table-views.ts';

export type Row = Record<string, unknown>;

/** How the table tells of a mistake between server and page (spec section 8): an alert by default. */
export const tableWarningModes = ['alert', 'console', 'none'] as const;
export type TableWarnings = (typeof tableWarningModes)[number];

export interface TableConfig {
  /** The resource's URL name: the list and change calls go to `/api/<resource>`. */
  resource: string;
  title: string;
  /** `/api/<resource>`: GET lists (either DataTables dialect), POST adds, PATCH edits, DELETE removes. */
  listUrl: string;
  /** The screen's own path (`/stores`, `/admin/users`): the saved-state key; detail pages live under it. */
  pagePath: string;
  /** The key column's API name (`StoreID`); its plural (`StoreIDs`) names several rows in a change. */
  key: string;
  /** The optimistic-lock column, sent back with every edit and delete; absent for read-only resources. */
  version?: string;
  columns: Column[];
  /** The insert and update dialogs' fields (each with its rules, and `on` saying which dialogs show it). */
  fields: FormField[];
  defaultSort: Array<{ column: string; dir: 'asc' | 'desc' }>;
  pageSize: number;
  /** What this user may do here; the server checks again on every call, these only enable buttons. */
  can: { add: boolean; edit: boolean; delete: boolean; export: boolean };
  /**
   * Present when the table takes files (its definition's `import`, issue 36) and this user may add or edit
   * here: the Import button shows. `key` names the columns a file's row is matched on.
   */
  import?: { key: string[] };
  /** Each row has a detail page at `${pagePath}/${key}`, which the table opens in an overlay. */
  detail: boolean;
  /** The tables' dialogs' stylesheet (static/css/table-dialogs.css), loaded when the first one opens. */
  dialogStyles?: string;
  /** The column whose text names a row (`Resource.names`): the detail link sits in its cells, row checkboxes say it. */
  names?: ReadonlyArray<string>;
  /** The rows follow the header's store selection (the list call carries `stores=`). */
  storeScoped: boolean;
  /** Where the table's warnings go (table-warnings.ts): the server's TABLE_WARNINGS, `alert` by default. */
  warnings: TableWarnings;
  /**
   * The table's PDF (spec section 8): whether the server can print one (it found a Chromium; if not, the
   * button is disabled and says 'Download as PDF is not available'), and the most rows one may hold
   * (REPORT_MAX_ROWS): past it, or with no row at all, the user is told so before any tab opens.
   */
  pdf?: { available: boolean; maxRows: number };
  /** The list call's method (spec section 7): GET when absent; POST sends the same parameters as a form body. */
  listMethod?: ListMethod;
  /**
   * Where a list answer holds its rows (spec section 3): its property (a dotted path for a nested one), `data`
   * when absent; '' when the answer is itself an array of rows (its counts are then the rows it holds).
   */
  rowsProperty?: string;
  /**
   * Whether a change reads the rows again (spec section 4: "an update may refresh the table"), as when
   * absent: a row changed or removed meanwhile is then told 'Information NOT found!. Table Refreshed for
   * changes'. When false the rows stay as they were read, the changed ones marked, and the refresh is left
   * to the user: 'Information NOT found!. Refresh for changes'.
   */
  refreshAfterChange?: boolean;
  /**
   * An add issues a secret (an API token), which its answer's row carries once under this name: the add
   * dialog shows it, to be copied, before it closes (it can never be read again).
   */
  showsSecret?: string;
}

export const listMethods = ['GET', 'POST'] as const;
export type ListMethod = (typeof listMethods)[number];

/**
 * One group's figures over every row of it the list's filter finds, not only the page's: `values` is its
 * main grouping value, then (for a sub group) its sub grouping value; `totals` has the footer-total columns'.
 */
export interface GroupTotals {
  values: unknown[];
  count: number;
  totals: Row;
}

/** One list answer in the current dialect, with the table API's additions (list-response.ts). */
export interface TablePage {
  draw: number;
  recordsTotal: number;
  recordsFiltered: number;
  data: Row[];
  totals: Row | null;
  totalsSyncedAt: string | null;
  /** Either count is the planner's estimate (the two below say which; an older server says only this). */
  countIsEstimate: boolean;
  totalIsEstimate?: boolean;
  filteredIsEstimate?: boolean;
  /** When grouping was asked: the totals of each main and sub group with rows on this page (else null). */
  groups?: GroupTotals[] | null;
  syncedAt: string;
  next: string | null;
  prev: string | null;
  error?: string;
}

/** The table island's props, as the server renders them (server/table-screen/, server/islands/). */
export interface DataTableProps {
  config: TableConfig;
  /** The first page, as the server read it for the default state and `initialStores`. */
  initial: TablePage;
  /** The store selection the first page was read for (null: every store the user sees). */
  initialStores?: number[] | null;
  /**
   * The saved view the screen opens with (issue 39): the one its address names, or the person's default
   * (`viewFrom` says which; 'address' without a view: the address named one that cannot be opened, and the
   * table shows its own state). The first page is read for the default state; the island applies the view.
   */
  view?: TableView;
  viewFrom?: 'address' | 'default';
}
