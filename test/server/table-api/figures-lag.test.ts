// A machine's steady writes (the feed's, announced `soon`) reach the figures kept within FIGURES_LAG_MS: the
// first forgets them at once, those that follow within the lag together when it has passed; any other change
// forgets them at once, as always.
import { mock, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import type pg from 'pg';
import type { ResourceDef } from '../../../server/resources/resource-def.ts';
import { FIGURES_LAG_MS, forgetKeptFigures } from '../../../server/table-api/cache/changed-tables.ts';
import { ShortLived } from '../../../server/table-api/cache/short-lived.ts';

test('figures follow a stream of machine writes within the lag, and any other change at once', async () => {
  // From the real time: anything else in this process that reads the clock meanwhile reads it right.
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: Date.now() });
  try {
    const cache = new ShortLived<number>(60_000, 10);
    // Only their identities and tables matter here.
    const pool = {} as pg.Pool;
    const sales = [{ name: 'sales', tables: new Set(['sales']) }] as unknown as ResourceDef[];
    let computed = 0;
    const read = () => cache.get(pool, 'sales', ['totals'], async () => ++computed);
    assert.equal(await read(), 1);
    forgetKeptFigures(sales, pool, ['sales'], { soon: true });
    assert.equal(await read(), 2, 'the first machine write is in the figures at once');
    forgetKeptFigures(sales, pool, ['sales'], { soon: true });
    forgetKeptFigures(sales, pool, ['sales'], { soon: true });
    assert.equal(await read(), 2, 'those that follow within the lag wait for it');
    mock.timers.tick(FIGURES_LAG_MS);
    assert.equal(await read(), 3, 'and are in the figures once it has passed');
    assert.equal(await read(), 3);
    forgetKeptFigures(sales, pool, ['sales']);
    assert.equal(await read(), 4, "a person's change, however soon after, at once");
    forgetKeptFigures(sales, pool, ['stores'], { soon: true });
    assert.equal(await read(), 4, "another table's change leaves them");
  } finally {
    mock.timers.reset();
  }
});
