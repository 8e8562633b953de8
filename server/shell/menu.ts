// The side menu: the menus table as a tree, filtered by the user's roles and admin flags, with the
// entry for the current page (or the page it belongs to) marked.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { currentMenuUrl } from '../../common/menu-match.ts';
import { allows, type Access, type CurrentUser, type RoleCode } from '../../common/roles.ts';
import type { RouteAccess } from '../plugins/route-access.ts';
import { ShortLived } from '../table-api/cache/short-lived.ts';

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
  required_role: string | null;
  admin_only: boolean;
  super_admin_only: boolean;
}

/**
 * The menu rows, kept as the tables' figures are: every page and its access check read them, and they change
 * seldom; a change through the app (the Menus table) forgets them at once, on every instance.
 */
const keptRows = new ShortLived<MenuRow[]>(30_000, 1);

export function loadMenuRows(pool: pg.Pool): Promise<MenuRow[]> {
  return keptRows.get(pool, 'menus', [], async () => {
    const r = await pool.query<MenuRow>(
      `select menu_id, parent_id, title, url, icon, required_role, admin_only, super_admin_only from menus order by sort_order, menu_id`,
    );
    return r.rows;
  });
}

/** Who sees a menu entry (and may open its page). */
function menuAccess(m: MenuRow): Access {
  return { role: (m.required_role ?? undefined) as RoleCode | undefined, admin: m.admin_only, superAdmin: m.super_admin_only };
}

/** Whether the app serves a page at a menu row's URL (a GET route): `app.hasRoute` in the app. */
export type PageExists = (url: string) => boolean;

/** The answer of `pageExists` for an app: its GET routes. */
export function servedPages(app: FastifyInstance): PageExists {
  return (url) => app.hasRoute({ method: 'GET', url });
}

/**
 * The menu for `user`: the rows their roles and flags admit and whose page exists (a menu row added before
 * its screen is not shown, rather than leading to a 404).
 */
export function menuFor(rows: MenuRow[], user: CurrentUser, path: string, pageExists: PageExists): MenuItem[] {
  const permitted = rows.filter((m) => allows(user, menuAccess(m)) && (m.url === '' || pageExists(m.url)));
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

/** The access a page at `path` needs: the same rule as its menu entry, so the menu and the page agree. */
export function accessForPath(rows: ReadonlyArray<MenuRow>, path: string): Access | undefined {
  const m = rows.find((r) => r.url === path);
  return m && menuAccess(m);
}

/** A page's route access: the rule of its menu entry, so a page hidden from the menu is refused, not just hidden. */
export function menuEntryAccess(path: string): RouteAccess {
  return async (req, user) => allows(user, accessForPath(await loadMenuRows(req.server.db.pool), path));
}
