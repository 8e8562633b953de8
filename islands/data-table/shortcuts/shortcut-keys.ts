// The table screens' keyboard shortcuts (issue 39): `/` to the search box, `n` Add, `e` Edit the selection,
// Delete the selection, `?` the list of them. A key is a shortcut only when nothing else is its: not with
// Ctrl, Alt or Meta (the browser's and the system's), not while typing in a field, not while a dialog is
// open; and it is the table's that holds the focus, else the page's first table's. On every page's first
// load (the wake rule holds a shortcut pressed before the table's code came): small on purpose.
import type { TableConfig } from '../../../common/table-config.ts';
import type { TableMessageKey } from '../../../common/table-messages.ts';

export const shortcuts = [
  { key: '/', action: 'search', words: 'shortcutSearch' },
  { key: 'n', action: 'add', words: 'shortcutAdd' },
  { key: 'e', action: 'edit', words: 'shortcutEdit' },
  { key: 'Delete', action: 'delete', words: 'shortcutDelete' },
  { key: '?', action: 'shortcuts', words: 'shortcutList' },
] as const satisfies ReadonlyArray<{ key: string; action: string; words: TableMessageKey }>;

export type Shortcut = (typeof shortcuts)[number];
export type ShortcutAction = Shortcut['action'];

const TABLE = '[data-island="data-table"]';

// Inputs that take no typing: a row's checkbox keeps the focus after choosing it, and Delete should then act.
const notTyped = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

/** Whether keys pressed at `target` are typed into a field (its own keys, never a shortcut). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !notTyped.has(target.type);
}

/** The table a shortcut is for: the one holding the focus, else the page's first. */
function answeringTable(): Element | null {
  return document.activeElement?.closest(TABLE) ?? document.querySelector(TABLE);
}

/** The shortcut `event` presses for the table island `island`, or null when it is none, or another's. */
export function shortcutOf(event: KeyboardEvent, island: Element): Shortcut | null {
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.altKey || event.metaKey) return null;
  const shortcut = shortcuts.find((s) => s.key === event.key);
  if (!shortcut || typingIn(event.target)) return null;
  if (document.querySelector('dialog[open], [aria-modal="true"]')) return null;
  return answeringTable() === island ? shortcut : null;
}

/** Whether the user may use `action` here now, as its toolbar button says: Add, Edit and Delete as they are allowed and enabled. */
export function shortcutWorks(config: Pick<TableConfig, 'can'>, selected: number, action: ShortcutAction): boolean {
  switch (action) {
    case 'add':
      return config.can.add;
    case 'edit':
    case 'delete':
      return config.can[action] && selected > 0;
    default:
      return true;
  }
}

/** The shortcuts this user has on this table (the list shows these). */
export function shortcutsFor(config: Pick<TableConfig, 'can'>): Shortcut[] {
  return shortcuts.filter((s) => !['add', 'edit', 'delete'].includes(s.action) || config.can[s.action as 'add' | 'edit' | 'delete']);
}
