// The side menu: the menus table as a tree (its titles, order, icons and placement, which super
// administrators may change), each entry shown to whoever may open its page: the page's route rule, the one
// rule the page itself is refused by (pageRules, read from the routes as they are registered). What the
// menus table says cannot widen or narrow who sees a page. The entry for the current page (or the page it
// belongs to) is marked.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { currentMenuUrl } from '../../common/menu-match.ts';
import { allows, type Access, type CurrentUser } from '../../common/roles.ts';
import { pageRule, type RouteAccess } from '../plugins/route-access.ts';
import { ShortLived } from '../table-api/cache/short-lived.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who may open each page the app serves (its GET routes without parameters), by URL. */
    pageRules: Map<string, Access | false>;
  }
}

export interface MenuItem {
  id: number;
  title: string;
  url: string;
  icon: string;
  current: boolean;
  children: MenuItem[];
}

export interface MenuRow {
  menu_id: number;
  parent_id: number | null;
  title: string;
  url: string;
  icon: string;
}

/**
 * The menu rows, kept as the tables' figures are: every page reads them, and they change seldom; a change
 * through the app (the Menus table) forgets them at once, on every instance.
 */
const keptRows = new ShortLived<MenuRow[]>(30_000, 1);

export function loadMenuRows(pool: pg.Pool): Promise<MenuRow[]> {
  return keptRows.get(pool, 'menus', [], async () => {
    const r = await pool.query<MenuRow>(`select menu_id, parent_id, title, url, icon from menus order by sort_order, menu_id`);
    return r.rows;
  });
}

/** Who may open the page at a URL: its route's rule; null when the app serves no page there. */
export type PageRules = (url: string) => Access | false | null;

/** Records each page's rule as its route is registered (app.ts registers this before any route). */
export function recordPageRules(app: FastifyInstance): void {
  const rules = new Map<string, Access | false>();
  app.decorate('pageRules', rules);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.includes('GET') || route.url.includes(':') || route.url.includes('*')) return;
    rules.set(route.url, pageRule(route.config?.access as RouteAccess | undefined, route.config?.public === true));
  });
}

/** The rules of an app's pages, as the menu reads them. */
export function servedPages(app: FastifyInstance): PageRules {
  return (url) => app.pageRules.get(url) ?? null;
}

/**
 * The menu for `user`: the headings, and the rows whose page exists and admits them (a menu row added before
 * its screen, or for a page of no route, is not shown rather than leading to a 404 or a 403).
 */
export function menuFor(rows: MenuRow[], user: CurrentUser, path: string, rules: PageRules): MenuItem[] {
  const permitted = rows.filter((m) => {
    if (m.url === '') return true;
    const rule = rules(m.url);
    return rule !== null && allows(user, rule);
  });
  const current = currentMenuUrl(
    permitted.map((m) => m.url),
    path,
  );
  const build = (parent: number | null): MenuItem[] =>
    permitted
      .filter((m) => m.parent_id === parent)
      .map((m) => ({
        id: m.menu_id,
        title: m.title,
        url: m.url,
        icon: m.icon,
        current: m.url !== '' && m.url === current,
        children: build(m.menu_id),
      }))
      // A heading whose entries are all hidden is hidden too.
      .filter((m) => m.url !== '' || m.children.length > 0);
  return build(null);
}
