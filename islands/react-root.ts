// Creates the React root of one island; loaded lazily with React itself, only by pages with islands.
import { createElement } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { IslandComponent } from './registry.ts';

export function mountIsland(container: HTMLElement, Component: IslandComponent, props: object, identifierPrefix: string): Root {
  const element = createElement(Component, props);
  // Server markup is hydrated. A container marked live was restored from the history cache: that is the
  // browser's own DOM, not server output, and hydrating it fails, so it is rendered afresh.
  if (container.hasChildNodes() && !container.hasAttribute('data-island-live')) {
    return hydrateRoot(container, element, {
      identifierPrefix,
      // A swap that removes an island before it has hydrated unmounts it early, which React reports as a
      // recoverable error ("an early update"), though nothing is lost: only a live island's are reported.
      onRecoverableError: (error) => {
        if (container.isConnected) reportError(error);
      },
    });
  }
  const root = createRoot(container, { identifierPrefix });
  root.render(element);
  return root;
}
