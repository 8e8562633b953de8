// The words of a table's import dialog (islands/data-table/import/, issue 36): a catalogue of its own
// (common/messages.ts), so they come to the browser with the dialog, on its first opening, rather than with
// every table; the server reaches them through server/messages.ts. The toolbar's Import is tableImport.
import { catalogue } from './messages.ts';

export const importMessages = {
  importTitle: 'Import into {0}',
  importFileLabel: 'File to import',
  importFileHint: 'A CSV file or an Excel workbook (.xlsx) whose first row names the columns.',
  importExample: 'Download an example file',
  importReading: 'Reading the file…',
  importChosenFile: 'File: {0}',
  importChooseAnother: 'Choose another file',

  importMatchLegend: 'Match the columns to fields',
  importMatchHint: 'Each column of the file goes into the field chosen for it; a column set to “Not imported” is left out.',
  importNotImported: 'Not imported',
  importMatchNone: 'No column is matched to a field: choose a field for at least one column.',
  importMatchTwice: '{0} is chosen for more than one column: choose it for one only.',
  importMatchMissing: 'No column gives {0}: every row will be refused unless a column is matched to it.',
  importModeLegend: 'What to do with the rows',
  importModeHint: 'Rows are matched to the table’s rows by {0}.',
  importModeAddUpdate: 'Add new rows and update existing ones',
  importModeAdd: 'Add new rows only',
  importModeUpdate: 'Update existing rows only',
  importCheck: 'Check the rows',
  importChecking: 'Checking the rows…',

  importPreviewTitle: 'What the import will do',
  importPreviewOf: '{0} row(s) read from the file.',
  importCountAdd: 'To add',
  importCountChange: 'To change',
  importCountUnchanged: 'Unchanged',
  importCountRefused: 'Refused',
  importRefusedTitle: 'Refused rows',
  importChangesTitle: 'Changes',
  importFirstShown: 'Showing the first {0} of {1}.',
  importLine: 'Line {0}',
  importChange: '{0}: {1} → {2}',
  importEmptyValue: '(empty)',
  importHowLegend: 'If some rows are refused',
  importAllOrNothing: 'Import nothing until every row is accepted (all or nothing)',
  importValidOnly: 'Import the valid rows and leave out the refused ones',
  importBlocked: 'With all or nothing, {0} refused row(s) stop the import: correct them in the file, or import the valid rows.',
  importNothingToDo: 'No row would be added or changed: there is nothing to import.',
  importBack: 'Back to the columns',
  importRun: 'Import',
  importStarting: 'Starting…',

  importProgressTitle: 'Importing',
  importProgress: '{0} of {1} rows done',
  importLeaveNote: 'You may close this dialog or leave the page: your inbox will tell you when the import is finished.',
  importDoneTitle: 'Import finished',
  importDone: '{0} added, {1} changed, {2} unchanged, {3} refused.',
  importFailedTitle: 'Import failed',
  importFailed: 'Nothing was written: {0}',
  importStatusUnread: 'The progress could not be read just now; the import goes on, and your inbox will tell you when it is finished.',
  importRefusedDownload: 'The refused rows, with their line numbers and messages, to correct and import again:',
  importRefusedCsv: 'Refused rows (CSV)',
  importRefusedExcel: 'Refused rows (Excel)',
  importClose: 'Close',
  importCallFailed: 'The server could not do this ({0}): please try again.',
} as const;

export type ImportMessageKey = keyof typeof importMessages;

export const importMsg = catalogue(importMessages);
