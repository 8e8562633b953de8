// The summaries' figures (dashboard, Summaries, Charts, a store's page), kept briefly per database and query
// as the tables' footer totals are (table-api/cache/): every page swap to the dashboard asked the same sums
// of a month's sales again. A change to the tables they read forgets them at once, on every instance (the
// hub) and on a read replica once it has replayed the change; a change made outside the app shows within
// the time to live.
import type pg from 'pg';
import { keepFiguresOf } from '../table-api/cache/changed-tables.ts';
import { ShortLived } from '../table-api/cache/short-lived.ts';

const SET = 'summaries';
keepFiguresOf(SET, ['sales', 'stores', 'states', 'cycles', 'groups']);

const figures = new ShortLived<{ rows: unknown[] }>(30_000, 1000);

/** The rows of `text` with `params`, as kept, or as read now (then kept). */
export function keptQuery<Row>(pool: pg.Pool, text: string, params: ReadonlyArray<unknown>): Promise<{ rows: Row[] }> {
  return figures.get(pool, SET, [text, params], async () => ({ rows: (await pool.query(text, params as unknown[])).rows })) as Promise<{
    rows: Row[];
  }>;
}
