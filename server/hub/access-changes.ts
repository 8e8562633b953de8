// A change to accounts may have changed what a connected user may hear (roles, group, instances, flags: an
// administrator's edit of the users table, or a group's rename): each socket connected with other access is
// told and closed (Connections.followAccess), and the browser connects again as the user is now. Only the
// users with a socket on this instance are looked up, in one query; the inactive are left to the sessions'
// check, which closes their sockets as a sign-out's.
import type pg from 'pg';
import type { TableName } from '../db/table-changes.ts';
import { loadActiveUsers } from '../users/current-user.ts';
import type { Connections } from './connections.ts';

/** The tables a user's access is read from (server/users/current-user.ts): a change to one may have moved it. */
export const accessTables: ReadonlyArray<TableName> = ['users', 'user_roles', 'user_instances', 'groups'];

export async function followAccessChanges(pool: pg.Pool, connections: Connections): Promise<void> {
  const connected = connections.users();
  if (connected.length === 0) return;
  for (const user of await loadActiveUsers(pool, connected)) connections.followAccess(user);
}
