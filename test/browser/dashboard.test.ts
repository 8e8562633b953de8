// The dashboard, Summaries and Charts screens in real Chromium: summary tables and charts hydrate without
// errors and show the right figures (read from their text alternatives, checked against SQL here), a
// summary table's "more" toggle and its 'No Data found' (empty object, failed call), the store selection
// followed, the 30 s refresh, drill-down into the panel beside, and axe-core finding nothing at 1280 and
// 375 px wide, where nothing is wider than the screen; the dashboard's cards filling their rows, bars'
// names whole and months named with their year.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { islandsLive } from '../support/tables.ts';
import { pageErrors } from '../support/navigation.ts';
import { axeViolations } from '../support/axe.ts';
import { formatCurrency } from '../../common/format.ts';
import { storeListKeys } from '../../common/store-selection.ts';

const skip = browserSkipReason();

/** A card (summary table or chart) by its heading. */
const card = (page: Page, title: string) =>
  page.locator('section.summary-card, section.chart-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** A chart's text alternative: its figures table as [name, amount] rows. */
async function chartFigures(page: Page, title: string): Promise<string[][]> {
  return card(page, title)
    .locator('.chart-figures tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent ?? '')));
}

/** A summary table's rows as [label, value], visible or not. */
async function summaryRows(page: Page, title: string): Promise<string[][]> {
  return card(page, title)
    .locator('.summary-table tr')
    .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent ?? '')));
}

describe('dashboard, summaries and charts', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  const sql = async <T>(text: string, params: unknown[] = []) => (await env.t.db.pool.query(text, params)).rows as T[];

  /** Sales of the current monthly cycle, as the dashboard's totals show them, for the stores `where` picks. */
  async function currentSales(where: string, params: unknown[] = []): Promise<string> {
    const [row] = await sql<{ sales: string }>(
      `with last as (select max(sale_date) as d from sales),
            c as (select * from cycles where kind = 'monthly' and start_date <= (select d from last) order by start_date desc limit 1)
       select sum(x.sales)::text as sales from sales x, c, last
       where x.sale_date between c.start_date and least(c.end_date, last.d) and x.store_id in (select s.store_id from stores s where ${where})`,
      params,
    );
    return formatCurrency(row!.sales);
  }

  test("the dashboard's charts hydrate without errors and show the right figures in their text alternatives", async () => {
    const { page, context } = await env.newPage('admin');
    const errors = pageErrors(page);
    await page.goto('/');
    await islandsLive(page);
    const expected = await sql<{ name: string; sales: string | null }>(
      `select c.name || case when c.end_date >= current_date then ' (to date)' else '' end as name,
              (select sum(x.sales) from sales x where x.sale_date between c.start_date and c.end_date)::text as sales
       from (select * from cycles where kind = 'monthly' and start_date <= (select max(sale_date) from sales) order by start_date desc limit 12) c
       order by c.start_date`,
    );
    assert.deepEqual(
      await chartFigures(page, 'Sales per cycle'),
      expected.map((e) => [e.name, formatCurrency(e.sales)]),
    );
    const states = await sql<{ name: string; sales: string }>(
      `with last as (select max(sale_date) as d from sales),
            c as (select * from cycles where kind = 'monthly' and start_date <= (select d from last) order by start_date desc limit 1)
       select st.name, sum(x.sales)::text as sales from sales x join stores s using (store_id) join states st using (state_id), c, last
       where x.sale_date between c.start_date and least(c.end_date, last.d) group by st.state_id order by sum(x.sales) desc, st.name limit 10`,
    );
    assert.deepEqual(
      await chartFigures(page, 'Sales by state: the top 10'),
      states.map((s) => [s.name, formatCurrency(s.sales)]),
    );
    // The bars are drawn to scale: the first (largest) fills its row, the others in proportion.
    const widths = await card(page, 'Sales by state: the top 10')
      .locator('.bar rect')
      .evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('width'))));
    assert.equal(widths[0], 100);
    assert.ok(Math.abs(widths[1]! - (Number(states[1]!.sales) / Number(states[0]!.sales)) * 100) < 1e-6);
    assert.equal(await page.locator('.chart-line').count(), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a summary table shows 5 rows and a toggle for the rest, then all of them', async () => {
    const { page, context } = await env.newPage('admin');
    await page.goto('/');
    await islandsLive(page);
    const totals = card(page, 'This cycle');
    assert.deepEqual((await summaryRows(page, 'This cycle'))[0], ['Sales', await currentSales('true')]);
    const rows = await totals.locator('.summary-table tr').count();
    assert.ok(rows > 5);
    assert.equal(await totals.locator('.summary-table tr:visible').count(), 5);
    const more = totals.getByRole('button', { name: `Show ${rows - 5} more` });
    assert.equal(await more.getAttribute('aria-expanded'), 'false');
    await more.click();
    assert.equal(await totals.locator('.summary-table tr:visible').count(), rows);
    assert.equal(await totals.getByRole('button', { name: 'Show fewer' }).getAttribute('aria-expanded'), 'true');
    await context.close();
  });

  test("a summary table says 'No Data found' for an empty object and for a failed call", async () => {
    const { page, context } = await env.newPage('analyst');
    const errors = pageErrors(page);
    const [old] = await sql<{ id: number }>(`select cycle_id as id from cycles where kind = 'monthly' order by start_date limit 1`);
    await page.goto(`/summaries?cycle=${old!.id}`);
    await islandsLive(page);
    assert.equal((await card(page, 'This cycle').textContent())?.includes('No Data found'), true, 'a cycle without sales');

    await page.goto('/summaries');
    await islandsLive(page);
    assert.equal(await card(page, 'This cycle').locator('.summary-table').count(), 1);
    await page.route('**/api/summaries/totals*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }),
    );
    await page.evaluate(() => document.dispatchEvent(new CustomEvent('stores:changed')));
    await card(page, 'This cycle').getByText('No Data found').waitFor();
    assert.equal(await page.locator('#error-dialog[open], dialog[open]').count(), 0, 'no error dialog: the call failed softly');
    assert.deepEqual(
      errors.filter((e) => !e.includes('500')),
      [],
    );
    await context.close();
  });

  test('the Summaries form narrows the tables to a state, keeps the choice in the address and in the form', async () => {
    const { page, context } = await env.newPage('admin');
    await page.goto('/summaries');
    await islandsLive(page);
    const [state] = await sql<{ id: number; name: string }>(
      `select st.state_id as id, st.name from states st where exists (select 1 from stores s where s.state_id = st.state_id) order by st.name limit 1`,
    );
    await page.selectOption('#filter-state', String(state!.id));
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('state') === String(state!.id));
    await islandsLive(page);
    assert.equal(await page.inputValue('#filter-state'), String(state!.id));
    const expected = await currentSales('s.state_id = $1', [state!.id]);
    assert.deepEqual((await summaryRows(page, 'This cycle'))[0], ['Sales', expected]);
    await context.close();
  });

  test('summary tables and charts follow the store selection', async () => {
    const { page, context } = await env.newPage('analyst');
    await page.goto('/');
    await islandsLive(page);
    assert.equal(
      (await summaryRows(page, 'This cycle'))[0]![1],
      await currentSales(`s.group_id = (select group_id from groups where code = 'NE')`),
    );
    const picked = (
      await sql<{ id: number }>(
        `select s.store_id as id from stores s join groups g using (group_id) where g.code = 'NE' and s.is_active order by s.store_id limit 2`,
      )
    ).map((r) => r.id);
    const userId = Number(await page.getAttribute('meta[name="user-id"]', 'content'));
    const fetched = page.waitForResponse(
      (r) => r.url().includes('/api/charts/sales-by-state') && r.url().includes(`stores=${picked.join(',')}`),
    );
    await page.evaluate(
      ([key, ids]) => {
        localStorage.setItem(key as string, JSON.stringify(ids));
        document.dispatchEvent(new CustomEvent('stores:changed'));
      },
      [storeListKeys(userId).selected, picked] as const,
    );
    await fetched;
    const sales = await currentSales('s.store_id = any($1::int[])', [picked]);
    await page.waitForFunction((text) => document.querySelector('.summary-card .summary-table td')?.textContent === text, sales);
    // A page loaded with a selection kept asks again for it at once, and its drill-down links carry it.
    await page.reload();
    await islandsLive(page);
    await page.waitForFunction((text) => document.querySelector('.summary-card .summary-table td')?.textContent === text, sales);
    // Each island asks for its own figures: the chart's links follow once its answer is in.
    const withStores = `&stores=${picked.join(',')}`;
    await page.waitForFunction((end) => document.querySelector('.bar-chart a')?.getAttribute('href')?.endsWith(end) === true, withStores);
    const href = await page.locator('.bar-chart a').first().getAttribute('href');
    assert.match(href ?? '', new RegExp(`${withStores}$`));
    await context.close();
  });

  test('figures are fetched again every 30 seconds', async () => {
    const { page, context } = await env.newPage('admin');
    await page.clock.install();
    await page.goto('/');
    await islandsLive(page);
    let asked = 0;
    page.on('request', (r) => r.url().includes('/api/summaries/totals') && asked++);
    await page.clock.runFor(29_000);
    assert.equal(asked, 0);
    const next = page.waitForRequest((r) => r.url().includes('/api/summaries/totals'));
    await page.clock.runFor(1_000);
    await next;
    await context.close();
  });

  test("a state's bar loads its stores into the panel beside the charts, which closes again", async () => {
    const { page, context } = await env.newPage('admin');
    await page.goto('/');
    await islandsLive(page);
    const url = page.url();
    const panel = page.locator('#detail-panel');
    assert.equal(await panel.isVisible(), false);
    const link = page.locator('.bar-chart a').first();
    const state = await link.textContent();
    await link.click();
    await panel.getByRole('heading', { name: new RegExp(`^Stores in ${state}, `) }).waitFor();
    assert.ok((await panel.locator('tbody tr').count()) > 0);
    assert.equal(page.url(), url, 'the dashboard stays');
    // Beside the cards on a wide screen.
    const [cards, box] = await Promise.all([page.locator('.cards').boundingBox(), panel.boundingBox()]);
    assert.ok(box!.x >= cards!.x + cards!.width, 'the panel is to the right of the cards');
    await panel.getByRole('button', { name: 'Close' }).click();
    // Closed once the data-load code, imported on use, has run.
    await panel.waitFor({ state: 'hidden' });
    await context.close();
  });

  for (const width of [1280, 375]) {
    test(`at ${width} px the dashboard's cards fill their rows, bars' names are whole and months carry their year`, async () => {
      const { page, context } = await env.newPage('admin', { viewport: { width, height: 900 } });
      await page.goto('/');
      await islandsLive(page);
      const rows = await page.$$eval('.cards > *', (cards) => {
        const tops = new Map<number, number>();
        for (const c of cards) {
          const top = Math.round(c.getBoundingClientRect().top);
          tops.set(top, (tops.get(top) ?? 0) + 1);
        }
        return [...tops.values()];
      });
      // Four cards: two rows of two on a desk, one a row on a phone; never a row with one card beside room for more.
      assert.deepEqual(rows, width === 1280 ? [2, 2] : [1, 1, 1, 1]);
      const cut = await page.$$eval('.bar-label', (labels) =>
        labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
      );
      assert.deepEqual(cut, [], 'no name cut off');
      const months = await page.$$eval('.chart-axis text', (texts) => texts.map((t) => t.textContent ?? ''));
      assert.ok(months.length > 0 && months.every((m) => /^[A-Z][a-z]{2} \d{4}$/.test(m)), months.join(', '));
      await context.close();
    });

    test(`axe-core finds no violation on the dashboard, Summaries and Charts at ${width} px, and nothing is wider than the screen`, async () => {
      const { page, context } = await env.newPage('admin', { viewport: { width, height: 900 } });
      for (const path of ['/', '/summaries', '/charts']) {
        await page.goto(path);
        await islandsLive(page);
        assert.deepEqual(await axeViolations(page), [], path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${path} is ${overflow} px wider than the screen`);
      }
      // With a drill-down open and a chart's figures unfolded too.
      await page.goto('/charts');
      await islandsLive(page);
      await page.locator('.bar-chart a').first().click();
      await page.locator('#detail-panel tbody tr').first().waitFor();
      await page.locator('.chart-figures summary').first().click();
      assert.deepEqual(await axeViolations(page), [], '/charts with the panel open');
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
      await context.close();
    });
  }
});
