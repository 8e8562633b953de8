// Which tables' viewers hear of a change: every resource that reads a changed table, told to whoever may
// list it. Not the resources whose rows each belong to one user (messages, alerts, notifications): all
// their users would hear of everyone's mail; their owners get inbox frames instead (server/inbox/).
import type { ResourceDef } from '../resources/resource-def.ts';

export function changedResources(resources: ReadonlyArray<ResourceDef>, tables: ReadonlyArray<string>): ResourceDef[] {
  return resources.filter((def) => {
    if (def.access.list === false || (def.scope && 'owner' in def.scope)) return false;
    return tables.some((t) => def.tables.has(t));
  });
}
