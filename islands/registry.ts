// The React islands a page may hold, by the name in its `data-island` attribute. Each loads lazily, so
// React and the island's code reach the browser only on pages that have one. The server renders the
// same components (server/islands/render-island.ts), so their first paint needs no script.
import type { ComponentType } from 'react';

// Props arrive as JSON from the page; each component declares its own, so none is imposed here.
export type IslandComponent = ComponentType<any>;

export const islandRegistry: Record<string, () => Promise<{ default: IslandComponent }>> = {
  'demo-counter': () => import('./demo/counter.tsx'),
};
