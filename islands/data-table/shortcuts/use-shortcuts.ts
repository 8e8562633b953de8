// useShortcuts: the table's keyboard shortcuts (shortcut-keys.ts, shortcuts.ts) while its island is mounted,
// answered by `act` with the latest state (a ref, so the listener is added once): each key that is this
// table's is kept from the browser and handed over.
import { useEffect, useRef } from 'react';
import { shortcutKeyOf } from './shortcut-keys.ts';
import { type ShortcutAction, shortcutOf } from './shortcuts.ts';

export function useShortcuts(container: { current: HTMLElement | null }, act: (action: ShortcutAction) => void): void {
  const latest = useRef(act);
  latest.current = act;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const island = container.current?.closest('[data-island]');
      const key = island ? shortcutKeyOf(event, island) : null;
      if (!key) return;
      event.preventDefault();
      latest.current(shortcutOf(key).action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [container]);
}
