// `npm run seed -- --stores N --sales-rows M` makes a chain out of the demo: stores added over every region
// and state, days of sales planned back from yesterday until the table holds about M rows, loaded resumably;
// bad counts and impossible sizes are refused with a message.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createTestApp } from '../support/app.ts';
import { loadSalesHistory } from '../../server/demo/sales-history.ts';
import { planSalesGrowth } from '../../server/demo/sales-growth.ts';
import { addStoresUpTo } from '../../server/demo/seed-stores.ts';

describe('making a chain', () => {
  test('adds stores up to the count asked, over every region, with new numbers; a second run adds none', async () => {
    const t = await createTestApp();
    try {
      const before = (await t.db.pool.query<{ n: number; top: number }>('select count(*)::int as n, max(store_number) as top from stores'))
        .rows[0]!;
      assert.equal(await addStoresUpTo(t.db.pool, before.n + 300), 300);
      const added = await t.db.pool.query<{ n: number; regions: number; states: number; low: number; names: number }>(
        `select count(*)::int as n, count(distinct s.group_id)::int as regions, count(distinct s.state_id)::int as states,
                min(s.store_number) as low, count(distinct (s.name, s.state_id))::int as names
         from stores s where s.store_number > $1`,
        [before.top],
      );
      const row = added.rows[0]!;
      assert.equal(row.n, 300);
      assert.equal(row.regions, 5, 'the new stores are in all five regions');
      assert.ok(row.states >= 40, `the new stores are spread over the states (${row.states})`);
      assert.equal(row.low, before.top + 1, 'numbers continue after the last');
      assert.equal(row.names, 300, 'every new store has a name of its own in its state (Arlington is in Texas and Virginia)');
      assert.equal(await addStoresUpTo(t.db.pool, before.n + 300), 0);
      assert.equal(await addStoresUpTo(t.db.pool, 10), 0, 'a smaller count removes nothing');
    } finally {
      await t.close();
    }
  });

  test('plans days of sales to reach about the rows asked, keeps the rows there are, and refuses more than the stores can hold', async () => {
    const t = await createTestApp();
    try {
      const q = async () =>
        (
          await t.db.pool.query<{ n: number; stores: number; oldest: string; total: string }>(
            `select count(*)::int as n, (select count(*)::int from stores) as stores, min(sale_date)::text as oldest, sum(sales)::text as total from sales`,
          )
        ).rows[0]!;
      const before = await q();
      const target = before.n + 3 * before.stores;
      const growth = await planSalesGrowth(t.db.pool, target);
      assert.equal(growth.planned, true);
      assert.equal(await loadSalesHistory(t.db.pool), 'complete');
      const after = await q();
      assert.ok(after.n >= target, `${after.n} rows, asked for ${target}`);
      assert.ok(after.n < target + after.stores, 'one day more than needed at most');
      const kept = await t.db.pool.query<{ total: string }>('select sum(sales)::text as total from sales where sale_date >= $1::date', [
        before.oldest,
      ]);
      assert.equal(kept.rows[0]!.total, before.total, 'the days there were are untouched');
      assert.deepEqual(await planSalesGrowth(t.db.pool, target), { planned: false, rows: after.n }, 'enough rows: nothing planned');

      const tooMany = await planSalesGrowth(t.db.pool, 10 ** 12);
      assert.ok('atMost' in tooMany && tooMany.atMost > after.n && tooMany.atMost < 10 ** 12);
    } finally {
      await t.close();
    }
  });

  test('the command refuses a count that is not a whole number, saying which', () => {
    const run = spawnSync(process.execPath, ['dist/server/seed-cli.mjs', '--stores', 'lots'], {
      encoding: 'utf8',
      env: { ...process.env },
    });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /--stores takes a whole number from 1 \(got "lots"\)/);
  });
});
