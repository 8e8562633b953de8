// Who may read an audit entry: whoever may list the resource it is about. An entry holds the row before and
// after its change, so the audit log, a detail page's changes and the audit-trail report show a user only the
// entries of resources whose rows they may list (a manager reads no entry about menus, which only super
// administrators list). One rule for all of them, as SQL over the entry's resource column.
import { allows, type CurrentUser } from '../../common/roles.ts';
import { resources } from '../resources/index.ts';

/** The names of the resources the user may list. */
export function listableResources(user: CurrentUser): string[] {
  return resources.filter((def) => allows(user, def.access.list)).map((def) => def.name);
}

/** The condition that keeps the entries the user may read; `column` is the entry's resource. Bound in `params`. */
export function readableEntriesSql(user: CurrentUser, column: string, params: unknown[]): string {
  params.push(listableResources(user));
  return `${column} = any($${params.length}::text[])`;
}
