// The product's resources, which the app serves unless buildApp is given others (app.resources): each
// entity's one definition (a file beside this one) and a line here. Adding an entity: its definition and a
// migration for its table (docs/recipes/add-an-entity.md; `npm run new:resource <name>` writes both).
import { auditDef } from './audit.ts';
import { cyclesDef } from './cycles.ts';
import { groupsDef } from './groups.ts';
import { alertsDef, messagesDef, notificationsDef } from './inbox.ts';
import { menusDef } from './menus.ts';
import { checkedRegistry } from './registry.ts';
import { salesDef } from './sales.ts';
import { statesDef } from './states.ts';
import { storesDef } from './stores.ts';
import { tokensDef } from './tokens.ts';
import { userErrorsDef } from './user-errors.ts';
import { usersDef } from './users.ts';

export const resources = checkedRegistry([
  storesDef,
  cyclesDef,
  statesDef,
  groupsDef,
  menusDef,
  usersDef,
  salesDef,
  messagesDef,
  alertsDef,
  notificationsDef,
  userErrorsDef,
  tokensDef,
  auditDef,
]);
