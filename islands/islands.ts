// The island loader: finds `<div data-island="name" data-island-id data-props>` containers, lazily imports
// the component and React, and mounts a root on each, after the first load, every swap and every history
// restore (htmx.onLoad fires for all three). Roots whose container a swap removed are unmounted after it,
// so navigating never leaks them. `window.__islands.count()` tells tests how many roots are mounted.
import htmx from 'htmx.org';
import type { Root } from 'react-dom/client';
import { findIsland } from './registry.ts';

declare global {
  interface Window {
    __islands: { count(): number };
  }
}

const roots = new Map<HTMLElement, Root>();
const loading = new WeakSet<HTMLElement>();

async function mount(container: HTMLElement): Promise<void> {
  const load = findIsland(container.dataset.island ?? '');
  if (!load) throw new Error(`No island named "${container.dataset.island}"`);
  if (roots.has(container) || loading.has(container)) return;
  loading.add(container);
  try {
    const [{ mountIsland }, { default: Component }] = await Promise.all([import('./react-root.ts'), load()]);
    // A swap may have removed the container while its code was loading.
    if (!container.isConnected) return;
    const props = JSON.parse(container.dataset.props ?? '{}') as object;
    roots.set(container, mountIsland(container, Component, props, container.dataset.islandId ?? ''));
    container.setAttribute('data-island-live', '');
  } finally {
    loading.delete(container);
  }
}

/** Unmounts every island whose container is no longer in the document (after a swap, a closed popup). */
export function unmountRemovedIslands(): void {
  for (const [container, root] of roots) {
    if (container.isConnected) continue;
    roots.delete(container);
    // Deferred: a popup closed from inside a React handler must not unmount a root mid-render.
    queueMicrotask(() => root.unmount());
  }
}

export function startIslands(): void {
  htmx.onLoad((scope) => {
    const found = [...scope.querySelectorAll<HTMLElement>('[data-island]')];
    if (scope instanceof HTMLElement && scope.matches('[data-island]')) found.unshift(scope);
    // A failure here is uncaught on purpose: error reporting sends it to IT.
    for (const container of found) void mount(container);
  });
  // Not before the swap: the history cache snapshots the page after htmx:before:swap, and must see islands drawn.
  document.addEventListener('htmx:after:swap', unmountRemovedIslands);
  window.__islands = { count: () => roots.size };
}
