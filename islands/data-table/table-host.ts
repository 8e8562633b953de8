// What the table island offers the code it loads on first use (dialogs/, export/): the table's config,
// its selection and query, and the ways to show a change's outcome. The island implements it; those
// modules only call it, so they never reach into the island's state.
import type { Row, TableConfig } from '../../common/table-config.ts';
import type { TableState } from '../../common/table-state.ts';
import type { TableView } from '../../common/table-views.ts';
import type { SetTableState } from './use-table-state.ts';

export type RowMark = 'inserted' | 'updated' | 'removed' | 'failed';

/** A button a notice offers (Undo): its label, what it does, and for how long it is offered. */
export interface NoticeAction {
  label: string;
  seconds: number;
  run(): void;
}

export interface TableHost {
  config: TableConfig;
  /** The island's container: dialogs are drawn beside it, and focus returns into it when they close. */
  container: HTMLElement;
  /** The selected rows, as the last list answer gave them (with their key and version). */
  selectedRows(): Row[];
  /** How many rows the list's filter matches, as the last list answer counted them: what an export would write. */
  rowCount(): number;
  /**
   * The list's current query (search, order, visible columns, store selection), as the list call sends it
   * without paging: what the exports and the PDF apply to every filtered row.
   */
  listQuery(): URLSearchParams;
  /** The visible columns in their shown order, and the main and sub grouping column names (or null). */
  view(): { visible: string[]; mainGroup: string | null; subGroup: string | null };
  /**
   * Reads the rows shown again from the server (bypassing the session cache), after `delayMs` if given: the
   * rows stay as they are, and marked, meanwhile.
   */
  refresh(delayMs?: number): Promise<void>;
  /** Shows rows as a change stored them in place of those shown with the same key, without reading the list again. */
  showRows(rows: ReadonlyArray<Row>): void;
  /**
   * Marks rows by key after a change: they show the inserted, updated, removed or failed style. Rows marked
   * removed can no longer be selected (those selected are no longer).
   */
  markRows(keys: ReadonlyArray<unknown>, mark: RowMark): void;
  /**
   * Announces a notice in the island's live region (shown above the table): `kind` picks its colour. With an
   * `action` (Undo), the notice offers its button for the action's time, then goes.
   */
  notify(text: string, kind: 'success' | 'error' | 'info', action?: NoticeAction): void;
  /** The table's whole view state as it is now (table-state.ts): what the settings panel shows. */
  state(): TableState;
  /** Changes the view state (merged into it, saved when save state is on); the table follows. */
  setState: SetTableState;
  /** The saved view the table shows (issue 39), and whether the table was changed since it opened; null: none. */
  shownView(): { view: TableView; changed: boolean } | null;
  /** Shows `view` (its state over the table's, from the first page), or the table's own state when null; the address names it. */
  showView(view: TableView | null): void;
  /**
   * The table now shows `view`, its state left as it is: one just saved from it, or the one shown kept anew
   * (renamed, replaced, shared); null: none any more (the view shown was deleted).
   */
  nameView(view: TableView | null): void;
}

/*
 * The modules the island imports on first use (actions.ts), each given this host:
 *   ./dialogs/row-dialogs.tsx    openInsertDialog(host), openUpdateDialog(host, row), openBulkEditDialog(host, rows),
 *                                 openDeleteDialog(host, rows)
 *   ./export/export-actions.ts   exportPdf(host), exportFile(host, 'xlsx' | 'csv'), copyRows(host)
 *   ./import/import-dialog.tsx   openImportDialog(host): when the import ends, notify and refresh
 *   ./views/views-dialog.tsx     openViews(host): the saved views of the table; shows one (showView), and
 *                                 keeps, renames, replaces, shares and deletes them (nameView)
 *   ./shortcuts/shortcuts-dialog.tsx openShortcuts(host): the keyboard shortcuts this user has here
 *   ./settings/settings-panel.tsx openSettings(host, state, setState): draws its own panel beside
 *                                 host.container (a <dialog>, or a React root of its own) and changes the
 *                                 table through setState (column visibility, mainGroup/subGroup,
 *                                 refreshEveryTime, saveState). `state` is the state when opened; host.state()
 *                                 reads it later.
 * Each returns a promise or nothing; a failure it does not handle is reported as any uncaught error.
 */
