// The product's tables whose rows have a detail page of their own at `<screen path>/<key>` (server/routes/
// stores/, admin/users/, admin/user-errors/), and who may open them: whoever may open the table (its
// definition's `list` rule). Which tables have one in an app is what the app has
// registered (app.detailPages, filled by detailRoute), so a page an app adds counts like the product's: their
// tables link each row to it, and reports link the records they name.
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../common/roles.ts';
import type { ResourceDef } from '../resources/resource-def.ts';
import { MAX_BIG_KEY, MAX_KEY } from '../params/key-param.ts';
import { storesDef } from '../resources/stores.ts';
import { userErrorsDef } from '../resources/user-errors.ts';
import { usersDef } from '../resources/users.ts';
import { opensTable } from '../table-screen/table-access.ts';

/** A detail page's table: its resource (whose list rule says who may open it) and its screen's path. */
export interface DetailOf {
  def: ResourceDef;
  pagePath: string;
  /** The largest key its table holds (server/params/key-param.ts). */
  maxKey: number;
}

/** A table with its screen: a detail page lives under the screen. */
export function withScreen(def: ResourceDef, maxKey = MAX_KEY): DetailOf {
  if (!def.screen) throw new Error(`resource ${def.name} has no table screen to hold its detail pages`);
  return { def, pagePath: def.screen, maxKey };
}

export const detailTables = {
  stores: withScreen(storesDef),
  users: withScreen(usersDef),
  // A bigserial key: client errors are many.
  'user-errors': withScreen(userErrorsDef, MAX_BIG_KEY),
} as const satisfies Record<string, DetailOf>;

export type DetailResource = keyof typeof detailTables;

/** The screen path of every table of the app whose detail pages the user may open, by resource. */
export async function openableDetails(app: FastifyInstance, user: CurrentUser): Promise<Partial<Record<string, string>>> {
  return Object.fromEntries(
    [...app.detailPages].filter(([, of]) => opensTable(user, of.def)).map(([resource, of]) => [resource, of.pagePath]),
  );
}
