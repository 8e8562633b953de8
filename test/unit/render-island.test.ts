// Server-drawn islands are kept by props (server/islands/render-island.ts): a kept drawing must still give
// each island its own id (React's useId prefix, which hydration reads back), and follow the language's words.
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { useLanguage } from '../../common/messages.ts';
import { renderIsland } from '../../server/islands/render-island.ts';

const props = { title: 'Sales this cycle', url: '/api/summaries/sales', initial: {} };
const idOf = (html: string) => /data-island-id="([^"]+)"/.exec(html)?.[1];

test('the same props draw the same markup, each time with an id of its own', async () => {
  const first = await renderIsland('summary-table', props);
  const second = await renderIsland('summary-table', { ...props });
  assert.match(first, /No Data found/);
  assert.notEqual(idOf(first), idOf(second));
  assert.match(idOf(first) ?? '', /^summary-table-[0-9a-f]{8}-$/);
  // Everywhere the id went (useId's values inside the markup too), the page's own id is there.
  assert.equal(first.replaceAll(idOf(first)!, 'ID'), second.replaceAll(idOf(second)!, 'ID'));
  assert.ok(first.split(idOf(first)!).length > 2, 'useId values carry the id');
});

test('other props, or another language, draw afresh', async (t) => {
  t.after(() => useLanguage({}));
  assert.match(await renderIsland('summary-table', { ...props, title: 'Sales last cycle' }), /Sales last cycle/);
  useLanguage({ summaryEmpty: 'Keine Daten' });
  const translated = await renderIsland('summary-table', props);
  assert.match(translated, /Keine Daten/);
  assert.doesNotMatch(translated, /No Data found/);
});
