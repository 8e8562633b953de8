// The words of a table's Views dialog (islands/data-table/views/, issue 39): a catalogue of its own
// (common/messages.ts), so they come to the browser with the dialog, on its first opening, rather than with
// every table; the server reaches them through server/messages.ts. The toolbar's Views button and the
// current view's name on it are table-messages.ts's (tableViews, tableViewCurrent).
import { catalogue } from './messages.ts';

export const viewMessages = {
  viewsTitle: 'Views of {0}',
  viewsIntro: 'A view keeps the columns, their order, the sort, the search and filters, the grouping and the page size.',
  viewsSaveHeading: 'Save the table as it is now',
  viewName: 'Name',
  viewShare: 'Share with my group',
  viewShareHint: 'Your group finds it in this list. A link to it opens it for anyone who may see this table, with their own stores.',
  viewMakeDefault: 'Open this table with it',
  viewSave: 'Save view',
  viewsMine: 'Your views',
  viewsShared: 'Shared views',
  viewsNoneMine: 'You have no saved views of this table yet.',
  viewsLoading: 'Loading the views…',
  viewSharedTag: 'shared with your group',
  viewSharedBy: 'shared by {0}',
  viewDefaultTag: 'opens by default',
  viewShownTag: 'shown now',
  viewShownChangedTag: 'shown now, changed since',
  viewDefault: 'Open by default',
  viewDefaultOf: 'Open by default: {0}',
  viewRename: 'Rename',
  viewRenameOf: 'Rename {0}',
  viewReplace: 'Replace',
  viewReplaceOf: 'Replace {0} with the table as it is now',
  viewReplaceAsk: 'Replace "{0}" with the table as it is now?',
  viewDelete: 'Delete',
  viewDeleteOf: 'Delete {0}',
  viewDeleteAsk: 'Delete the view "{0}"?',
  viewDeleteSharedAsk: 'Delete the view "{0}"? It is shared: it goes for everyone.',
  viewSaveChange: 'Save',
  viewPlain: 'Show the table without a view',
  viewsClose: 'Close',
  viewSaved: 'View "{0}" saved.',
  viewRenamed: 'View "{0}" saved as "{1}".',
  viewReplaced: 'View "{0}" now keeps the table as it is.',
  viewDeleted: 'View "{0}" deleted.',
  viewDefaultSet: 'This table now opens with "{0}".',
  viewDefaultCleared: 'This table now opens without a view.',
  viewShown: 'Showing the view "{0}".',
  viewPlainShown: 'Showing the table without a view.',
  viewsCallFailed: 'The views could not be reached (status {0}). Please try again.',
} as const;

export type ViewMessageKey = keyof typeof viewMessages;

/** The Views dialog's text for `key`, following the language file. */
export const viewMsg = catalogue(viewMessages);
