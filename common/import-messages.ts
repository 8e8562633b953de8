// The words of a table's import dialog (islands/data-table/import/, issue 36): a catalogue of its own
// (common/messages.ts), so they come to the browser with the dialog, on its first opening, rather than with
// every table; the server reaches them through server/messages.ts. The toolbar's Import is tableImport.
import { catalogue } from './messages.ts';

export const importMessages = {
  importDialogTitle: 'Import into {0}',
  importDialogFileLabel: 'File to import',
  importDialogFileHint: 'A CSV file or an Excel workbook (.xlsx) whose first row names the columns.',
  importDialogExample: 'Download an example file',
  importDialogReading: 'Reading the file…',
  importDialogChosenFile: 'File: {0}',
  importDialogChooseAnother: 'Choose another file',

  importDialogMatchLegend: 'Match the columns to fields',
  importDialogMatchHint: 'Each column of the file goes into the field chosen for it; a column set to “Not imported” is left out.',
  importDialogNotImported: 'Not imported',
  importDialogMatchNone: 'No column is matched to a field: choose a field for at least one column.',
  importDialogMatchTwice: '{0} is chosen for more than one column: choose it for one only.',
  importDialogMatchMissing: 'No column gives {0}: every row will be refused unless a column is matched to it.',
  importDialogModeLegend: 'What to do with the rows',
  importDialogModeHint: 'Rows are matched to the table’s rows by {0}.',
  importDialogModeAddUpdate: 'Add new rows and update existing ones',
  importDialogModeAdd: 'Add new rows only',
  importDialogModeUpdate: 'Update existing rows only',
  importDialogCheck: 'Check the rows',
  importDialogChecking: 'Checking the rows…',

  importDialogPreviewTitle: 'What the import will do',
  importDialogPreviewOf: '{0} row(s) read from the file.',
  importDialogCountAdd: 'To add',
  importDialogCountChange: 'To change',
  importDialogCountUnchanged: 'Unchanged',
  importDialogCountRefused: 'Refused',
  importDialogRefusedTitle: 'Refused rows',
  importDialogChangesTitle: 'Changes',
  importDialogFirstShown: 'Showing the first {0} of {1}.',
  importDialogLine: 'Line {0}',
  importDialogChange: '{0}: {1} → {2}',
  importDialogEmptyValue: '(empty)',
  importDialogHowLegend: 'If some rows are refused',
  importDialogAllOrNothing: 'Import nothing until every row is accepted (all or nothing)',
  importDialogValidOnly: 'Import the valid rows and leave out the refused ones',
  importDialogBlocked: 'With all or nothing, {0} refused row(s) stop the import: correct them in the file, or import the valid rows.',
  importDialogNothingToDo: 'No row would be added or changed: there is nothing to import.',
  importDialogBack: 'Back to the columns',
  importDialogRun: 'Import',
  importDialogStarting: 'Starting…',

  importDialogProgressTitle: 'Importing',
  importDialogProgress: '{0} of {1} rows done',
  importDialogLeaveNote: 'You may close this dialog or leave the page: your inbox will tell you when the import is finished.',
  importDialogDoneTitle: 'Import finished',
  importDialogDone: '{0} added, {1} changed, {2} unchanged, {3} refused.',
  importDialogFailedTitle: 'Import failed',
  importDialogFailed: 'Nothing was written: {0}',
  importDialogStatusUnread:
    'The progress could not be read just now; the import goes on, and your inbox will tell you when it is finished.',
  importDialogRefusedDownload: 'The refused rows, with their line numbers and messages, to correct and import again:',
  importDialogRefusedCsv: 'Refused rows (CSV)',
  importDialogRefusedExcel: 'Refused rows (Excel)',
  importDialogClose: 'Close',
  importDialogCallFailed: 'The server could not do this ({0}): please try again.',
} as const;

export type ImportMessageKey = keyof typeof importMessages;

export const importMsg = catalogue(importMessages);
