// What a table screen shows beside its table, for the few resources that have more than the table: the
// users screen's link to the full new-user form (the Add dialog's richer twin, with password and roles),
// and the notice naming the user it has just added (`added`, looked up, so a link cannot invent a notice).
import type { FastifyInstance } from 'fastify';
import { msg } from '../messages.ts';
import { userNameById } from '../users/user-list.ts';

export interface ScreenExtras {
  /** A notice shown above the table (role status); '' for none. */
  notice: string;
  /** Links shown above the table, beside its own toolbar. */
  links: Array<{ href: string; text: string }>;
}

/** The query parameters a screen reads beyond the store selection, as JSON schema properties. */
export function screenQuery(resource: string): Record<string, object> {
  return resource === 'users' ? { added: { type: 'integer', minimum: 1, maximum: 2147483647 } } : {};
}

export async function screenExtras(app: FastifyInstance, resource: string, query: Record<string, unknown>): Promise<ScreenExtras> {
  if (resource !== 'users') return { notice: '', links: [] };
  const added = typeof query.added === 'number' ? await userNameById(app.db.pool, query.added) : null;
  return {
    notice: added === null ? '' : msg('userAdded', added),
    links: [{ href: '/admin/users/new', text: msg('addUser') }],
  };
}
