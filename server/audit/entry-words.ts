// An audit entry's table, action and row as people read them, wherever an entry is shown (the audit log table,
// a record's history, the audit-trail report): the table by its title, the action as a word, the row by the
// text that names it in its table (its naming column: a user's name, a store's number...) as it was recorded,
// else its key. In the words of the moment; a resource the app no longer serves keeps its raw names.
import { rowName } from '../../common/resources/types.ts';
import { titleOf } from '../../common/resources/words.ts';
import { languageText } from '../../common/messages.ts';
import type { ServedResource } from '../resources/resource-sql.ts';

/** What the audit log records of a change (change-log.ts writes these), and each one's word. */
export const actionLabels = {
  insert: 'Added',
  update: 'Changed',
  delete: 'Deleted',
  // An undo's entries (AUDIT_ACTION_SQL marks them).
  'insert (undo)': 'Added back (undo)',
  'update (undo)': 'Changed back (undo)',
} as const;
export const auditActions = Object.keys(actionLabels) as Array<keyof typeof actionLabels>;

/** An action's word, as the audit log's Action column shows it (a language file's `audit.Action.<action>`). */
export function actionWord(action: string): string {
  const own = (actionLabels as Record<string, string>)[action];
  return own === undefined ? action : (languageText(`audit.Action.${action}`) ?? own);
}

export function tableWord(served: ReadonlyArray<ServedResource>, resource: string): string {
  const def = served.find((r) => r.name === resource);
  return def ? titleOf(def) : resource;
}

/** The row an entry is about, by its naming column's value in the entry's row after (or before) the change. */
export function rowWord(
  served: ReadonlyArray<ServedResource>,
  resource: string,
  key: string,
  recorded: Record<string, unknown> | null,
): string {
  const def = served.find((r) => r.name === resource);
  if (!def || !recorded) return key;
  const text = rowName(def, recorded);
  return text === '' ? key : text;
}
