// A set of resources an app serves, checked as a whole when it is put together: their names are their own,
// and every select field's choices name one of them and columns it has (a whole-number value column, the
// column shown, the yes/no column that keeps rows on offer, the group column). A mistake fails at start, and
// in every test (test/unit/resource-registry.test.ts).
import type { ResourceDef } from './resource-def.ts';

export function checkedRegistry(resources: ReadonlyArray<ResourceDef>): ReadonlyArray<ResourceDef> {
  const byName = new Map<string, ResourceDef>();
  for (const def of resources) {
    if (byName.has(def.name)) throw new Error(`two resources are called ${def.name}`);
    byName.set(def.name, def);
  }
  for (const def of resources) {
    for (const field of def.fields) {
      const choices = field.options;
      if (!choices) continue;
      const there = byName.get(choices.resource);
      const wrong = (what: string) => new Error(`resource ${def.name}: the field ${field.name} chooses among ${what}`);
      if (!there) throw wrong(`${choices.resource}, which is not served`);
      const typed = { [choices.value]: 'integer', [choices.label]: undefined, ...(choices.only && { [choices.only]: 'boolean' }) };
      if (choices.sameGroup) typed[choices.sameGroup] = 'integer';
      for (const [name, type] of Object.entries(typed)) {
        const column = there.columns.find((c) => c.name === name);
        if (!column) throw wrong(`${choices.resource} by ${name}, which it has not`);
        if (type && column.type !== type)
          throw wrong(`${choices.resource} by ${name}, which is not ${type === 'integer' ? 'a whole number' : 'a yes or no'}`);
      }
    }
  }
  return resources;
}
