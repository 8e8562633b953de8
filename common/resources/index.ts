// The registry of resources: every entity the table API serves, by URL name. Adding an entity is a file
// beside this one (plus a migration for its table) and one line here.
import { audit } from './audit.ts';
import { cycles } from './cycles.ts';
import { groups } from './groups.ts';
import { alerts, messages, notifications } from './inbox.ts';
import { menus } from './menus.ts';
import { sales } from './sales.ts';
import { states } from './states.ts';
import { stores } from './stores.ts';
import { defineRegistry, type ResourceDef } from './types.ts';
import { userErrors } from './user-errors.ts';
import { users } from './users.ts';

export const resources = defineRegistry([
  stores, cycles, states, groups, menus, users, sales, messages, alerts, notifications, userErrors, audit,
]);

export function findResource(name: string): ResourceDef | undefined {
  return resources.find((r) => r.name === name);
}

export type { ResourceDef, ColumnDef, FieldDef } from './types.ts';
