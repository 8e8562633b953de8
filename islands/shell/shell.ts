// The app shell's behaviours: CSRF headers on htmx requests, the side menu toggle under 780 px and the
// store selector.
import { startMenuToggle } from './menu-toggle.ts';
import { startStoreSelector } from './store-selector.ts';
import { startCsrf } from './csrf.ts';

export function startShell(): void {
  startCsrf();
  startMenuToggle();
  startStoreSelector();
}
