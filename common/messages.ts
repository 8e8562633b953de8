// The texts the browser shows, worded exactly as the specification says; the server adds the texts only it
// writes (server/messages.ts), so the browser's bundle does not carry reports', pages' and refusals' words.
// The language file (a JSON object of the same keys, fetched from a configured URL) may replace any of them.

export const defaultMessages = {
  // Validation (spec section 5)
  required: 'this field is required.',
  min: 'please enter a value greater than or equal to {0}.',
  max: 'please enter a value less than or equal to {0}.',
  minLength: 'please enter at least {0} characters.',
  maxLength: 'please enter no more than {0} characters.',
  pattern: 'please check this value.',
  step: 'value must increment by {0}',
  email: 'please enter a valid email address',
  date: 'please enter a valid date',
  dateISO: 'please enter a valid date',
  number: 'please enter a number',
  digit: 'please enter a digit',
  phoneUS: 'please specify a valid phone number',
  equal: 'Values must equal',
  notEqual: 'please choose another value.',
  unique: 'please make sure the value is unique.',
  username: 'username validation error!',
  usernameValid: 'valid username',
  dateRangeRequired: '"From Date" and "To Date" are required',
  dateRangeFromInvalid: '"From Date" is invalid',
  dateRangeToInvalid: '"To Date" is invalid',
  dateRangeTooOld: '"From Date" can not be less than {0} {1}',
  dateRangeToFuture: '"To Date" can not be greater than today',
  dateRangeFromAfterTo: '"From Date" can not be greater than "To Date"',
  dateRangeTooLong: 'Date range should not exceed {0} months',

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
  groupRecords: '{0} Record(s)',
  columnResize: 'Width of {0}',
  columnMoved: '{0} moved to position {1}',

  // Dialogs and tables (sections 5 and 8)
  deleteConfirm: 'Are you sure you want to delete {0} record(s)?',
  notFoundRefreshed: 'Information NOT found!. Table Refreshed for changes',
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
  selectToCopy: 'Please select some records to copy',
  copyFailed: 'Failed to Copy records!',
  emptyTable: 'No data available',
  info: 'Showing _START_ to _END_ of _TOTAL_ entries',
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
  tableLastUpdated: 'last updated {0}',
  tableCountEstimated: '(an estimate)',
  tableInfoFiltered: '(filtered from _MAX_ total entries)',
  tableListFailed: 'The list could not be read ({0}).',
  tableWarnUnknownData: 'Table {0}: the server sent no value for column "{1}" in row {2}.',
  tableWarnSavedColumns: 'Table {0}: the saved state names columns this table does not have ({1}); they were left out.',
  tableCopied: '{0} Record(s) copied to the clipboard',

  // Navigation, access and errors (sections 2, 6 and 8)
  forbidden: 'you are not Authorized to view this page or part of the page content.',
  popupFailed: 'Failed to load the url.',
  reportFailed: 'Unable to load the report.',
  summaryEmpty: 'No Data found',
  sendToIT: 'Send to IT',
  sentToIT: 'Sent to IT Department',
  sendToITFailed: 'Unable to submit...',
  createTicket: 'Create Service Ticket',
  ticketUnavailable: 'service currently not available',
  reloadAndRetry: 'Reload and Try again',
  cancel: 'Cancel',

  // Ours, where the spec is silent
  serverError: 'Something went wrong on the server. The IT department can see the details.',
  badRequest: 'The request was not understood.',
  unauthenticated: 'Please sign in.',
  lowStorage: 'This browser is low on storage; the store selection may not be kept.',
  usernameChecking: 'checking the user name…',

  // Summaries, charts and the dashboard (ours, where the spec is silent; 'No Data found' is summaryEmpty)
  summaryMore: 'Show {0} more',
  summaryLess: 'Show fewer',
  fieldSales: 'Sales',
  chartFigures: 'Figures',
  chartLineSummary: '{0} cycles from {1} to {2}. Highest: {3} in {4}. Lowest: {5} in {6}.',

  // Reports and their PDFs (ours, where the spec is silent; the empty answer is the spec's reportFailed)
  datePickerOpen: 'Choose the {0} from a calendar',

  // Navigation, popups, the error dialog and error reports (ours, where the spec is silent)
  dismiss: 'Dismiss',
  close: 'Close',
  requestFailedTitle: 'The request could not be completed',
  labelPage: 'Page',
  labelUrl: 'Url',
  labelError: 'Error',
  labelStatus: 'Status',
  labelMessage: 'Message',
  labelExceptionMessage: 'Exception message',
  labelExceptionType: 'Exception type',
  requestTimedOut: 'The server did not answer within {0} seconds.',
  serverUnreachable: 'The server could not be reached. Please check the connection and try again.',
  pageNotShown: 'The page arrived but could not be shown.',
  failureDetails: 'Details',
  failureLeadTimeout:
    'The server took more than {0} seconds to answer, so nothing was changed: try again, and send the details to IT if it keeps happening.',
  failureLeadUnreachable: 'The server could not be reached: check the network connection, then try again.',
  failureLeadNotShown: 'The page arrived but could not be shown: try again, and send the details to IT if it keeps happening.',
  failureLeadServer: 'The server could not complete the request: try again, and send the details to IT if it keeps happening.',
  ticketDisabledNote: '"{0}" is turned off: {1}.',

  // The shell around every page (ours)
  loading: 'Loading…',
  allStores: 'All stores',
  oneStore: '1 store',
  someStores: '{0} stores',

  // The store selector's label ({0}: how many chosen or all, {1}: how many the user sees, {1}/{2}: their region)
  storeScopeAll: 'All stores ({0})',
  storeScopeRegion: 'All {1} stores ({0})',
  storeScopePart: '{0} of {1} stores',
  storeScopeRegionPart: '{0} of {1} {2} stores',

  // The same on a phone, beside a store icon, the words above still read out: every store ({0}), a part ({0} of {1})
  storeScopeShortAll: '{0}',
  storeScopeShortPart: '{0}/{1}',
  storeAllRegions: 'All regions',
  storeAllStates: 'All states',
  storeGroupName: '{0} ({1})',
  storeShown: 'Chosen: {0}. Shown: {1}.',
  storeNoneShown: 'No store matches the search.',
  storeNoneChosen: 'No store is chosen: choose at least one to apply.',
  storesLoadFailed: 'The store list could not be loaded: close this and try again.',
  apply: 'Apply',

  // Forms (ours): the marker of a required field, and hints under labels ({0}, {1}: the field's minLength, maxLength)
  fieldRequired: '(required)',
  hintDate: 'Day, month and year, for example 31/01/2025.',
  hintUserName: '{0} to {1} characters: letters, digits, dots, dashes and underscores, no spaces.',
  hintPassword: 'At least {0} characters.',

  // The tables' row dialogs (ours; their notices and the delete question are the spec's, above)
  dialogAddTitle: 'Add to {0}',
  dialogEditTitle: 'Edit in {0}',
  dialogDeleteTitle: 'Delete from {0}',
  dialogSave: 'Save',
  dialogSaving: 'Saving…',
  dialogChoiceSearch: 'Search the {0} list',
  dialogChoicesFailed: 'The choices could not be loaded: please close the dialog and try again.',
  dialogChoicesMore: 'More choices exist: search to narrow the list.',

  // Pages (ours)
  popupPrint: 'Print',

  // The real-time hub and the inbox (ours)
  inboxLabel: 'Inbox',
  inboxMessages: 'Messages',
  inboxAlerts: 'Alerts',
  inboxNotifications: 'Notifications',
  inboxUnread: '{0}: {1} unread',
  inboxEmpty: 'Nothing here yet.',
  inboxMarkRead: 'Mark read',
  inboxMarkUnread: 'Mark unread',
  inboxMarkAllRead: 'Mark all read',
  inboxSeeAll: 'See all',
  inboxNewMessage: 'Message from {0}: {1}',
  inboxNewAlert: 'Alert: {0}',
  inboxNewNotification: '{0}',
  inboxSystem: 'Backroom',

  // Words of formatted values (spec section 9: time-ago units; date-range units; booleans in tables)
  unitYear: 'year',
  unitYears: 'years',
  unitMonth: 'month',
  unitMonths: 'months',
  unitDay: 'day',
  unitDays: 'days',
  unitHour: 'hour',
  unitHours: 'hours',
  unitMinute: 'minute',
  unitMinutes: 'minutes',
  unitSecond: 'second',
  unitSeconds: 'seconds',
  timeAgoPast: '{0} {1} ago',
  timeAgoFuture: 'in {0} {1}',
  timeAgoNow: 'just now',
  yes: 'Yes',
  no: 'No',
} as const;

export type MessageKey = keyof typeof defaultMessages;

let active: Record<MessageKey, string> = { ...defaultMessages };

/** The message for `key` with `{0}`, `{1}`… replaced by `args` in order. */
export function msg(key: MessageKey, ...args: Array<string | number>): string {
  return fill(active[key], args);
}

export function fill(template: string, args: ReadonlyArray<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (whole, i: string) => {
    const arg = args[Number(i)];
    return arg === undefined ? whole : String(arg);
  });
}

/** `defaults` with a language file's strings in their place; unknown keys and non-strings are ignored. */
export function withLanguage<K extends string>(defaults: Readonly<Record<K, string>>, strings: Record<string, unknown>): Record<K, string> {
  const next: Record<K, string> = { ...defaults };
  for (const key of Object.keys(defaults) as K[]) {
    const value = strings[key];
    if (typeof value === 'string') next[key] = value;
  }
  return next;
}

/** Replaces the defaults with a language file's strings. */
export function useLanguage(strings: Record<string, unknown>): void {
  active = withLanguage(defaultMessages, strings);
}
