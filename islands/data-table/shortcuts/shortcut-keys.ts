// The table screens' keyboard shortcuts' keys (issue 39), and when a key pressed is one: not with Ctrl, Alt
// or Meta (the browser's and the system's), not while typing in a field, not while a dialog is open; and for
// the table that holds the focus, else the page's first. What each does: shortcuts.ts. On every page's first
// load (the wake rule holds a shortcut pressed before the table's code came, wake-rule.ts): small on purpose.

export const shortcutKeys = ['/', 'n', 'e', 'Delete', '?'] as const;
export type ShortcutKey = (typeof shortcutKeys)[number];

const TABLE = '[data-island="data-table"]';

// Inputs that take no typing: a row's checkbox keeps the focus after choosing it, and Delete should then act.
const notTyped = ['checkbox', 'radio', 'button', 'submit', 'reset'];

/** Whether keys pressed at `target` are typed into a field (its own keys, never a shortcut). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !notTyped.includes(target.type);
}

/** The shortcut key `event` presses for the table island `island`, or null when it is none, or another table's. */
export function shortcutKeyOf(event: KeyboardEvent, island: Element): ShortcutKey | null {
  const key = shortcutKeys.find((k) => k === event.key);
  if (!key || event.defaultPrevented || event.isComposing || event.ctrlKey || event.altKey || event.metaKey) return null;
  if (typingIn(event.target) || document.querySelector('dialog[open], [aria-modal="true"]')) return null;
  // The table holding the focus, else the page's first.
  return (document.activeElement?.closest(TABLE) ?? document.querySelector(TABLE)) === island ? key : null;
}
