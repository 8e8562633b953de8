// The policy for sales figures (common/roles.ts, salesFigures): whoever holds neither the sales nor the
// reports role gets no sales figure from any route that serves them, refused as the Sales table refuses
// them; whoever holds one of them gets them.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp } from '../support/app.ts';
import { defaultMessages as m } from '../../server/messages.ts';

const shared = useTestApp('trainee', 'clerk', 'itdesk', 'analyst', 'manager');

/** Every route that answers sales figures of stores (the dashboard shows them in cards: dashboard.test.ts). */
async function salesUrls(): Promise<string[]> {
  const { rows } = await shared.t.db.pool.query<{ id: number }>(
    `select s.store_id as id from stores s join groups g using (group_id) where g.code = 'WE' order by s.store_id limit 1`,
  );
  return [
    '/api/summaries/totals',
    '/api/summaries/top-stores',
    '/api/summaries/bottom-stores',
    '/api/charts/sales-per-cycle',
    '/api/charts/top-stores',
    '/api/charts/sales-by-state',
    '/summaries/stores',
    `/stores/${rows[0]!.id}/sales`,
    '/summaries',
    '/charts',
    '/api/sales',
  ];
}

describe('sales figures', () => {
  test('are refused to users with neither the sales nor the reports role, wherever they are served', async () => {
    for (const user of [shared.trainee, shared.clerk, shared.itdesk]) {
      for (const url of await salesUrls()) {
        const res = await user.inject({ url });
        assert.equal(res.statusCode, 403, url);
        assert.ok(res.body.includes(url.startsWith('/api/') ? JSON.stringify(m.forbidden) : m.forbidden), url);
        assert.doesNotMatch(res.body, /\$[\d,]+\.\d\d/, url);
      }
    }
  });

  test('are served to a user with the sales and reports roles, and to an administrator', async () => {
    const urls = (await salesUrls()).filter((url) => !url.startsWith('/stores/'));
    for (const url of urls) assert.equal((await shared.analyst.inject({ url })).statusCode, 200, url);
    for (const url of await salesUrls()) assert.equal((await shared.manager.inject({ url })).statusCode, 200, url);
  });
});
