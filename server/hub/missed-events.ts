// What the hub does after a gap in its events (its LISTEN connection was lost and is back: postgres-bus.ts):
// whatever was announced meanwhile never reached this instance, so what it stood for is looked up again.
// Sessions first: every session with a socket here is checked against the database, and the sockets of those
// that ended (a sign-out during the gap), expired or whose user is no longer active are closed before
// anything else is sent, and the sockets of users whose access changed meanwhile connect again as they are
// now (access-changes.ts). Then each user still connected gets their unread counts, every tab loads the view
// state's parts again, and every table hears that its rows may have changed: a message, a change or a new
// row announced during the gap would otherwise stay unseen until the next one.
import type pg from 'pg';
import { listParts } from '../../common/view-state.ts';
import { unreadCounts } from '../inbox/inbox-items.ts';
import type { ResourceDef } from '../resources/resource-def.ts';
import type { Connections } from './connections.ts';
import { checkSessions } from './session-expiry.ts';
import { followAccessChanges } from './access-changes.ts';

export async function catchUpAfterGap(pool: pg.Pool, connections: Connections, resources: ReadonlyArray<ResourceDef>): Promise<void> {
  await checkSessions(pool, connections, connections.sessions());
  await followAccessChanges(pool, connections);
  const counts = await unreadCounts(pool, connections.users());
  for (const [user, unread] of counts) connections.send(connections.audience({ user }), { type: 'unread', unread });
  const everyone = connections.audience({ everyone: true });
  for (const part of listParts) connections.send(everyone, { type: 'view-state', part, by: 0 });
  // By the system (0): a table of the user's own tells them rows changed elsewhere, as it would have.
  for (const def of resources)
    connections.send(connections.audience({ mayList: def.name }), { type: 'changed', resource: def.name, by: 0 });
}
