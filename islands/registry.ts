// The React islands a page may hold, by the name in its `data-island` attribute. Each loads lazily, so
// React and the island's code reach the browser only on pages that have one. The server renders the
// same components (server/islands/render-island.ts), so their first paint needs no script.
import type { ComponentType } from 'react';

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
