// The words the header's store dialog writes in the browser (islands/shell/store-dialog.ts and
// store-list-view.ts): a catalogue of its own (common/messages.ts), so they come with the dialog, on its first
// opening, rather than with every page; the server reaches them through server/messages.ts.
import { catalogue } from './messages.ts';

export const storeDialogMessages = {
  storeAllRegions: 'All regions',
  storeAllStates: 'All states',
  storeGroupName: '{0} ({1})',
  storeShown: 'Chosen: {0}. Shown: {1}.',
  storeNoneShown: 'No store matches the search.',
  storeNoneChosen: 'No store is chosen: choose at least one to apply.',
  storesLoadFailed: 'The store list could not be loaded: close this and try again.',
  lowStorage: 'This browser is low on storage; the store selection may not be kept.',
} as const;

export type StoreDialogMessageKey = keyof typeof storeDialogMessages;

export const storeDialogMsg = catalogue(storeDialogMessages);
