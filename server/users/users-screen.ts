// The users table screen's own part: a link to the full new-user form (the Add dialog's richer twin, with
// password and roles), and the notice naming the user the form has just added (`added`, looked up, so a link
// cannot invent a notice).
import { msg } from '../messages.ts';
import type { ScreenExtrasHook } from '../resources/resource-sql.ts';
import { userNameById } from './user-list.ts';

export const usersScreen: ScreenExtrasHook = {
  query: { added: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  async read(pool, query) {
    const added = typeof query.added === 'number' ? await userNameById(pool, query.added) : null;
    return {
      notice: added === null ? '' : msg('userAdded', added),
      links: [{ href: '/admin/users/new', text: msg('addUser') }],
    };
  },
};
