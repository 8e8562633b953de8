// Server-renders a React island into the container the browser's island loader mounts on
// (islands/islands.ts): `<div data-island data-island-id data-props>` with the markup directly inside,
// since whitespace around it would break hydration. The id is the island's React identifierPrefix, the
// same on both sides and unique on the page, so useId values never collide between islands.
import { randomBytes } from 'node:crypto';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { findIsland } from '../../islands/registry.ts';
import { escapeHtml } from '../escape-html.ts';

export async function renderIsland(name: string, props: Record<string, unknown>): Promise<string> {
  const load = findIsland(name);
  if (!load) throw new Error(`No island named "${name}"`);
  const { default: Component } = await load();
  const id = `${name}-${randomBytes(4).toString('hex')}-`;
  const html = renderToString(createElement(Component, props), { identifierPrefix: id });
  return `<div data-island="${escapeHtml(name)}" data-island-id="${id}" data-props="${escapeHtml(JSON.stringify(props))}">${html}</div>`;
}
