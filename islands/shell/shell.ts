// The app shell's behaviours: CSRF headers on htmx requests, the side menu toggle under 780 px and the
// store selector; and validation of the forms that pages bring.
import { startMenuToggle } from './menu-toggle.ts';
import { startStoreSelector } from './store-selector.ts';
import { startCsrf } from './csrf.ts';
import { startForms } from '../forms/index.ts';

export function startShell(): void {
  startCsrf();
  startMenuToggle();
  startStoreSelector();
  startForms();
}
