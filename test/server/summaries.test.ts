// The summary and chart endpoints through HTTP: every figure is checked against SQL written here on its
// own (sums over the daily sales of the right stores and days), for the current cycle and a chosen one,
// per state and group, within the user's stores (the analyst sees only Northeast stores) and their selection.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { createTestApp, signIn, useTestApp, type SignedIn } from '../support/app.ts';
import type { FieldValues } from '../../common/field-values.ts';
import type { ChartPoint } from '../../common/charts.ts';

const shared = useTestApp('admin', 'analyst');

interface Cycle {
  cycle_id: number;
  name: string;
  kind: string;
  start: string;
  through: string;
  prev_start: string | null;
  prev_through: string | null;
}

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await shared.t.db.pool.query(text, params)).rows as T[];
}

/** The current cycle of a kind, found here its own way: the newest that began by the last day with sales. */
async function currentCycle(kind: string): Promise<Cycle> {
  const [last] = await sql<{ d: string }>(`select max(sale_date)::text as d from sales`);
  const cycles = await sql<{ cycle_id: number; name: string; kind: string; start: string; end: string }>(
    `select cycle_id, name, kind, start_date::text as start, end_date::text as end from cycles where kind = $1 and start_date <= $2::date order by start_date`,
    [kind, last!.d],
  );
  const c = cycles[cycles.length - 1]!;
  const p = cycles[cycles.length - 2] ?? null;
  // The earlier of two ISO dates.
  const through = [c.end, last!.d].sort()[0]!;
  const days = await sql<{ n: number }>(`select ($1::date - $2::date)::int as n`, [through, c.start]);
  const prevThrough = p
    ? (
        await sql<{ d: string }>(`select least($1::date, $2::date + $3::int)::text as d`, [
          p.end,
          p.start,
          through === c.end ? 10_000 : days[0]!.n,
        ])
      )[0]!.d
    : null;
  return {
    cycle_id: c.cycle_id,
    name: c.name,
    kind: c.kind,
    start: c.start,
    through,
    prev_start: p?.start ?? null,
    prev_through: prevThrough,
  };
}

/** Sum, count and average over sales rows of the stores `storeWhere` picks (an SQL condition on `s`). */
async function expectedTotals(from: string, through: string, storeWhere: string, params: unknown[] = []) {
  const [row] = await sql<{ sales: string | null; transactions: string | null; margin: string | null; stores: number }>(
    `select sum(x.sales)::text as sales, sum(x.transactions)::text as transactions, avg(x.margin)::text as margin,
            count(distinct x.store_id)::int as stores
     from sales x where x.sale_date between $1::date and $2::date
       and x.store_id in (select s.store_id from stores s where ${storeWhere})`,
    [from, through, ...params],
  );
  return row!;
}

async function json<T>(user: SignedIn, url: string): Promise<T> {
  const res = await user.inject({ url });
  assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
  return res.json() as T;
}

const close = (actual: unknown, expected: number, what: string) =>
  assert.ok(Math.abs(Number(actual) - expected) <= Math.abs(expected) * 1e-9 + 1e-9, `${what}: ${String(actual)} is not ${expected}`);

const NORTHEAST = `s.group_id = (select group_id from groups where code = 'NE')`;

describe('the cycle totals summary', () => {
  test("answers the current monthly cycle's totals for every store, with the change against the same days of the previous cycle", async () => {
    const c = await currentCycle('monthly');
    const now = await expectedTotals(c.start, c.through, 'true');
    const before = await expectedTotals(c.prev_start!, c.prev_through!, 'true');
    const fields = await json<FieldValues>(shared.admin, '/api/summaries/totals');
    assert.deepEqual(fields.Sales, { value: now.sales, type: 'currency' });
    assert.deepEqual(fields.Transactions, { value: now.transactions, type: 'integer' });
    assert.equal(fields['Average ticket']!.type, 'currency');
    close(fields['Average ticket']!.value, Number(now.sales) / Number(now.transactions), 'average ticket');
    assert.equal(fields['Average margin']!.type, 'percent');
    close(fields['Average margin']!.value, Number(now.margin), 'average margin');
    assert.deepEqual(fields['Previous cycle sales'], { value: before.sales, type: 'currency' });
    assert.equal(fields['Change in sales']!.type, 'percent');
    close(fields['Change in sales']!.value, (Number(now.sales) - Number(before.sales)) / Number(before.sales), 'change');
    assert.deepEqual(fields.Cycle, { value: c.name, type: 'text' });
    assert.deepEqual(fields['Stores with sales'], { value: now.stores, type: 'integer' });
    assert.deepEqual(Object.keys(fields).slice(0, 5), ['Sales', 'Change in sales', 'Transactions', 'Average ticket', 'Average margin']);
  });

  test('an analyst gets the totals of the Northeast stores only, whatever stores or group they ask for', async () => {
    const c = await currentCycle('monthly');
    const northeast = await expectedTotals(c.start, c.through, NORTHEAST);
    const all = await expectedTotals(c.start, c.through, 'true');
    assert.notEqual(northeast.sales, all.sales, 'the demo data has stores outside the Northeast');
    const fields = await json<FieldValues>(shared.analyst, '/api/summaries/totals');
    assert.equal(fields.Sales!.value, northeast.sales);
    assert.equal(fields['Stores with sales']!.value, northeast.stores);

    const [outside] = await sql<{ id: number; group_id: number }>(
      `select s.store_id as id, s.group_id from stores s where not (${NORTHEAST}) limit 1`,
    );
    assert.deepEqual(
      await json(shared.analyst, `/api/summaries/totals?stores=${outside!.id}`),
      {},
      "another region's store is not theirs to select",
    );
    assert.deepEqual(
      await json(shared.analyst, `/api/summaries/totals?group=${outside!.group_id}`),
      {},
      "another region's group is empty for them",
    );
  });

  test('the selected stores narrow the totals to them', async () => {
    const c = await currentCycle('monthly');
    const picked = (
      await sql<{ id: number }>(`select s.store_id as id from stores s where ${NORTHEAST} and s.is_active order by s.store_id limit 3`)
    ).map((r) => r.id);
    const expected = await expectedTotals(c.start, c.through, 's.store_id = any($3::int[])', [picked]);
    const fields = await json<FieldValues>(shared.analyst, `/api/summaries/totals?stores=${picked.join(',')}`);
    assert.equal(fields.Sales!.value, expected.sales);
    assert.equal(fields['Stores with sales']!.value, expected.stores);
  });

  test('a state or a group narrows the totals to its stores', async () => {
    const c = await currentCycle('monthly');
    const [state] = await sql<{ id: number }>(`select state_id as id from states where code = 'CA'`);
    const byState = await expectedTotals(c.start, c.through, 's.state_id = $3', [state!.id]);
    assert.equal((await json<FieldValues>(shared.admin, `/api/summaries/totals?state=${state!.id}`)).Sales!.value, byState.sales);
    const [group] = await sql<{ id: number }>(`select group_id as id from groups where code = 'NE'`);
    const byGroup = await expectedTotals(c.start, c.through, 's.group_id = $3', [group!.id]);
    assert.equal((await json<FieldValues>(shared.admin, `/api/summaries/totals?group=${group!.id}`)).Sales!.value, byGroup.sales);
  });

  test('a chosen closed weekly cycle is totalled whole and compared with the whole week before', async () => {
    const weeks = await sql<{ cycle_id: number; start: string; end: string }>(
      `select cycle_id, start_date::text as start, end_date::text as end from cycles
       where kind = 'weekly' and start_date >= (select min(sale_date) from sales) and end_date < (select max(sale_date) from sales)
       order by start_date`,
    );
    assert.ok(weeks.length >= 2, 'the test data holds two whole weeks of sales');
    const [before, week] = weeks.slice(-2);
    const now = await expectedTotals(week!.start, week!.end, 'true');
    const prev = await expectedTotals(before!.start, before!.end, 'true');
    const fields = await json<FieldValues>(shared.admin, `/api/summaries/totals?cycle=${week!.cycle_id}`);
    assert.equal(fields.Sales!.value, now.sales);
    assert.equal(fields['Previous cycle sales']!.value, prev.sales);
    assert.match(String(fields.Days!.value), /^\d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}$/);
  });

  test('kind=weekly answers the current week instead of the current month', async () => {
    const week = await currentCycle('weekly');
    const fields = await json<FieldValues>(shared.admin, '/api/summaries/totals?kind=weekly');
    assert.deepEqual(fields.Cycle, { value: week.name, type: 'text' });
    assert.equal(fields.Sales!.value, (await expectedTotals(week.start, week.through, 'true')).sales);
  });

  test('an unknown cycle answers an empty object; a malformed parameter is refused in words', async () => {
    assert.deepEqual(await json(shared.admin, '/api/summaries/totals?cycle=999999'), {});
    const bad = await shared.admin.inject({ url: '/api/summaries/totals?cycle=abc' });
    assert.equal(bad.statusCode, 400);
    assert.match((bad.json() as { error: string }).error, /"cycle"/);
    assert.equal((await shared.admin.inject({ url: '/api/summaries/totals?stores=1,x' })).statusCode, 400);
  });
});

describe('the top and bottom stores summaries', () => {
  test('rank the stores by sales in the cycle, labelled by number, name and state', async () => {
    const c = await currentCycle('monthly');
    const expected = await sql<{ label: string; sales: string }>(
      `select s.store_number || ' ' || s.name || ' (' || st.code || ')' as label, sum(x.sales)::text as sales
       from sales x join stores s using (store_id) join states st using (state_id)
       where x.sale_date between $1::date and $2::date group by s.store_id, st.code order by sum(x.sales) desc, s.store_number`,
      [c.start, c.through],
    );
    const top = await json<FieldValues>(shared.admin, '/api/summaries/top-stores?limit=7');
    assert.deepEqual(
      Object.entries(top),
      expected.slice(0, 7).map((e) => [e.label, { value: e.sales, type: 'currency' }]),
    );
    const bottom = await json<FieldValues>(shared.admin, '/api/summaries/bottom-stores');
    assert.deepEqual(
      Object.keys(bottom),
      expected
        .slice(-10)
        .reverse()
        .map((e) => e.label),
    );
  });

  test("an analyst's ranking holds Northeast stores only", async () => {
    const northeastStates = (
      await sql<{ code: string }>(`select distinct st.code from stores s join states st using (state_id) where ${NORTHEAST}`)
    ).map((r) => r.code);
    const top = await json<FieldValues>(shared.analyst, '/api/summaries/top-stores?limit=100');
    assert.ok(Object.keys(top).length > 0);
    for (const label of Object.keys(top)) assert.ok(northeastStates.includes(/\((\w\w)\)$/.exec(label)![1]!), label);
  });
});

describe('the chart endpoints', () => {
  test('sales per cycle: the last 12 monthly cycles, oldest first, each summed over its days, one still running marked', async () => {
    const points = await json<ChartPoint[]>(shared.admin, '/api/charts/sales-per-cycle');
    const expected = await sql<{ name: string; sales: string | null; running: boolean }>(
      `select c.name, (select sum(x.sales) from sales x where x.sale_date between c.start_date and c.end_date)::text as sales,
              c.end_date >= current_date as running
       from (select * from cycles where kind = 'monthly' and start_date <= (select max(sale_date) from sales) order by start_date desc limit 12) c
       order by c.start_date`,
    );
    assert.deepEqual(
      points.map((p) => [p.label, p.value, p.running === true]),
      expected.map((e) => [e.running ? `${e.name} (to date)` : e.name, e.sales, e.running]),
    );
    assert.ok(
      points.some((p) => p.value !== null),
      'some cycles have sales',
    );
  });

  test('sales by state: highest first, each linking to its stores in that cycle', async () => {
    const c = await currentCycle('monthly');
    const expected = await sql<{ id: number; name: string; sales: string }>(
      `select st.state_id as id, st.name, sum(x.sales)::text as sales from sales x join stores s using (store_id) join states st using (state_id)
       where x.sale_date between $1::date and $2::date and ${NORTHEAST} group by st.state_id order by sum(x.sales) desc, st.name`,
      [c.start, c.through],
    );
    const points = await json<ChartPoint[]>(shared.analyst, '/api/charts/sales-by-state');
    assert.deepEqual(
      points.map((p) => [p.label, p.value]),
      expected.map((e) => [e.name, e.sales]),
    );
    assert.equal(points[0]!.href, `/summaries/stores?cycle=${c.cycle_id}&state=${expected[0]!.id}`);
  });

  test('top stores: the ten best sellers of the cycle', async () => {
    const top = await json<FieldValues>(shared.admin, '/api/summaries/top-stores');
    const points = await json<ChartPoint[]>(shared.admin, '/api/charts/top-stores');
    assert.deepEqual(
      points.map((p) => [p.label, p.value]),
      Object.entries(top).map(([label, f]) => [label, f.value]),
    );
  });
});

describe('the figures kept between requests', () => {
  test('a sale changed through the table API shows in the totals and charts at once', async () => {
    const t = await createTestApp();
    try {
      const admin = await signIn(t.app, 'admin');
      const cents = (v: unknown) => Math.round(Number(v) * 100);
      const totals = async () => cents((await json<FieldValues>(admin, '/api/summaries/totals')).Sales!.value);
      const stateSales = async (code: string) =>
        cents((await json<ChartPoint[]>(admin, '/api/charts/sales-by-state')).find((p) => p.label.includes(code))?.value);
      // The newest sale is in the current cycle: the one the totals are of.
      const [sale] = (
        await t.db.pool.query<{ id: number; version: number; sales: string; code: string }>(
          `select sa.sale_id as id, sa.version, sa.sales::text as sales, s.state_code as code
           from sales sa join stores s on s.store_id = sa.store_id order by sa.sale_date desc, sa.sale_id limit 1`,
        )
      ).rows;
      const [before, stateBefore] = [await totals(), await stateSales(sale!.code)];
      assert.equal(await totals(), before, 'asked again: the same');
      const res = await admin.inject({
        method: 'PATCH',
        url: '/api/sales',
        payload: { SaleID: sale!.id, Version: sale!.version, Sales: (Number(sale!.sales) + 1000).toFixed(2) },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(await totals(), before + 100_000);
      assert.equal(await stateSales(sale!.code), stateBefore + 100_000);
    } finally {
      await t.close();
    }
  });
});

describe('a cycle entered ahead of the sales', () => {
  test('its summaries and charts answer (no sales yet), even in 9999, where the days compared once fell before the calendar', async () => {
    for (const [start, end] of [
      ['2099-01-01', '2099-01-31'],
      ['9999-12-01', '9999-12-31'],
    ]) {
      const added = await shared.admin.inject({
        method: 'POST',
        url: '/api/cycles',
        payload: { Kind: 'monthly', Name: `Ahead ${start}`, StartDate: start, EndDate: end },
      });
      const id = (added.json() as { Succeed: number[] }).Succeed[0];
      assert.ok(id, added.body);
      // No sales in it yet: the summary's empty answer ('No Data found'), not a refusal of the request.
      assert.deepEqual(await json<FieldValues>(shared.admin, `/api/summaries/totals?cycle=${id}`), {}, start);
      for (const path of [
        '/api/charts/sales-per-cycle',
        '/api/charts/top-stores',
        '/api/charts/sales-by-state',
        '/api/summaries/top-stores',
      ]) {
        const res = await shared.admin.inject({ url: `${path}?cycle=${id}` });
        assert.equal(res.statusCode, 200, `${path} ${start}: ${res.body.slice(0, 200)}`);
      }
    }
  });
});
