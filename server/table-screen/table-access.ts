// Who may open a table screen and the pages under it (its rows' detail pages): whoever passes the
// definition's list rule and the screen's menu rule, so the page, its details and the table API agree on
// who sees the rows. A page hidden from the menu is refused (403), not just hidden: by the request gate,
// with the route access tableAccess gives.
import type { ActionAccess } from '../../common/resources/types.ts';
import { allows, type CurrentUser } from '../../common/roles.ts';
import type { RouteAccess } from '../plugins/route-access.ts';
import { accessForPath, loadMenuRows, type MenuRow } from '../shell/menu.ts';

/** A table as its access rule sees it: its list rule and its screen's path. */
export interface TableScreen {
  access: { list: ActionAccess };
  screen: string;
}

export function opensTable(user: CurrentUser, table: TableScreen, menu: ReadonlyArray<MenuRow>): boolean {
  return allows(user, table.access.list) && allows(user, accessForPath(menu, table.screen));
}

/** The route access of a table's screen and its detail pages. */
export function tableAccess(table: TableScreen): RouteAccess {
  return async (req, user) => opensTable(user, table, await loadMenuRows(req.server.db.pool));
}
