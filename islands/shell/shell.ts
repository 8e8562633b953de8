// The app shell's behaviours: CSRF headers on htmx requests, the side menu (its toggle under 780 px and its
// mark on the shown page), focus and announcement of a newly arrived page, the store lists, the tab's session
// storage and its history cache kept for the signed-in user only (tab-owner.ts) and the store selector; the
// report forms' store selection; relative times that tick; and (loaded when needed) validation of forms and
// the report screen's panel; and the page loaded afresh when its user's access changed (access-changed.ts).
import { startMenuToggle } from './menu-toggle.ts';
import { startMenuCurrent } from './menu-current.ts';
import { startPageArrival } from './page-arrival.ts';
import { startStoreSelector } from './store-selector.ts';
import { startStoreStorage } from './store-storage.ts';
import { startTabOwner } from './tab-owner.ts';
import { startCsrf } from './csrf.ts';
import { startSelectedStoresField } from '../forms/selected-stores-field.ts';
import { startFormsWhenNeeded } from './lazy-forms.ts';
import { startTimeAgo } from './time-ago.ts';
import { startAccessChanged } from './access-changed.ts';

export function startShell(): void {
  startCsrf();
  startMenuToggle();
  startStoreStorage();
  startTabOwner();
  startMenuCurrent();
  startPageArrival();
  startStoreSelector();
  startSelectedStoresField();
  startFormsWhenNeeded();
  startTimeAgo();
  startAccessChanged();
}
