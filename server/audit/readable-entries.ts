// Who may read an audit entry: whoever may list the resource it is about. An entry holds the row before and
// after its change, so the audit log, a detail page's changes and the audit-trail report show a user only the
// entries of resources whose rows they may list (a manager reads no entry about menus, which only super
// administrators list). One rule for all of them, as SQL over the entry's resource column, over the resources
// the app serves (app.resources): an entity an app adds is read by whoever may list it, like the product's.
import { allows, type CurrentUser } from '../../common/roles.ts';
import type { ServedResource, ServedScopeRule } from '../resources/resource-sql.ts';

/** The names of the resources among `served` that the user may list. */
export function listableResources(user: CurrentUser, served: ReadonlyArray<Pick<ServedResource, 'name' | 'access'>>): string[] {
  return served.filter((def) => allows(user, def.access.list)).map((def) => def.name);
}

/** The condition that keeps the entries the user may read; `column` is the entry's resource. Bound in `params`. */
export const readableEntriesSql: ServedScopeRule = (user, column, params, served) => {
  params.push(listableResources(user, served));
  return `${column} = any($${params.length}::text[])`;
};
