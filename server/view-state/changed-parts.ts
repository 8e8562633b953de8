// Which parts of the view state a change to tables makes stale: every tab then loads those parts again
// (each for its own user: what a part holds depends on who asks). Inbox parts are not here: their owners
// get inbox frames instead.
import type { ListPart } from '../../common/view-state.ts';

const partTables: Record<ListPart, ReadonlyArray<string>> = {
  stores: ['stores', 'states'],
  cycles: ['cycles'],
  states: ['states'],
  groups: ['groups'],
  // Who sees which entry follows the user's roles too.
  menus: ['menus', 'user_roles'],
};

export function changedParts(tables: ReadonlyArray<string>): ListPart[] {
  return (Object.keys(partTables) as ListPart[]).filter((part) => partTables[part].some((t) => tables.includes(t)));
}
