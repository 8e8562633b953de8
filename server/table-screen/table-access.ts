// Who may open a table screen and the pages under it (its rows' detail pages): whoever passes the
// definition's list rule, the one rule its API, its screen, its menu entry and its detail pages all read
// (the menu shows an entry by its page's route rule: shell/menu.ts), so they agree on who sees the rows.
import type { ActionAccess } from '../../common/resources/types.ts';
import { allows, type CurrentUser } from '../../common/roles.ts';

/** A table as its access rule sees it: its list rule. */
export interface TableScreen {
  access: { list: ActionAccess };
}

export function opensTable(user: CurrentUser, table: TableScreen): boolean {
  return allows(user, table.access.list);
}
