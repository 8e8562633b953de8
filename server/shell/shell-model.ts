// What the layout around every full page needs: the user, the side menu, the assets and the settings
// the browser reads at start (CSRF token, app version, language file, htmx configuration).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadMenuRows, menuFor, servedPages, type MenuItem } from './menu.ts';

export interface ShellModel {
  menu: MenuItem[];
  css: string;
  js: string;
  languageUrl: string;
  /** htmx configuration, read from <meta name="htmx-config">: the spec's 10 s swap timeout and 20-page cache. */
  htmxConfig: string;
}

const htmxConfig = JSON.stringify({
  defaultTimeout: 10_000,
  historyCache: { size: 20 },
  implicitInheritance: false,
});

export async function shellModel(app: FastifyInstance, req: FastifyRequest): Promise<ShellModel> {
  const path = req.url.split('?')[0] ?? '/';
  return {
    menu: req.user ? menuFor(await loadMenuRows(app.db.pool), req.user, path, servedPages(app)) : [],
    css: app.assets.url('app.css'),
    js: app.assets.url('app.js'),
    languageUrl: app.config.languageUrl ?? '',
    htmxConfig,
  };
}
