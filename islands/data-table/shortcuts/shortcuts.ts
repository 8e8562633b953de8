// What each of the table's keyboard shortcuts (shortcut-keys.ts) does, in the words its list says, and when
// the user may use it: as its toolbar button says (Add, Edit and Delete as they are allowed and enabled).
import type { TableConfig } from '../../../common/table-config.ts';
import type { TableMessageKey } from '../../../common/table-messages.ts';
import { type ShortcutKey, shortcutKeys } from './shortcut-keys.ts';

export type ShortcutAction = 'search' | 'add' | 'edit' | 'delete' | 'shortcuts';

const doing: Record<ShortcutKey, { action: ShortcutAction; words: TableMessageKey }> = {
  '/': { action: 'search', words: 'shortcutSearch' },
  n: { action: 'add', words: 'shortcutAdd' },
  e: { action: 'edit', words: 'shortcutEdit' },
  Delete: { action: 'delete', words: 'shortcutDelete' },
  '?': { action: 'shortcuts', words: 'shortcutList' },
};

export interface Shortcut {
  key: ShortcutKey;
  action: ShortcutAction;
  words: TableMessageKey;
}

/** Every shortcut, in the order the list shows them. */
export const shortcuts: ReadonlyArray<Shortcut> = shortcutKeys.map((key) => ({ key, ...doing[key] }));

/** The shortcut of `key`. */
export const shortcutOf = (key: ShortcutKey): Shortcut => ({ key, ...doing[key] });

/** Add, Edit and Delete need the user's right here; the others are everyone's. */
const needsRight = (action: ShortcutAction): action is 'add' | 'edit' | 'delete' =>
  action === 'add' || action === 'edit' || action === 'delete';

/** Whether `action` does something here now: allowed, and with the selection Edit and Delete need. */
export function shortcutWorks(config: Pick<TableConfig, 'can'>, selected: number, action: ShortcutAction): boolean {
  if (!needsRight(action)) return true;
  return config.can[action] && (action === 'add' || selected > 0);
}

/** The shortcuts this user has on this table (the list shows these). */
export function shortcutsFor(config: Pick<TableConfig, 'can'>): Shortcut[] {
  return shortcuts.filter((s) => !needsRight(s.action) || config.can[s.action]);
}
