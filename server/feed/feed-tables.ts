// The tables the feed writes: the served resources that take imports (their definition names the key a row
// is matched on: `import`) and that a token can name (feed_tables, migration 025).
import type { ResourceDef } from '../resources/resource-def.ts';

/** The resources a token may name, by resource name (feed_tables' codes). */
const FEED_TABLES: ReadonlyArray<string> = ['sales', 'stores', 'states', 'cycles'];

const fed = (def: ResourceDef) => def.import !== undefined && FEED_TABLES.includes(def.name);

/** The served resource the feed writes under `name`; undefined when there is no such feed. */
export function feedResource(served: ReadonlyArray<ResourceDef>, name: string): ResourceDef | undefined {
  return served.find((d) => d.name === name && fed(d));
}

/** The feeds' tables as a sentence names them ("sales (Daily sales), stores (Stores)"), those of `names` only when given. */
export function feedTitles(served: ReadonlyArray<ResourceDef>, names: ReadonlyArray<string> | undefined): string {
  const shown = served.filter((d) => fed(d) && (!names || names.includes(d.name)));
  return shown.map((d) => `${d.name} (${d.title})`).join(', ');
}
