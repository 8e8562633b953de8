// The dashboard, Summaries and Charts screens and the drill-down detail through HTTP: what each user's page
// holds (server-rendered summary tables and charts with their figures, shortcuts by role), who may open
// which screen, and the detail's stores checked against SQL of its own.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp } from '../support/app.ts';
import { islandsOn } from '../support/islands-on-page.ts';

const shared = useTestApp('admin', 'analyst', 'clerk', 'trainee');

/** The props of each server-rendered island on a page, by island name, in page order. */
const islands = (html: string) => islandsOn(html).map(({ name, props }) => ({ name, props: props as Record<string, unknown> }));

describe('the dashboard', () => {
  test("shows a reader of sales figures the current cycle's summary tables and charts, server-rendered with their figures", async () => {
    const res = await shared.admin.inject({ url: '/' });
    assert.equal(res.statusCode, 200);
    const found = islands(res.body);
    assert.deepEqual(
      found.map((i) => `${i.name}:${String(i.props.url).split('?')[0]}`),
      [
        'summary-table:/api/summaries/totals',
        'chart:/api/charts/sales-per-cycle',
        'summary-table:/api/summaries/top-stores',
        'chart:/api/charts/sales-by-state',
      ],
    );
    const totals = found[0]!.props.initial as Record<string, { value: string }>;
    const sales = (await shared.admin.inject({ url: '/api/summaries/totals' })).json() as Record<string, { value: string }>;
    assert.equal(totals.Sales!.value, sales.Sales!.value);
    // Rendered, not only carried: the first figure is in the markup before any script runs.
    assert.match(res.body, /<th scope="row">Sales<\/th><td class="num">\$[\d,]+\.\d\d<\/td>/);
    assert.match(res.body, /<svg class="chart-svg"[^>]* role="img"/);
    assert.match(res.body, /id="detail-panel"[^>]*hidden/);
  });

  test('a user with neither the sales nor the reports role gets their inbox and shortcuts, and no sales figure', async () => {
    const res = await shared.trainee.inject({ url: '/' });
    assert.equal(res.statusCode, 200);
    const shortcuts = /<ul class="shortcut-list">([\s\S]*?)<\/ul>/.exec(res.body)?.[1] ?? '';
    assert.deepEqual(
      [...shortcuts.matchAll(/href="([^"]+)"/g)].map((m) => m[1]),
      ['/states', '/cycles', '/messages', '/alerts', '/notifications'],
    );
    assert.match(res.body, /Welcome, Taylor\./);
    assert.deepEqual(islands(res.body), [], 'no summary table, no chart');
    assert.doesNotMatch(res.body, /\$[\d,]+\.\d\d|\/api\/(summaries|charts)\/|\/summaries\/stores|id="detail-panel"/);
    const clerk = (await shared.clerk.inject({ url: '/' })).body;
    assert.deepEqual(islands(clerk), []);
    assert.match(clerk, /class="shortcut-list"/);
  });

  test('shortcuts follow the roles: the clerk gets Stores, not Summaries; the analyst gets Summaries, Charts and Reports', async () => {
    const links = async (user: typeof shared.clerk) => {
      const body = (await user.inject({ url: '/' })).body;
      return [...(/<ul class="shortcut-list">([\s\S]*?)<\/ul>/.exec(body)?.[1] ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    };
    const clerk = await links(shared.clerk);
    assert.ok(clerk.includes('/stores') && !clerk.includes('/summaries'), clerk.join(' '));
    const analyst = await links(shared.analyst);
    for (const path of ['/summaries', '/charts', '/reports', '/sales'])
      assert.ok(analyst.includes(path), `${path} in ${analyst.join(' ')}`);
  });
});

describe('the Summaries and Charts screens', () => {
  test('are open to whom their menu entries are: the analyst, not the clerk', async () => {
    for (const url of ['/summaries', '/charts']) {
      assert.equal((await shared.analyst.inject({ url })).statusCode, 200, url);
      assert.equal((await shared.clerk.inject({ url })).statusCode, 403, url);
    }
  });

  test("the form offers only the states of the user's stores, and the tables follow its choices", async () => {
    const states = (
      await shared.t.db.pool.query<{ id: number; name: string }>(
        `select st.state_id as id, st.name from states st where exists (
         select 1 from stores s join groups g using (group_id) where s.state_id = st.state_id and g.code = 'NE') order by st.name`,
      )
    ).rows;
    const page = await shared.analyst.inject({ url: `/summaries?state=${states[0]!.id}&cycle=&group=` });
    assert.equal(page.statusCode, 200);
    const select = /<select id="filter-state" name="state">([\s\S]*?)<\/select>/.exec(page.body)?.[1] ?? '';
    assert.deepEqual(
      [...select.matchAll(/<option value="(\d+)"/g)].map((m) => Number(m[1])),
      states.map((s) => s.id),
    );
    assert.match(select, new RegExp(`<option value="${states[0]!.id}" selected>`));
    const found = islands(page.body);
    assert.deepEqual(
      found.map((i) => i.props.url),
      [
        `/api/summaries/totals?state=${states[0]!.id}`,
        `/api/summaries/top-stores?state=${states[0]!.id}&limit=10`,
        `/api/summaries/bottom-stores?state=${states[0]!.id}&limit=10`,
      ],
    );
  });

  test('the Charts screen draws sales per cycle, the top stores and every state', async () => {
    const found = islands((await shared.admin.inject({ url: '/charts' })).body);
    assert.deepEqual(
      found.map((i) => [i.props.type, i.props.title]),
      [
        ['line', 'Sales per cycle'],
        ['bar', 'Top stores by sales'],
        ['bar', 'Sales by state'],
      ],
    );
    const states = (await shared.t.db.pool.query<{ n: number }>(`select count(distinct state_id)::int as n from stores`)).rows[0]!.n;
    assert.equal((found[2]!.props.initial as unknown[]).length, states);
  });
});

describe('the drill-down detail', () => {
  test("lists a state's stores in the cycle with their figures, and offers to close the panel it was loaded into", async () => {
    const [ny] = (await shared.t.db.pool.query<{ id: number }>(`select state_id as id from states where code = 'NY'`)).rows;
    const points = (await shared.analyst.inject({ url: '/api/charts/sales-by-state' })).json() as Array<{ label: string; href: string }>;
    const newYork = points.find((p) => p.label === 'New York')!;
    assert.match(newYork.href, new RegExp(`^/summaries/stores\\?cycle=\\d+&state=${ny!.id}$`));
    const cycle = Number(/cycle=(\d+)/.exec(newYork.href)![1]);
    const expected = (
      await shared.t.db.pool.query<{ label: string }>(
        `select s.store_number || ' ' || s.name || ' (NY)' as label from sales x join stores s using (store_id) join cycles c on c.cycle_id = $1
       where s.state_id = $2 and x.sale_date between c.start_date and c.end_date group by s.store_id order by sum(x.sales) desc, s.store_number`,
        [cycle, ny!.id],
      )
    ).rows.map((r) => r.label);
    assert.ok(expected.length > 0);

    const panel = await shared.analyst.inject({ url: newYork.href, headers: { 'hx-request': 'true', 'hx-target': 'div#detail-panel' } });
    assert.equal(panel.statusCode, 200);
    assert.deepEqual(
      [...panel.body.matchAll(/<tr><th scope="row">([^<]+)<\/th>/g)].map((m) => m[1]),
      expected,
    );
    assert.match(panel.body, /<h2>Stores in New York, [^<]+<\/h2>/);
    assert.match(panel.body, /<button type="button" data-load-close="#detail-panel">Close<\/button>/);

    const page = await shared.analyst.inject({ url: newYork.href });
    assert.match(page.body, /<h1>Stores in New York/);
    assert.doesNotMatch(page.body, /data-load-close/);
  });

  test("holds only the user's stores: the analyst's detail of a state outside the Northeast is empty", async () => {
    const [state] = (
      await shared.t.db.pool.query<{ id: number }>(
        `select s.state_id as id from stores s join groups g using (group_id) where g.code <> 'NE' order by s.store_id limit 1`,
      )
    ).rows;
    const url = `/summaries/stores?state=${state!.id}`;
    assert.match((await shared.admin.inject({ url })).body, /<tr><th scope="row">/, 'the state has stores with sales');
    const res = await shared.analyst.inject({ url });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /No Data found/);
    assert.doesNotMatch(res.body, /<tr><th scope="row">/);
  });
});
