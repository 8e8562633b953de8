// Every user-visible text in one place, worded exactly as the specification says. The language file
// (a JSON object of the same keys, fetched from a configured URL) may replace any of them at run time.

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
  usernameTaken: 'this user name is already taken.',
  dateRangeRequired: '"From Date" and "To Date" are required',
  dateRangeFromInvalid: '"From Date" is invalid',
  dateRangeToInvalid: '"To Date" is invalid',
  dateRangeTooOld: '"From Date" can not be less than {0} {1}',
  dateRangeToFuture: '"To Date" can not be greater than today',
  dateRangeFromAfterTo: '"From Date" can not be greater than "To Date"',
  dateRangeTooLong: 'Date range should not exceed {0} months',

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
  zeroRecords: 'No matching records found',
  search: 'Search:',
  lengthMenu: 'Show _MENU_ entries',
  processing: 'Processing...',
  emptyGroup: '(no name)',

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
  signInFailed: 'The user name or password is not correct.',
  signInInactive: 'This account is not active. Please ask your administrator.',
  signInThrottled: 'Too many sign-in attempts. Please wait {0} minutes and try again.',
  csrfFailed: 'Your session form has expired. Please reload the page and try again.',
  signedOut: 'You have signed out.',
  serverError: 'Something went wrong on the server. The IT department can see the details.',
  notFound: 'This page does not exist.',
  badRequest: 'The request was not understood.',
  unauthenticated: 'Please sign in.',
  lowStorage: 'This browser is low on storage; the store selection may not be kept.',
  usernameChecking: 'checking the user name…',
  userAdded: 'User "{0}" was added.',
  salesHistoryLoading: 'The demo sales history is still being loaded ({0} % so far): sales, totals and reports are incomplete until it has finished.',

  // The table API's refusals (ours: the spec names only sError/Error)
  tableTooManyParams: 'The request has too many parameters.',
  tableRepeated: 'The parameter "{0}" was sent more than once with different values.',
  tableBadNumber: 'The parameter "{0}" must be a whole number.',
  tableOutOfRange: 'The parameter "{0}" must be from {1} to {2}.',
  tableBadLength: 'The page length must be -1 (All) or at least 1.',
  tableUnknownColumn: 'This table has no column "{0}".',
  tableNotSearchable: 'The column "{0}" cannot be searched.',
  tableNotSortable: 'The column "{0}" cannot be sorted.',
  tableBadSortColumn: 'Sort column {0} is not one of the table\'s columns.',
  tableBadSortDir: 'The sort direction must be "asc" or "desc".',
  tableTooManySorts: 'At most {0} columns can be sorted at once.',
  tableSortColumnMissing: 'The sort has {0} columns but "{1}" names none.',
  tableNotGroupable: 'The table cannot be grouped by "{0}".',
  tableSearchTooLong: 'The search text is too long: at most {0} characters.',
  tableSearchTooManyWords: 'The search has too many words: at most {0}.',
  tableBadStores: 'The store selection must be a list of store ids.',
  tableUnknownField: 'This table has no field "{0}".',
  tableNoChoices: 'This table has no field "{0}" to choose a value for.',
  tableReadOnlyField: 'The field "{0}" ({1}) cannot be set here.',
  tableNoKeys: 'Please say which record(s): send {0} or {1}.',
  tableBadKeys: 'The record ids in "{0}" must be whole numbers.',
  tableBadVersions: 'The record versions in "{0}" must be whole numbers: please refresh the table and try again.',
  tableTooManyRows: 'At most {0} records can be changed at once.',
  tableVersionMissing: 'The record version is missing: please refresh the table and try again.',
  tableVersionCount: 'Send one version per record: {0} records, {1} versions.',
  tableNotInList: 'please choose a value from the list.',
  tableValuesConflict: 'These values do not fit together: please check them.',
  tableInUse: 'This record is still used by other records, so it cannot be removed.',
  tableNothingToChange: 'Nothing to change: please send at least one field.',
  endBeforeStart: 'please enter a date on or after the start.',
  headOfficeCode: 'the head office group keeps the code HQ, and no other group can take it.',
  tableOwnAccountChange: 'You cannot change "{0}" on your own account: please ask another administrator.',
  tableOwnAccountDelete: 'You cannot delete your own account: please ask another administrator.',
  tableExportFormat: 'Export is available as CSV (format=csv) or Excel (format=xlsx).',
  tableExportBusy: '{0} exports are already being downloaded: please try again when one has finished.',
  tableExportTooManyRowsForExcel: 'Excel holds at most {0} rows and this table has more: please narrow the search or export as CSV.',

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
  errorReportThrottled: 'Too many error reports from here. Please wait {0} minutes.',

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

/** Replaces the defaults with a language file's strings; unknown keys and non-strings are ignored. */
export function useLanguage(strings: Record<string, unknown>): void {
  const next = { ...defaultMessages } as Record<MessageKey, string>;
  for (const key of Object.keys(defaultMessages) as MessageKey[]) {
    const value = strings[key];
    if (typeof value === 'string') next[key] = value;
  }
  active = next;
}
