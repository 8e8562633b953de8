// What a signed-in user's pages are drawn from, as a short fingerprint: who they are and how they are named,
// their group, roles, instances and administrator flags (the menu, the header's store scope and the figures
// follow these). A page carries the one it was drawn for (layout's `access-version` meta) and every answer to
// a signed-in request names the current one (X-Access-Version), so that an open tab sees that an administrator
// changed its user's access and loads itself afresh (islands/shell/access-changed.ts); the hub closes the
// sockets of a user whose fingerprint moved (server/hub/access-changes.ts), which reconnect with the new one.
import { createHash } from 'node:crypto';
import type { CurrentUser } from '../../common/roles.ts';

export const ACCESS_VERSION_HEADER = 'X-Access-Version';

/** Per user as loaded: every answer names it, and a session's user is kept for a few seconds (session-users.ts). */
const versions = new WeakMap<CurrentUser, string>();

export function accessVersion(user: CurrentUser): string {
  let version = versions.get(user);
  if (version === undefined) versions.set(user, (version = fingerprint(user)));
  return version;
}

function fingerprint(user: CurrentUser): string {
  const drawnFrom = [
    user.ID,
    user.UserName,
    user.FullName,
    user.GroupID,
    user.GroupCode,
    user.GroupName,
    user.IsAdmin,
    user.IsSuperAdmin,
    [...user.Roles].sort(),
    [...user.Instances].sort(),
  ];
  return createHash('sha256').update(JSON.stringify(drawnFrom)).digest('base64url').slice(0, 16);
}
