-- The sums every store's sales of a day share (per day, 017) kept in shards: a row per day and shard, the
-- shard a store's (sales_kept_shard), where there was one row per day. At close of day 5,000 stores each send
-- their day within a minute (bench/close-of-day.ts), every one of them updating the day's one row: each write
-- queued on that row's lock until the writer before it committed, and the queue held the app's connections
-- (pg_stat_activity: half the samples of the feed's writes waited on a transaction id). Now concurrent
-- writers of different stores' shards pass each other; two of the same shard still queue, as before.
-- Readers already add the rows up per day, so their answers are unchanged; the cost is more rows to add: up
-- to 8 a day where there was one (a deep page in date order, groups by date: ~9,000 rows for three years
-- instead of ~1,100, kept in the totals cache as before).
-- The finer value counts (018) stay one row a range: unscoped deep pages in amount order add up a measure's
-- ranges from its start (~3,000 for sales), which shards would make ~8 times as many (3 ms to ~30 ms
-- measured); at close of day their rows are shared only by stores whose day falls in the same range.
-- A day and shard with no sales rows has no row here, so sums over nothing stay NULL as over sales.

-- The shard of a store's rows in the shared sums; the one place their number is written.
create function sales_kept_shard(store_id integer) returns smallint language sql immutable as $$
  select (store_id % 8)::smallint
$$;

alter table sales_day_totals add column shard smallint not null default 0;
alter table sales_day_totals drop constraint sales_day_totals_pkey;
alter table sales_day_totals alter column shard drop default;
delete from sales_day_totals;
insert into sales_day_totals (sale_date, shard, row_count, sales, transactions, margin_sum)
select sale_date, sales_kept_shard(store_id), count(*), sum(sales), sum(transactions), sum(margin)
from sales group by 1, 2;
alter table sales_day_totals add primary key (sale_date, shard);

-- As 017's, per day and shard. Rows are locked in key order, so two transactions touching many cannot deadlock.
create or replace function sales_day_totals_apply() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into sales_day_totals as t (sale_date, shard, row_count, sales, transactions, margin_sum)
    select sale_date, sales_kept_shard(store_id), -count(*), -sum(sales), -sum(transactions), -sum(margin)
    from old_rows group by 1, 2 order by 1, 2
    on conflict (sale_date, shard) do update set row_count = t.row_count + excluded.row_count, sales = t.sales + excluded.sales,
      transactions = t.transactions + excluded.transactions, margin_sum = t.margin_sum + excluded.margin_sum;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into sales_day_totals as t (sale_date, shard, row_count, sales, transactions, margin_sum)
    select sale_date, sales_kept_shard(store_id), count(*), sum(sales), sum(transactions), sum(margin)
    from new_rows group by 1, 2 order by 1, 2
    on conflict (sale_date, shard) do update set row_count = t.row_count + excluded.row_count, sales = t.sales + excluded.sales,
      transactions = t.transactions + excluded.transactions, margin_sum = t.margin_sum + excluded.margin_sum;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    -- Only the days and shards rows left can have come down to none.
    delete from sales_day_totals t using (select distinct sale_date, sales_kept_shard(store_id) as shard from old_rows) o
    where t.sale_date = o.sale_date and t.shard = o.shard and t.row_count = 0;
  end if;
  return null;
end
$$;

