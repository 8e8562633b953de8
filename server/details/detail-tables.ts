// The tables whose rows have a detail page of their own at `<screen path>/<key>` (server/routes/stores/,
// admin/users/, admin/user-errors/), and who may open them: whoever may open the table (its definition's
// `list` rule and its screen's menu rule). Their tables link each row to it, and reports link the
// records they name.
import type pg from 'pg';
import { allows, type CurrentUser } from '../../common/roles.ts';
import type { ResourceDef } from '../resources/resource-def.ts';
import { storesDef } from '../resources/stores.ts';
import { userErrorsDef } from '../resources/user-errors.ts';
import { usersDef } from '../resources/users.ts';
import { accessForPath, loadMenuRows, type MenuRow } from '../shell/menu.ts';

/** A detail page's table: its resource and its screen's path (whose menu entry says who may open it). */
export interface DetailOf {
  def: ResourceDef;
  pagePath: string;
}

/** A table with its screen: a detail page lives under the screen, whose menu entry says who may open it. */
function withScreen(def: ResourceDef): DetailOf {
  if (!def.screen) throw new Error(`resource ${def.name} has no table screen to hold its detail pages`);
  return { def, pagePath: def.screen };
}

export const detailTables = {
  stores: withScreen(storesDef),
  users: withScreen(usersDef),
  'user-errors': withScreen(userErrorsDef),
} as const satisfies Record<string, DetailOf>;

export type DetailResource = keyof typeof detailTables;

/** Whether the user may open the detail pages of `of`'s rows (as far as their scope reaches). */
export async function mayOpenDetails(pool: pg.Pool, user: CurrentUser, of: DetailOf): Promise<boolean> {
  return opens(user, of, await loadMenuRows(pool));
}

function opens(user: CurrentUser, of: DetailOf, menu: MenuRow[]): boolean {
  return allows(user, of.def.access.list) && allows(user, accessForPath(menu, of.pagePath));
}

/** The screen path of every table whose detail pages the user may open, by resource. */
export async function openableDetails(pool: pg.Pool, user: CurrentUser): Promise<Partial<Record<DetailResource, string>>> {
  const menu = await loadMenuRows(pool);
  return Object.fromEntries(
    Object.entries(detailTables)
      .filter(([, of]) => opens(user, of, menu))
      .map(([resource, of]) => [resource, of.pagePath]),
  );
}
