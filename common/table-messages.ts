// The table screens' texts (spec sections 5 and 8, and ours where it is silent): toolbar, settings, groups,
// columns, row dialogs and their notices. A catalogue of its own (common/messages.ts), so they come to the
// browser with the table's code rather than with every page; the server reaches them through server/messages.ts.
import { catalogue } from './messages.ts';

export const tableMessages = {
  // A table's settings, row groups and columns (ours; the empty group's label is the spec's emptyGroup)
  settingsTitle: 'Table settings',
  settingsColumns: 'Columns',
  settingsColumnsHint: 'Tick the columns to show; move them to change their order.',
  settingsMoveUp: 'Move {0} up',
  settingsMoveDown: 'Move {0} down',
  settingsGrouping: 'Grouping',
  settingsMainGroup: 'Main grouping',
  settingsSubGroup: 'Sub grouping',
  settingsNoGroup: 'None',
  settingsOneGroupOpen: 'Only one group open at a time',
  settingsBehaviour: 'Behaviour',
  settingsRefreshEveryTime: 'Refresh every time',
  settingsInfiniteScroll: 'Infinite scroll (load more rows at the bottom)',
  settingsSaveState: 'Save state',
  settingsClose: 'Close',
  groupHeader: '{0}: {1}',
  /** A count of rows: a group's, and the footer's under a column that counts them. */
  recordCount: '{0} Record(s)',
  /** Under an open group that holds more than it shows: reads its next page. */
  groupMoreRows: 'More rows ({0} of {1} shown)',
  groupMoreGroups: 'More groups ({0} of {1} shown)',
  columnResize: 'Width of {0}',
  columnMoved: '{0} moved to position {1}',

  // Dialogs and tables (sections 5 and 8)
  deleteConfirm: 'Are you sure you want to delete {0} record(s)?',
  notFoundRefreshed: 'Information NOT found!. Table Refreshed for changes',
  notFoundRefresh: 'Information NOT found!. Refresh for changes',
  inserted: '{0} Record(s) Inserted Successfully',
  updated: '{0} Record(s) Updated Successfully',
  removed: '{0} Record(s) Removed Successfully',
  insertFailed: '{0} Record(s) Failed to Insert',
  updateFailed: '{0} Record(s) Failed to Update',
  removeFailed: '{0} Record(s) Failed to Remove',
  jsonParse: 'JSON data from server could not be parsed',
  selectedCount: '{0} Record(s) Selected',
  selectAll: 'Select All',
  noDataToDownload: 'No data to download!',
  pdfUnavailable: 'Download as PDF is not available',
  selectToCopy: 'Please select some records to copy',
  copyFailed: 'Failed to Copy records!',
  emptyTable: 'No data available',
  info: 'Showing _START_ to _END_ of _TOTAL_ entries',
  /** The info line of a grouped table, which pages through its groups (ours). */
  infoGroups: 'Showing _START_ to _END_ of _TOTAL_ groups',
  zeroRecords: 'No matching records found',
  search: 'Search:',
  lengthMenu: 'Show _MENU_ entries',
  processing: 'Processing...',
  emptyGroup: '(no name)',

  // The table screens' own words (ours: the spec names the toolbar's buttons, not their labels)
  tableAdd: 'Add',
  tableEdit: 'Edit',
  tableDelete: 'Delete',
  tableRefresh: 'Refresh',
  tableChangedElsewhere: 'Someone else changed these rows.',
  tableSettings: 'Settings',
  tablePdf: 'PDF',
  tableExcel: 'Excel',
  tableCsv: 'CSV',
  tableCopy: 'Copy',
  tableAll: 'All',
  tableFirst: 'First',
  tablePrevious: 'Previous',
  tableNext: 'Next',
  tableLast: 'Last',
  tablePage: 'Page {0}',
  tableToolbar: 'Table actions',
  tableSelectRow: 'Select row {0}',
  tableSelectPage: 'Select every row on this page',
  tableTotals: 'Totals',
  tableCountEstimated: '(an estimate)',
  tableInfoFiltered: '(filtered from _MAX_ total entries)',
  tableListFailed: 'The list could not be read ({0}).',
  tableWarnUnknownData: 'Table {0}: the server sent no value for column "{1}" in row {2}.',
  tableWarnSavedColumns: 'Table {0}: the saved state names columns this table does not have ({1}); they were left out.',
  tableCopied: '{0} Record(s) copied to the clipboard',
  pdfTooManyRows:
    'A PDF holds at most {0} rows, and this table has {1}. Narrow it with a search or a filter, or download it as Excel or CSV, which hold every row.',

  // The tables' row dialogs (ours; their notices and the delete question are the spec's, above)
  dialogAddTitle: 'Add to {0}',
  dialogEditTitle: 'Edit in {0}',
  dialogDeleteTitle: 'Delete from {0}',
  dialogSave: 'Save',
  dialogSaving: 'Saving…',
  dialogChoiceSearch: 'Search the {0} list',
  dialogChoicesFailed: 'The choices could not be loaded: please close the dialog and try again.',
  dialogChoicesMore: 'More choices exist: search to narrow the list.',
} as const;

export type TableMessageKey = keyof typeof tableMessages;

/** The table text for `key`, following the language file. */
export const tableMsg = catalogue(tableMessages);
