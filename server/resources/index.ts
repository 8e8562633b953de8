// The product's resources, by URL name, which the app serves unless buildApp is given others (app.resources):
// each definition's two halves joined (common/resources and the SQL half beside this file). Every definition
// of the registry has its SQL half here, under its own name, or this fails to compile. Adding a resource: its
// browser-safe half in common/resources (and a line in that registry), its SQL half here (and a line below)
// and a migration for its table (README, "Add a resource").
import type { definitions } from '../../common/resources/index.ts';
import { auditDef } from './audit.ts';
import { cyclesDef } from './cycles.ts';
import { groupsDef } from './groups.ts';
import { alertsDef, messagesDef, notificationsDef } from './inbox.ts';
import { menusDef } from './menus.ts';
import type { ResourceDef } from './resource-def.ts';
import { salesDef } from './sales.ts';
import { statesDef } from './states.ts';
import { storesDef } from './stores.ts';
import { userErrorsDef } from './user-errors.ts';
import { usersDef } from './users.ts';

const byName = {
  stores: storesDef,
  cycles: cyclesDef,
  states: statesDef,
  groups: groupsDef,
  menus: menusDef,
  users: usersDef,
  sales: salesDef,
  messages: messagesDef,
  alerts: alertsDef,
  notifications: notificationsDef,
  'user-errors': userErrorsDef,
  audit: auditDef,
} satisfies { [Name in (typeof definitions)[number]['name']]: ResourceDef<Name> };

export const resources: ReadonlyArray<ResourceDef> = Object.values(byName);
