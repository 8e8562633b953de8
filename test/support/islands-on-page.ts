// The islands a server-rendered page holds, with the props each carries (data-props: JSON, HTML-escaped), read
// as the browser's boot reads them: for server tests of what a screen hands its islands.
import assert from 'node:assert/strict';
import { unescapeHtml } from './forms.ts';

export interface PageIsland {
  name: string;
  id: string;
  props: unknown;
}

/** Every island container on the page, in page order. */
export function islandsOn(html: string): PageIsland[] {
  return [...html.matchAll(/<div data-island="([^"]+)" data-island-id="([^"]+)" data-props="([^"]*)">/g)].map((m) => ({
    name: m[1]!,
    id: m[2]!,
    props: JSON.parse(unescapeHtml(m[3]!)) as unknown,
  }));
}

/** The props of the page's first island named `name` (the data table's unless said), which must be there. */
export function islandProps<T>(html: string, name = 'data-table'): T {
  const island = islandsOn(html).find((i) => i.name === name);
  assert.ok(island, `the page holds the ${name} island`);
  return island.props as T;
}
