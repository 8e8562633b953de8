// What the layout around every full page needs: the user, the side menu, the store selector's scope, the assets and the settings
// the browser reads at start (CSRF token, app version, language file, htmx configuration).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scopeLabel, scopeShortLabel, type StoreScope } from '../../common/store-scope-label.ts';
import { loadStoreScope } from '../stores/store-scope.ts';
import { loadMenuRows, menuFor, servedPages, type MenuItem } from './menu.ts';

export interface ShellModel {
  menu: MenuItem[];
  /**
   * The store selector's scope (its "all") and its label before the browser applies a kept selection; null
   * without a user. Whether the selector shows is the page's own choice (`storeSelector` in reply.page).
   */
  stores: { scope: StoreScope; label: string; short: string } | null;
  css: string;
  /** The store selector's dialog's own stylesheet, loaded when it first opens (islands/shell/dialog-styles.ts). */
  storeDialogCss: string;
  js: string;
  languageUrl: string;
  /** htmx configuration, read from <meta name="htmx-config">: the spec's 10 s swap timeout and 20-page cache, no settle step. */
  htmxConfig: string;
}

const htmxConfig = JSON.stringify({
  defaultTimeout: 10_000,
  historyCache: { size: 20 },
  implicitInheritance: false,
  // No settle step: it gives each swapped-in element with an old one's id the old one's class and style
  // attributes, then its own back, for CSS transitions the app has none of; under the CSP every such style
  // attribute written (a date field's, after a refused report form was sent again) is an error in the console.
  defaultSettleDelay: 0,
});

export async function shellModel(app: FastifyInstance, req: FastifyRequest): Promise<ShellModel> {
  const path = req.url.split('?')[0] ?? '/';
  const [rows, scope] = req.user ? await Promise.all([loadMenuRows(app.db.pool), loadStoreScope(app.db.pool, req.user)]) : [null, null];
  return {
    menu: req.user && rows ? menuFor(rows, req.user, path, servedPages(app)) : [],
    stores: scope && { scope, label: scopeLabel(scope, null), short: scopeShortLabel(scope, null) },
    css: app.assets.url('app.css'),
    storeDialogCss: app.assets.url('store-dialog.css'),
    js: app.assets.url('app.js'),
    languageUrl: app.config.languageUrl ?? '',
    htmxConfig,
  };
}
