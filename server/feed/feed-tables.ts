// The tables the feed writes: the served resources that take imports (their definition names the key a row
// is matched on) and that a token can name (feed_tables, migration 024).
import type { ResourceDef } from '../resources/resource-def.ts';

/** The resources a token may name, by resource name (feed_tables' codes). */
export const FEED_TABLES: ReadonlyArray<string> = ['sales', 'stores', 'states', 'cycles'];

/** The served resource the feed writes under `name`; undefined when there is no such feed. */
export function feedResource(served: ReadonlyArray<ResourceDef>, name: string): ResourceDef | undefined {
  return FEED_TABLES.includes(name) ? served.find((d) => d.name === name) : undefined;
}

/** The feeds' tables as a sentence names them ("sales (Daily sales), stores (Stores)"), those of `names` only when given. */
export function feedTitles(served: ReadonlyArray<ResourceDef>, names: ReadonlyArray<string> | undefined): string {
  const shown = served.filter((d) => FEED_TABLES.includes(d.name) && (!names || names.includes(d.name)));
  return shown.map((d) => `${d.name} (${d.title})`).join(', ');
}
