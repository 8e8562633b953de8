// The React islands a page may hold, by the name in its `data-island` attribute. Each loads lazily, so
// React and the island's code reach the browser only on pages that have one. The server renders the
// same components (server/islands/render-island.ts), so their first paint needs no script.
import type { ComponentType } from 'react';
import type { WakeRule } from './on-use.ts';

// Props arrive as JSON from the page; each component declares its own, so none is imposed here.
// biome-ignore lint/suspicious/noExplicitAny: each island declares its own props; the loader passes parsed JSON.
export type IslandComponent = ComponentType<any>;
export type IslandLoader = () => Promise<{ default: IslandComponent }>;

// The app's islands, each as `['name', () => import('./folder/component.tsx')]`.
const islands = new Map<string, IslandLoader>([
  ['summary-table', () => import('./summary-table/summary-table.tsx')],
  ['chart', () => import('./chart/chart.tsx')],
  ['data-table', () => import('./data-table/data-table.tsx')],
]);

// Islands that hydrate when first used (islands/on-use.ts), with the rule saying when they must at once;
// each dispatches HYDRATED_EVENT once hydrated. A table's rows are all in the server's markup and it is the
// heaviest island; summaries and charts follow the store selection from the start and stay eager. A rule
// loads with the first page that holds its island, not with every page (the shell's first-load budget).
const onUse = new Map<string, () => Promise<WakeRule>>([
  ['data-table', () => import('./data-table/wake-rule.ts').then((m) => m.tableWakeRule)],
]);

/** The rule of an island that waits for its first use, loaded; undefined for one that hydrates as its page loads. */
export function wakeRule(name: string): (() => Promise<WakeRule>) | undefined {
  return onUse.get(name);
}

/** The loader of the island a page names, on either side; undefined for a name nobody registered. */
export function findIsland(name: string): IslandLoader | undefined {
  return islands.get(name);
}

/**
 * Adds an island to those above, for a bundle built on top of the app's (the tests' own, in test/support/islands/):
 * it registers before the loader meets a page that names it, and a server process before it renders one.
 */
export function registerIsland(name: string, load: IslandLoader): void {
  islands.set(name, load);
}
