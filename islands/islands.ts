// The island loader: finds `<div data-island="name" data-island-id data-props>` containers, lazily imports
// the component and React, and mounts a root on each, after the first load, every swap and every history
// restore (htmx.onLoad fires for all three). An island the registry says waits for use (a data table)
// mounts when first used (on-use.ts), or at once when its code is already in this tab. Roots whose
// container a swap removed are unmounted after it, so navigating never leaks them.
// `window.__islands.count()` tells tests how many roots are mounted.
import htmx from 'htmx.org';
import type { Root } from 'react-dom/client';
import { HYDRATED_EVENT, waitForUse, type PendingUse } from './on-use.ts';
import { findIsland, wakeRule } from './registry.ts';

declare global {
  interface Window {
    __islands: { count(): number };
  }
}

const roots = new Map<HTMLElement, Root>();
const loading = new WeakSet<HTMLElement>();
const waiting = new WeakMap<HTMLElement, PendingUse>();
/** Islands whose code this tab has loaded: they no longer wait for use, nothing is left to save. */
const loaded = new Set<string>();

async function mount(container: HTMLElement): Promise<void> {
  const name = container.dataset.island ?? '';
  const load = findIsland(name);
  if (!load) throw new Error(`No island named "${name}"`);
  if (roots.has(container) || loading.has(container)) return;
  loading.add(container);
  try {
    const [{ mountIsland }, { default: Component }] = await Promise.all([import('./react-root.ts'), load()]);
    loaded.add(name);
    // A swap may have removed the container while its code was loading.
    if (!container.isConnected) return;
    const props = JSON.parse(container.dataset.props ?? '{}') as object;
    const replay = waiting.get(container)?.release();
    waiting.delete(container);
    roots.set(container, mountIsland(container, Component, props, container.dataset.islandId ?? ''));
    container.setAttribute('data-island-live', '');
    if (replay) container.addEventListener(HYDRATED_EVENT, replay, { once: true });
  } finally {
    loading.delete(container);
  }
}

/** Mounts `container`'s island now, or when first used if it waits for use and its rule sees no need yet. */
function start(container: HTMLElement): void {
  const name = container.dataset.island ?? '';
  const rule = wakeRule(name);
  // A container marked live was restored from the history cache: its island was in use already.
  if (waiting.has(container)) return;
  if (!rule || loaded.has(name) || container.hasAttribute('data-island-live')) return void mount(container);
  // A swap may remove the container before it is used: a document event then wakes nothing.
  waiting.set(
    container,
    waitForUse(container, rule(), () => {
      if (container.isConnected) void mount(container);
    }),
  );
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
    for (const container of found) start(container);
  });
  // Not before the swap: the history cache snapshots the page after htmx:before:swap, and must see islands drawn.
  document.addEventListener('htmx:after:swap', unmountRemovedIslands);
  window.__islands = { count: () => roots.size };
}
