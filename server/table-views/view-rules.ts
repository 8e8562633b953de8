// Who reaches which saved view (issue 39). A private view is its maker's alone: nobody else sees, opens,
// changes or deletes it, administrators included. A shared view is listed for its maker's group, opens from
// a link for anyone who may see its table, and is changed or deleted by its maker or an administrator. The
// queries (table-views.ts) say the same in SQL. Which rows a view shows is never the view's to say: the
// table's list applies the person's own scope to whatever state the view holds.
import type { CurrentUser } from '../../common/roles.ts';

export const isAdministrator = (user: Pick<CurrentUser, 'IsAdmin' | 'IsSuperAdmin'>): boolean => user.IsAdmin || user.IsSuperAdmin;

/** Whether `user` may rename, replace, share or delete a view made by `ownerId`, shared or not. */
export function mayChangeView(
  user: Pick<CurrentUser, 'ID' | 'IsAdmin' | 'IsSuperAdmin'>,
  view: { ownerId: number; shared: boolean },
): boolean {
  return view.ownerId === user.ID || (view.shared && isAdministrator(user));
}
