// The demo's daily sales rows, made by the database in one set-based statement: for a range of days and a
// range of stores, a row per store and day from the store's opening on. Amounts vary at random around a
// level set by the store and the weekday (weekends sell more). Days a row already exists for are kept.
import type pg from 'pg';

export interface SalesRange {
  /** Days ago, inclusive: 1 is yesterday. */
  fromDay: number;
  toDay: number;
  /** Store ids after `afterStore` up to `throughStore`, inclusive. */
  afterStore: number;
  throughStore: number;
}

const allStores = { afterStore: 0, throughStore: 2 ** 31 - 1 };

// The scales are float8 and the amounts become numeric only once, as whole cents (or ten-thousandths of
// margin) times a power of ten: numeric arithmetic per row is what made generating the rows slow.
const insertSales = `
  insert into sales (store_id, sale_date, sales, transactions, margin)
  select s.store_id, d.day,
         round((1800 + 6400 * random()) * s.scale * d.scale * 100)::int8 * 0.01,
         (40 + 360 * random())::int,
         round(1200 + 2800 * random())::int * 0.0001
  from (select store_id, open_date, 1 + (store_id % 7) / 10.0::float8 as scale
        from stores where store_id > $3 and store_id <= $4) s
  cross join (select g::date as day,
                     case extract(isodow from g) when 6 then 1.35::float8 when 7 then 1.2::float8 else 1 end as scale
              from generate_series(current_date - $2::int, current_date - $1::int, interval '1 day') g) d
  where d.day >= s.open_date
  on conflict (store_id, sale_date) do nothing`;

export async function insertSalesRows(db: pg.Pool | pg.PoolClient, range: SalesRange): Promise<void> {
  await db.query(insertSales, [range.fromDay, range.toDay, range.afterStore, range.throughStore]);
}

/**
 * Adds days of sales older than the oldest there is (benchmarks, `npm run seed -- --sales-rows N`) until
 * the table holds at least `rows` rows; on an empty table, from yesterday back. Existing days are kept.
 */
export async function growSales(pool: pg.Pool, target: { rows: number }): Promise<number> {
  const stores = (await pool.query<{ n: number }>('select count(*)::int as n from stores')).rows[0]!.n;
  if (!stores) return 0;
  // Stores have no sales before they opened, so a round can fall short: keep going back until there are enough.
  for (let round = 0; round < 20; round++) {
    const r = await pool.query<{ n: number; oldest: number }>(
      `select count(*)::int as n, coalesce(current_date - min(sale_date), 0)::int as oldest from sales`,
    );
    const { n, oldest } = r.rows[0]!;
    if (n >= target.rows) break;
    await insertSalesDays(pool, stores, oldest + 1, oldest + Math.ceil((target.rows - n) / stores) + 1);
  }
  return (await pool.query<{ n: number }>('select count(*)::int as n from sales')).rows[0]!.n;
}

/** Sales for the days `from` to `to` days ago, for every store open then. */
async function insertSalesDays(pool: pg.Pool, stores: number, from: number, to: number): Promise<void> {
  // A chunk of days at a time keeps each statement's memory small (PGlite runs in 32-bit WASM).
  const chunk = Math.max(1, Math.floor(60_000 / stores));
  for (let start = from; start <= to; start += chunk) {
    await insertSalesRows(pool, { fromDay: start, toDay: Math.min(to, start + chunk - 1), ...allStores });
  }
}
