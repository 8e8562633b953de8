// Opening and closing row groups (spec section 4: "Row groups are expanded or collapsed. An option allows
// only one group open at a time"). The open groups are a list of keys (group-lines.ts); with one group
// open at a time, opening a group closes the others at its level (its siblings) and what is inside them.
import { groupKey } from './group-lines.ts';

function valuesOf(key: string): unknown[] {
  return JSON.parse(key) as unknown[];
}

/** Whether `key` is `group` or lies inside it (a sub group of a main group). */
function within(key: string, group: string): boolean {
  if (key === group) return true;
  const inner = valuesOf(key);
  const outer = valuesOf(group);
  return inner.length > outer.length && groupKey(inner.slice(0, outer.length)) === group;
}

/** The open groups after the user opens or closes `key`. */
export function toggledGroups(expanded: ReadonlyArray<string>, key: string, oneOpen: boolean): string[] {
  // Closing a group forgets the sub groups open inside it: opened again, it starts closed inside.
  if (expanded.includes(key)) return expanded.filter((k) => !within(k, key));
  if (!oneOpen) return [...expanded, key];
  // A sibling, or inside one: under the same parent (for a main group, the table), at its level or deeper.
  const parent = groupKey(valuesOf(key).slice(0, -1));
  const depth = valuesOf(key).length;
  const besideKey = (k: string) => valuesOf(k).length >= depth && within(k, parent) && !within(k, key);
  return [...expanded.filter((k) => !besideKey(k)), key];
}
