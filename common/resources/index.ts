// The registry of resource definitions' browser-safe halves: every entity the table API serves. Adding an
// entity is a file beside this one and a line here, its SQL half in server/resources (and a line in that
// registry, which holds it to this one) and a migration for its table; its menu entry is its `menu` place.
import { audit } from './audit.ts';
import { cycles } from './cycles.ts';
import { groups } from './groups.ts';
import { alerts, messages, notifications } from './inbox.ts';
import { menus } from './menus.ts';
import { sales } from './sales.ts';
import { states } from './states.ts';
import { stores } from './stores.ts';
import { defineRegistry } from './types.ts';
import { userErrors } from './user-errors.ts';
import { users } from './users.ts';

export const definitions = defineRegistry([
  stores,
  cycles,
  states,
  groups,
  menus,
  users,
  sales,
  messages,
  alerts,
  notifications,
  userErrors,
  audit,
]);
