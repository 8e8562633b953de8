// The texts only the server writes (pages, reports, refusals, what the system raises), beside the browser's
// own in common/ (messages.ts, table-messages.ts, validation-messages.ts, session-messages.ts, on-use-messages.ts,
// store-dialog-messages.ts, import-messages.ts, view-messages.ts): server code takes `msg` from here
// and reaches every catalogue, while the browser's bundles carry only theirs. A language file read at start
// (server/language.ts, through common/messages.ts's useLanguage) replaces all of them.
import {
  catalogue,
  defaultMessages as browserMessages,
  fill,
  msg as browserMsg,
  type MessageKey as BrowserMessageKey,
} from '../common/messages.ts';
import { sessionMessages, sessionMsg, type SessionMessageKey } from '../common/session-messages.ts';
import { onUseMessages, onUseMsg, type OnUseMessageKey } from '../common/on-use-messages.ts';
import { storeDialogMessages, storeDialogMsg, type StoreDialogMessageKey } from '../common/store-dialog-messages.ts';
import { importMessages, importMsg, type ImportMessageKey } from '../common/import-messages.ts';
import { viewMessages, viewMsg, type ViewMessageKey } from '../common/view-messages.ts';
import { tableMessages, tableMsg, type TableMessageKey } from '../common/table-messages.ts';
import { validationMessages, validationMsg, type ValidationMessageKey } from '../common/validation-messages.ts';

export { fill };
export { useLanguage } from '../common/messages.ts';

export const serverMessages = {
  // Validation (spec section 5)
  usernameTaken: 'this user name is already taken.',

  // The table screens' own words (ours: the spec names the toolbar's buttons, not their labels)
  tableClearSelection: 'Clear the selection',

  // Ours, where the spec is silent
  signInFailed: 'The user name or password is not correct.',
  signInThrottled: 'Too many sign-in attempts. Please wait {0} minutes and try again.',
  signInThrottledSeconds: 'Too many sign-in attempts. Please wait {0} seconds and try again.',
  metricsTokenRequired: 'The metrics need the token METRICS_TOKEN sets (Authorization: Bearer <token>).',
  metricsAddressRefused: 'This address may not read the metrics (METRICS_ALLOW).',
  instanceStopping: 'This server is stopping; the next request goes to another one.',
  csrfFailed: 'Your session form has expired. Please reload the page and try again.',
  signedOut: 'You have signed out.',

  // Sign-in with the company's identity provider (ours: server/routes/login/oidc/, server/auth/oidc/)
  signInWith: 'Sign in with {0}',
  signInOr: 'or',
  signInWithPassword: 'Sign in with a password (emergency account only)',
  passwordSignInOff: 'Passwords are switched off for this account: please sign in with {0}.',
  providerStateRefused:
    'This sign-in could not be checked: it did not come back to the sign-in this browser started (its state did not match). Please sign in again.',
  providerNonceRefused:
    'This sign-in could not be checked: the identity provider answered for another sign-in (its nonce did not match). Please sign in again.',
  providerRefused: 'The identity provider refused the sign-in: {0}',
  providerUnavailable: 'The identity provider cannot be reached right now. Please try again in a minute; if it goes on, tell IT.',
  providerAnswerRefused:
    "The identity provider's answer could not be checked, so you are not signed in. Please sign in again; if it goes on, tell IT.",
  providerNoUserClaim: 'The identity provider did not say who you are (it sent no "{0}"). Please tell IT.',
  providerUnknownUser: 'There is no Backroom account for "{0}". Please ask an administrator to add you.',
  providerInactiveUser: 'The Backroom account "{0}" is not active. Please ask an administrator.',
  providerLinkedToAnother: 'The Backroom account "{0}" belongs to another account at the identity provider. Please ask an administrator.',
  providerSignOut: 'You have signed out of Backroom. Now signing you out at {0}…',
  providerSignOutContinue: 'Continue',
  databaseUnavailable: 'The database is not available right now. Please try again in a minute.',
  notFound: 'This page does not exist.',
  userAdded: 'User "{0}" was added.',

  // Refusals of a request itself, whatever the route (ours: server/plugins/refusals.ts)
  requestNotWhole: 'The value of "{0}" must be a whole number.',
  requestNotNumber: 'The value of "{0}" must be a number.',
  requestWrongKind: 'The value of "{0}" is not in the expected form.',
  requestBelowMin: 'The value of "{0}" must be at least {1}.',
  requestAboveMax: 'The value of "{0}" must be at most {1}.',
  requestTooShort: 'The value of "{0}" must be at least {1} characters long.',
  requestTooLong: 'The value of "{0}" must be at most {1} characters long.',
  requestMissing: 'The value of "{0}" is missing.',
  requestNotAccepted: 'The value of "{0}" is not accepted.',
  requestBadKey: 'The value of "{0}" must be a record number: a whole number from 1 to {1}.',
  requestUnreadable: 'The request could not be read: its values are not in the expected form.',
  requestBadUrl: 'This address is not valid: please check it.',
  requestUrlTooLong: 'This address is too long.',
  requestTooLarge: 'The request is too large: please send less at once.',
  requestHeadersTooLarge: "The request's headers are too large.",
  requestTimedOut: 'The request took too long to arrive: please try again.',
  requestBadContentType: 'The server does not accept this kind of content here.',
  requestBadJson: 'The request body is not valid JSON.',
  requestBadCharacter: 'The request contains a character that cannot be stored (such as a NUL byte): please remove it.',
  requestOutOfRange: 'A number in the request is too large or too small.',
  requestBadValue: 'A value in the request is not in the expected form (a number or a date, for example): please check it.',
  requestTextTooLong: 'A text in the request is too long to be stored.',

  // The table API's refusals (ours: the spec names only sError/Error)
  tableTooManyParams: 'The request has too many parameters.',
  tableBadCharacter: 'The value of "{0}" contains a character that cannot be stored (such as a NUL byte): please remove it.',
  tableRepeated: 'The parameter "{0}" was sent more than once with different values.',
  tableBadNumber: 'The parameter "{0}" must be a whole number.',
  tableOutOfRange: 'The parameter "{0}" must be from {1} to {2}.',
  tableBadLength: 'The page length must be -1 (All) or at least 1.',
  tableUnknownColumn: 'This table has no column "{0}".',
  tableNotSearchable: 'The column "{0}" cannot be searched.',
  tableNotSortable: 'The column "{0}" cannot be sorted.',
  tableBadSortColumn: "Sort column {0} is not one of the table's columns.",
  tableBadSortDir: 'The sort direction must be "asc" or "desc".',
  tableTooManySorts: 'At most {0} columns can be sorted at once.',
  tableSortColumnMissing: 'The sort has {0} columns but "{1}" names none.',
  tableNotGroupable: 'The table cannot be grouped by "{0}".',
  tableGroupWithoutGrouping: 'A group can only be read from a grouped table: please send "maingroup" too.',
  tableBadGroup: 'The group must be a JSON list of at most {0} grouping value(s), the main grouping first.',
  tableBadGroupValue: 'The group value for "{0}" is not a value of that column.',
  tableBadGroupDay: 'The group value for "{0}" is not a day: {1}.',
  tableBadGroupTime: 'The group value for "{0}" is not a time the table can hold: {1}.',
  dayForm: 'a day is written yyyy-mm-dd, as the table sends it',
  dayNotInCalendar: 'it names no day of the calendar from 0001-01-01 to 9999-12-31',
  instantForm: 'a time is written yyyy-mm-ddThh:mm:ss, with its offset from UTC (Z or ±hh:mm), as the table sends it',
  instantNoDay: 'its day does not exist in the calendar',
  instantTimeOfDay: 'the time of day must be from 00:00:00 to 23:59:59',
  instantOffset: 'the offset from UTC must be from -15:59 to +15:59',
  instantYears: 'it must fall within the years 0001 to 9999 (UTC)',
  tableSearchTooLong: 'The search text is too long: at most {0} characters.',
  tableSearchTooManyWords: 'The search has too many words: at most {0}.',
  tableBadStores: 'The store selection must be a list of store ids.',
  storesSelectionUnknown: 'This store selection is no longer known: please reload the page, or choose the stores again.',
  storeSelectionsPerDay: 'At most {0} new store selections can be kept a day: please use one chosen before, or try again tomorrow.',
  tableUnknownField: 'This table has no field "{0}".',
  tableNoChoices: 'This table has no field "{0}" to choose a value for.',
  tableNoFilterValues: 'This table has no column "{0}" whose filter values come from another table.',
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
  tableRowNotSaved: 'Not saved: the database became unavailable. Please try again in a minute.',
  tableRowInDoubt:
    'The database became unavailable while this record was being saved: it may or may not have been saved. Please refresh the table before trying again.',
  endBeforeStart: 'please enter a date on or after the start.',
  headOfficeCode: 'the head office group keeps the code HQ, and no other group can take it.',
  saleBeforeStoreOpened: 'this store opened on {0}: please enter that day or a later one.',
  chartToDate: '{0} (to date)',
  saleDayTaken: 'this store already has sales on that day: please edit them, or choose another day.',
  storeOpensAfterSales: 'this store has sales from {0}: please enter that day or an earlier one.',
  tableOwnAccountChange: 'You cannot change "{0}" on your own account: please ask another administrator.',
  tableOwnAccountDelete: 'You cannot delete your own account: please ask another administrator.',
  // Undo of a table change (ours, issue 39): why a change, or one of its rows, was not put back
  undoUnknown: 'This change is not known (or it is long past): it cannot be undone.',
  undoNotYours: 'Only the person who made a change can undo it.',
  undoAlreadyDone: 'This change has already been undone.',
  undoTooLate: 'The time to undo this change is over: a change can be undone for {0} seconds.',
  undoRowNotRestored: '"{0}" was not restored: {1}',
  undoChangedSince: 'it has been changed since, and was left as it is.',
  undoRemovedSince: 'it has been removed since.',
  undoNothingKept: 'what this change replaced (a password) is not kept, so it cannot be put back.',
  privilegeAdminFlags: 'Only a super administrator may make or unmake an administrator.',
  privilegeAdministratorActive: 'Only a super administrator may deactivate or reactivate an administrator.',
  privilegeSuperAdminRow: 'Only a super administrator may change or delete a super administrator.',
  privilegeAdministratorPassword: "Only a super administrator may set an administrator's password.",
  tableUnknownCodes: 'please check this value: {0} is not one of the choices.',
  tableExportFormat: 'Export is available as CSV (format=csv) or Excel (format=xlsx).',
  tableExportBusy: '{0} exports are already being downloaded: please try again when one has finished.',
  tableExportUserBusy: 'You already have {0} exports under way: please try again when one of them has finished.',
  pdfUserBusy: 'You already have {0} PDFs under way: please try again when one of them has finished.',
  tableExportTooManyRowsForExcel: 'Excel holds at most {0} rows and this table has more: please narrow the search or export as CSV.',

  // Importing a file's rows into a table (ours: server/imports/engine/, routes/api/resource/imports/).
  importKeyTwice: 'this row is in the file twice: line {0} has it already.',
  importKeyAmbiguous: 'more than one row of the table has this key: please change that row in the table itself.',
  importNotFound: 'none of your choices is "{0}".',
  importFoundTwice: '"{0}" names more than one of your choices: please change this row in the table itself.',
  importRowMissing: 'This row is not in the table, and this import only changes rows that are.',
  importRowExists: 'This row is in the table already, and this import only adds new rows.',
  importCannotChange: 'this value cannot be changed once the row is added.',
  importNoColumnMatched:
    'No column of this file matches a field of {0}: its header row should name them as the table does (download the example file).',
  importBadMapping: 'The columns chosen do not match the file: {0}',
  importMappingUnknown: '"{0}" is no field of this table.',
  importMappingTwice: '{0} is chosen for two columns.',
  importMappingLength: 'a choice is needed for each column of the file.',
  importMappingNone: 'no column is chosen.',
  importMode: 'Choose add and update, add only, or update only.',
  importGone: 'This import is no longer here: please upload the file again.',
  importBusy: 'This import is already running.',
  importAlreadyDone: 'This import has already been run.',
  importTooManyForUser: 'You have {0} imports running already, the most at once: please wait until one has finished.',
  importTooManyOnInstance: 'The server is running {0} imports already, the most at once: please try again in a few minutes.',
  importNotWritten: 'Nothing was imported: {0} rows were refused, and this import was to take all rows or none.',
  importFailed: 'The import stopped before its end: {0}',
  importFailedUnknown: 'something went wrong on the server, and it was logged.',
  importDoneTitle: 'Import into {0} finished',
  importDoneBody: '{0}: {1} added, {2} changed, {3} unchanged, {4} refused.',
  importNotDoneBody: '{0}: nothing was imported ({1} rows refused). Download the refused rows, correct them and import again.',
  importFailedTitle: 'Import into {0} failed',
  importNoRefusedRows: 'No rows were refused.',
  importLineColumn: 'Line',
  importMessagesColumn: 'Messages',

  // Reading an imported file (ours: server/imports/). {0} of a place is a CSV file's line or a sheet's row.
  importPlaceLine: 'Line {0}',
  importPlaceRow: 'Row {0}',
  importNotTable: 'This file is neither a CSV file nor an Excel workbook (.xlsx): please choose one of those.',
  importCsvOnly: 'Only CSV text is read here: please send the rows as CSV (a workbook can be saved as CSV from Excel).',
  importOldExcel:
    'This workbook is in the old Excel format (.xls), or protected by a password: please open it in Excel and save it as an Excel Workbook (.xlsx) without a password, or as CSV.',
  importEmpty: 'This file is empty: there is nothing to import.',
  importHeaderOnly: 'This file has a header row but no rows below it: there is nothing to import.',
  importTooLarge: 'This file is larger than {0} MB, the most an import takes: please split it into smaller files.',
  importUnpackedTooLarge:
    'This workbook unpacks to more than {0} MB, the most an import takes: please split it into smaller files, or save it as CSV.',
  importTooManyRows: 'This file has more than {0} rows, the most one import takes: please split it into smaller files.',
  importTooManyColumns: 'The header row has more than {0} columns: please keep only the columns to import.',
  importUtf16NoBom:
    'This file looks like UTF-16 text without a byte-order mark, whose encoding cannot be told for sure: please save it as CSV UTF-8 and import it again.',
  importBadEncoding:
    '{0} is neither UTF-8 nor Windows-1252 (Western European) text, so its characters cannot be read for sure: please save the file as CSV UTF-8 and import it again.',
  importNulCharacter: '{0} holds a NUL character, which no text file has: this does not look like a CSV file.',
  importLineTooLong: '{0} is longer than {1} KB, or opens a quote that is never closed: please check it.',
  importQuoteNotClosed: '{0} opens a quote that is never closed: please check its quotes.',
  importUnreadableCsv: '{0} could not be read as CSV: please check its separators and quotes.',
  importTooManyCells: '{0} has {1} values but the header row has {2} columns: please check its separators and quotes.',
  importWorkbookDamaged:
    'This Excel file is damaged or is not a workbook: please open it in Excel, save it as an Excel Workbook (.xlsx) and import it again.',
  importNoWorksheet: 'This workbook has no worksheet to import.',
  importFormula:
    'Cell {0} holds a formula, and formulas are not imported (their results would have to be computed): please copy the sheet, paste it as values only, and import that.',

  // The feed for machines (server/feed/, docs/api.md "The feed"): its refusals, each saying what to do
  feedTokenUser: 'API token {0}',
  feedTokenMissing:
    'This call needs an API token, sent as the header "Authorization: Bearer <token>": an administrator issues one under Administration, API tokens.',
  feedTokenUnknown: 'This API token is not known: it was revoked, or it is mistyped. Please ask an administrator for a new one.',
  feedTokenExpired: 'This API token expired on {0}: please ask an administrator for a new one.',
  feedTokenOpensFeedOnly: 'An API token opens only the feed (POST /api/feed/<table>): this address needs a signed-in user.',
  feedTableNotAllowed: 'This API token may not write {0}: it may write {1}.',
  feedTableUnknown: 'There is no feed for {0}: the feed writes {1}.',
  feedTooManyRequests: 'This API token sent more than {0} requests in a minute: please wait {1} seconds, then send again.',
  feedBodyType:
    'Please send the rows as a JSON array (Content-Type: application/json) or as CSV with a header line (Content-Type: text/csv).',
  feedNotRows: 'The body must be a JSON array of rows, each an object of field names and values: {0}.',
  feedNoRows: 'The body holds no row to write.',
  feedUnknownField: 'Row {0} names {1}, which {2} has not: its names are {3}.',
  feedNoColumnMatched: 'No column of the CSV header is one of {0}: its names are {1}.',
  feedTooManyRows: 'One request takes up to {0} rows: please send them in several requests.',
  feedBadJson: 'The body is not valid JSON: {0}',
  feedIdempotencyKeyBad: 'The Idempotency-Key header must be 1 to 200 visible characters (letters, digits, punctuation).',
  feedIdempotencyKeyReused: 'This Idempotency-Key was already sent with a different body: a new request needs a new key.',
  feedIdempotencyUnderWay: 'A request with this Idempotency-Key is still under way: please send it again in a few seconds.',
  feedBusy:
    'The feed is busy ({0} requests being written, {1} waiting): please send this again in {2} seconds, with the same Idempotency-Key.',

  // Summaries, charts and the dashboard (ours, where the spec is silent; 'No Data found' is summaryEmpty)
  // The side menu's sections (server/shell/menu-entries.ts)
  menuStores: 'Stores',
  menuSales: 'Sales',
  menuInbox: 'Inbox',
  menuAdministration: 'Administration',
  dashboardTitle: 'Dashboard',
  dashboardWelcome: 'Welcome, {0}.',
  dashboardScope: 'Figures for {0}, {1} to {2}, for the stores you see and have selected.',
  dashboardNoCycle: 'There are no sales figures yet.',
  dashboardShortcuts: 'What you can do',
  dashboardInbox: 'Your inbox',
  dashboardUnreadItem: 'unread',
  dashboardNoShortcuts: 'Your account has no screens beyond this one yet: please ask your administrator for the roles you need.',
  summariesTitle: 'Summaries',
  chartsTitle: 'Charts',
  summaryTotals: 'This cycle',
  summaryTopStores: 'Top stores',
  summaryBottomStores: 'Bottom stores',
  summaryAllStores: 'Every store this cycle',
  fieldCycle: 'Cycle',
  fieldPeriod: 'Days',
  fieldTransactions: 'Transactions',
  fieldAverageTicket: 'Average ticket',
  fieldAverageMargin: 'Average margin',
  fieldPreviousSales: 'Previous cycle sales',
  fieldSalesChange: 'Change in sales',
  fieldStores: 'Stores with sales',
  fieldStore: 'Store',
  fieldState: 'State',
  fieldGroup: 'Group',
  periodDays: '{0} to {1}',
  filterAny: 'All',
  filterShow: 'Show',
  chartSalesPerCycle: 'Sales per cycle',
  chartTopStores: 'Top stores by sales',
  chartSalesByState: 'Sales by state',
  chartSalesByStateTop: 'Sales by state: the top {0}',
  filterCurrentCycle: 'The current month',
  detailPanelLabel: 'Details',
  detailTitle: 'Stores in {0}',
  detailStateTitle: 'Stores in {0}, {1}',
  detailClose: 'Close',

  // Reports and their PDFs (ours, where the spec is silent; the empty answer is the spec's reportFailed)
  reportUnknown: 'There is no report "{0}" in the folder "{1}".',
  reportFormat: 'A report is available as HTML (format=HTML4.0) or PDF (format=pdf).',
  reportStreamFormat: 'This address streams PDFs only: send format=pdf.',
  reportUnknownParameter: 'The report "{0}" has no parameter "{1}".',
  reportBadParameters: 'The parameters must be a list of { name, value } pairs.',
  reportTooManyRows: 'This report would print more than {0} rows: please narrow the dates or the search.',
  reportChoose: 'Choose a report from the list.',
  reportFillParameters: 'Fill in the parameters, then show the report.',
  reportPrintedBy: 'Printed by {0} on {1}',
  reportPageNumber: 'Page {0} of {1}',
  reportStores: 'Stores: {0}',
  reportFilter: 'Filter: {0}',
  reportNoFilter: 'Filter: none (every row you may see)',
  reportSearch: 'search "{0}"',
  reportGroupedBy: 'grouped by {0}',
  reportRows: '{0} row(s)',
  reportSortedBy: 'sorted by {0}',
  reportAscending: '{0} ascending',
  reportDescending: '{0} descending',
  // A table's print view past the rows a printed report holds (GET <screen>/print)
  printFirstRows: 'Shows the first {0} of {1} rows: narrow the search or the filters to print them all.',
  printFirstRowsAbout: 'Shows the first {0} of about {1} rows: narrow the search or the filters to print them all.',
  printNoTotals: 'Totals are left out: they would count only the rows shown.',
  reportTotal: 'Total',
  reportGroupTotal: '{0} total',
  reportPreviousCycle: 'Compared with {0}',
  reportNoPreviousCycle: 'No earlier {0} cycle to compare with',
  reportAllTables: 'All tables',
  reportChanges: '{0} change(s)',
  pdfLaunchFailed: 'Chromium ({0}) could not be started, so PDFs cannot be made now: HTML reports still work.',
  pdfBusy: 'The server is busy making PDFs ({0} under way, {1} waiting): please try again in a moment.',
  pdfTimeout: 'The PDF took longer than {0} seconds and was stopped: please narrow the report and try again.',
  pdfCrashed: 'The PDF printer stopped while making this PDF: please try again.',
  pdfClosed: 'The server is shutting down: please try again in a moment.',

  // Navigation, popups, the error dialog and error reports (ours, where the spec is silent)
  errorReportThrottled: 'Too many error reports from here. Please wait {0} minutes.',

  // The shell around every page (ours)
  appName: 'Backroom',
  skipToContent: 'Skip to main content',
  menuButton: 'Menu',
  mainMenu: 'Main menu',
  signOut: 'Sign out',
  storesPrefix: 'Stores:',

  // The same on a phone, beside a store icon, the words above still read out: every store ({0}), a part ({0} of {1})
  chooseStores: 'Choose stores',
  filterStores: 'Search stores',
  storeSearchHint: 'Number, name or city',
  storeRegion: 'Region',
  storeState: 'State',
  storeSelectShown: 'Select all shown',
  storeClearShown: 'Clear all shown',
  storeListLabel: 'Stores by region and state',

  // Pages (ours)
  backToDashboard: 'Back to the dashboard',
  backToUsers: 'Back to the users',
  addUser: 'Add user',
  errorTitle: 'Error {0}',
  confirmPasswordLabel: 'Confirm password',
  passwordChangeTitle: 'Change your password',
  passwordChangeLink: 'Change password',
  passwordMustChangeIntro: 'Your password was set by an administrator. Please choose your own to continue.',
  passwordChangeIntro: 'Your other sessions (other browsers and devices) are signed out when you change it; this one stays signed in.',
  passwordCurrentLabel: 'Current password',
  passwordNewLabel: 'New password',
  passwordConfirmLabel: 'Confirm new password',
  passwordChangeSave: 'Change password',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  passwordCurrentWrong: 'this is not your current password.',
  passwordSameAsCurrent: 'please choose a password other than the current one.',
  passwordMustChange: 'Please change your password before going on.',
  usersRoles: 'Roles',
  usersInstances: 'Instances',
  accessSuperAdmin: 'Super administrator',
  accessAdmin: 'Administrator',
  showReport: 'Show report',
  reportsTitle: 'Reports',
  reportsPageTitle: '{0} · Reports',
  reportResult: 'Report',
  reportShowAs: 'Show as',
  reportAsHtml: 'HTML',
  reportAsPdf: 'PDF',
  reportPrint: 'Print',
  reportDownloadPdf: 'Download PDF',
  reportOpenInTab: 'Open in a new tab',
  reportPrintView: 'Print view',
  reportPdfTitle: '{0} (PDF)',
  auditWhen: 'When',
  auditWho: 'Who',
  auditTable: 'Table',
  auditAction: 'Action',
  auditKey: 'Row',
  auditChanges: 'Changes',
  auditEmptyValue: '(empty)',
  auditPasswordSet: 'set; to be changed at the next sign-in',
  auditOwnPasswordChanged: 'changed by its holder',

  // The reports' own words: titles, the report list's sentences, parameters and column heads
  salesByStoreTitle: 'Sales by store',
  salesByStoreDescription: 'Sales, transactions and average margin per store for a date range, with state subtotals.',
  salesByStateTitle: 'Sales by state',
  salesByStateDescription: 'Sales, transactions and average margin per state for a date range.',
  cycleSummaryTitle: 'Cycle summary',
  cycleSummaryDescription: "A cycle's sales per store group beside the previous cycle of the same kind.",
  auditTrailTitle: 'Audit trail',
  auditTrailDescription: 'Every change made in a date range: who, when, and each field before and after.',
  reportFromDate: 'From Date',
  reportToDate: 'To Date',
  reportDatePlaceholder: 'dd/mm/yyyy',
  reportCycle: 'Cycle',
  reportCycleOptional: 'Cycle (optional)',
  reportTableOptional: 'Table (optional)',
  reportColStoreNumber: 'Store #',
  reportColStore: 'Store',
  reportColState: 'State',
  reportColStoreGroup: 'Store group',
  reportColSales: 'Sales',
  reportColPreviousSales: 'Previous sales',
  reportColSalesChange: 'Sales change',
  reportColTransactions: 'Transactions',
  reportColPreviousTransactions: 'Previous transactions',
  reportColTransactionsChange: 'Transactions change',
  reportColMargin: 'Average margin',
  reportColPreviousMargin: 'Previous margin',
  reportCycleSpan: '{0} ({1} to {2})',
  reportCycleWeekly: 'Weekly: {0}',
  reportCycleMonthly: 'Monthly: {0}',
  reportChooseDates: 'Choose the dates, then show the report.',
  reportRange: '{0} to {1}',
  labelStackTrace: 'Stack trace',
  labelBrowser: 'Browser',
  labelAddress: 'Address',
  labelAppVersion: 'App version',

  // Detail pages of table rows (ours: server/details/)
  detailNotFound: 'There is no such record, or it is not one you may see.',
  detailBackTo: 'Back to {0}',
  detailFields: 'Details',
  detailStoreTitle: 'Store {0}: {1}',
  detailSales: 'Sales this cycle',
  detailSalesDays: 'Days with sales',
  detailDailySales: 'Daily sales this cycle',
  detailDailySalesTitle: 'Daily sales of store {0}: {1}',
  detailStateStores: 'Stores in {0} this cycle',
  detailDate: 'Date',
  detailMargin: 'Margin',
  detailChanges: 'Recent changes',
  detailNoChanges: 'No changes recorded.',
  detailMoreChanges: 'Show more changes',
  detailChangesShown: 'The {0} most recent changes.',
  detailAccountChanges: 'Changes to this account',
  detailChangesBy: 'Changes made by {0}',
  detailAccess: 'Access',
  detailGroup: 'Group',
  detailRoles: 'Roles',
  detailInstances: 'Instances',
  detailSignedOut: '(signed out)',
  detailNone: 'None',
  detailErrorTitle: 'Client error of {0}',
  detailRecordTitle: '{0}: {1}',
  detailOpen: 'Open {0}',

  // The real-time hub and the inbox (ours)
  hubUpgradeRequired: 'This address is for the real-time hub: connect with a websocket.',
  hubTooManySockets: 'You already have {0} live connections to the real-time hub: please close some tabs of this site.',
  inboxReadWhich: 'Say which items to mark: their ids, a kind, or all.',
  inboxRecipientWhich: 'Choose one recipient: a user or a group.',
  inboxGroupEmpty: 'Nobody else in this group can receive it.',
  viewStatePart: 'There is no part "{0}" of the view state: the parts are {1}.',

  // Saved views of the tables (ours, issue 39: server/table-views/, server/routes/api/table-views.ts)
  viewFieldProblem: '{0}: {1}',
  viewTableUnknown: 'There is no table "{0}" to keep views of.',
  viewNotFound: 'This view does not exist, or is not shared with you.',
  viewNotYours: 'Only the person who made the shared view "{0}", or an administrator, can change it.',
  viewNameTaken: 'You already have a view named "{0}" of this table: choose another name, or replace that view.',
  viewsTooMany: 'You already keep {0} views of this table, the most one person may: delete one you no longer use first.',
  viewChangedMeanwhile:
    'The view "{0}" was changed meanwhile (in another tab, or by someone else): open the views again to see it as it is now.',
  viewChangeNothing: 'Say what to change of the view: its Name, Shared or State.',
  viewStateNotObject: "A view's State must be an object of the table's settings.",
  viewStateTooLarge: "A view's State takes at most {1} characters; this one takes {0}.",
  viewStateUnknownPart:
    'A view keeps a table\'s columns, their order and widths, its sort, search, filters, grouping and page size: "{0}" is none of them.',
  viewStateUnusable:
    'The view\'s "{0}" cannot be used on this table: it names a column the table does not have, or a value it does not take.',
  viewMissing: 'The view in this link does not exist any more, or is not shared with you: the table shows its own settings.',

  // What the system raises by itself (server/inbox/system/)
  salesMissingTitle: 'Daily sales missing for {0} store(s) on {1}',
  salesMissingBody: 'No daily sales arrived for: {0}.',
  salesMissingMore: '{0} and {1} more',
  exportReadyTitle: 'Your export is ready',
  exportReadyBody: '{0} ({1}) finished.',
  exportFailedTitle: 'Your export failed',
  exportFailedBody: '{0} ({1}) could not be finished: {2}',
  exportFailedReason: 'the server could not read the rows. Please try again.',
  clientErrorTitle: 'New client errors reported',
  clientErrorBody: 'On {0}: {1}. Client errors lists this one and any that follow.',
  rowChangedTitle: 'A row you edited was changed by someone else',
  rowChangedBody: '{0} changed {1} "{2}", which you changed in the last hour.',
  rowDeletedBody: '{0} deleted {1} "{2}", which you changed in the last hour.',

  // Said by the server alone: the demo history still loading, and a PDF asked of a server without Chromium
  salesHistoryLoading:
    'The demo sales history is still being loaded ({0} % so far): sales, totals and reports are incomplete until it has finished.',
  pdfNoChromium:
    'PDF reports need Chromium, which this server does not have: install it (apt-get install chromium) or set CHROMIUM_PATH to its executable. HTML reports still work.',
} as const;

export type ServerMessageKey = keyof typeof serverMessages;
export type MessageKey =
  | BrowserMessageKey
  | TableMessageKey
  | ValidationMessageKey
  | SessionMessageKey
  | OnUseMessageKey
  | StoreDialogMessageKey
  | ImportMessageKey
  | ViewMessageKey
  | ServerMessageKey;

/** Every default message, of every catalogue (tests compare them with the specification). */
export const defaultMessages: Readonly<Record<MessageKey, string>> = {
  ...browserMessages,
  ...tableMessages,
  ...validationMessages,
  ...sessionMessages,
  ...onUseMessages,
  ...storeDialogMessages,
  ...importMessages,
  ...viewMessages,
  ...serverMessages,
};

const serverMsg = catalogue(serverMessages);
const holds = <K extends string>(defaults: Readonly<Record<K, string>>, key: string): key is K => Object.hasOwn(defaults, key);

/** The message for `key`, from whichever catalogue holds it, with `{0}`, `{1}`… replaced by `args` in order. */
export function msg(key: MessageKey, ...args: Array<string | number>): string {
  if (holds(serverMessages, key)) return serverMsg(key, ...args);
  if (holds(tableMessages, key)) return tableMsg(key, ...args);
  if (holds(validationMessages, key)) return validationMsg(key, ...args);
  if (holds(sessionMessages, key)) return sessionMsg(key, ...args);
  if (holds(onUseMessages, key)) return onUseMsg(key, ...args);
  if (holds(storeDialogMessages, key)) return storeDialogMsg(key, ...args);
  if (holds(importMessages, key)) return importMsg(key, ...args);
  if (holds(viewMessages, key)) return viewMsg(key, ...args);
  return browserMsg(key, ...args);
}
