// A machine's steady writes (the feed's, announced `soon`) reach the figures kept within FIGURES_LAG_MS: the
// first forgets them at once, those that follow within the lag together when it has passed; any other change
// forgets them at once, as always. Changes left for the lag are announced again once it has passed, so that a
// table reloaded on their notice hears of them again and reads its figures whole.
import { mock, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import type pg from 'pg';
import type { ResourceDef } from '../../../server/resources/resource-def.ts';
import { changeTables, onTableChanges } from '../../../server/db/table-changes.ts';
import { FIGURES_LAG_MS, forgetKeptFigures, forgetOnChanges } from '../../../server/table-api/cache/changed-tables.ts';
import { ShortLived } from '../../../server/table-api/cache/short-lived.ts';

// Only their identities and tables matter here.
const sales = [{ name: 'sales', tables: new Set(['sales']) }] as unknown as ResourceDef[];

test('figures follow a stream of machine writes within the lag, and any other change at once', async () => {
  // From the real time: anything else in this process that reads the clock meanwhile reads it right.
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: Date.now() });
  try {
    const cache = new ShortLived<number>(60_000, 10);
    const pool = {} as pg.Pool;
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

test('changes left for the lag are announced again, once, as ordinary changes when it has passed', async () => {
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: Date.now() });
  try {
    const pool = {} as pg.Pool;
    forgetOnChanges(pool, sales);
    const heard: Array<{ tables: string[]; by: number; soon: boolean }> = [];
    onTableChanges(pool, (tables, by, { soon }) => heard.push({ tables: [...tables], by, soon: soon === true }));
    const write = (by: number, tables = ['sales']) => changeTables(pool, tables, by, async () => 1, { soon: true });
    await write(7);
    mock.timers.tick(FIGURES_LAG_MS);
    assert.equal(heard.length, 1, 'a change whose figures were forgotten at once is not announced again');
    await write(7);
    await write(8, ['sales', 'api_tokens']);
    assert.equal(heard.length, 3);
    mock.timers.tick(FIGURES_LAG_MS - 1);
    assert.equal(heard.length, 3, 'not before the lag has passed');
    mock.timers.tick(1);
    assert.deepEqual(heard.at(-1), { tables: ['sales', 'api_tokens'], by: 8, soon: false });
    mock.timers.tick(FIGURES_LAG_MS * 3);
    assert.equal(heard.length, 4, 'announced again once');
  } finally {
    mock.timers.reset();
  }
});
