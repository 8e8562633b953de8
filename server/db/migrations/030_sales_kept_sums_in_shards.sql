-- The sums every store's sales of a day share (per day, 017; per fine value range, 018) kept in shards: a
-- row per day (per range) and shard, the shard a store's (sales_kept_shard), where there was one row per day.
-- At close of day 5,000 stores each send their day within a minute (bench/close-of-day.ts), every one of
-- them updating the day's one row and the same few ranges' rows: each write queued on those row locks until
-- the writer before it committed, and the queue held the app's connections (pg_stat_activity: half the
-- samples of the feed's writes waited on a transaction id). Now concurrent writers of different stores'
-- shards pass each other; two of the same shard still queue, as before.
-- Readers already add the rows up per day (per range), so their answers are unchanged; the cost is more rows
-- to add: up to 8 a day where there was one (a deep page in date order, groups by date: ~9,000 rows for
-- three years instead of ~1,100, kept in the totals cache as before), and up to 8 a range.
-- A day (range) and shard with no sales rows has no row here, so sums over nothing stay NULL as over sales.

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

alter table sales_value_counts add column shard smallint not null default 0;
alter table sales_value_counts drop constraint sales_value_counts_pkey;
alter table sales_value_counts alter column shard drop default;
delete from sales_value_counts;
insert into sales_value_counts (measure, bucket, shard, bucket_end, row_count)
select b.measure, b.bucket, sales_kept_shard(s.store_id), b.bucket_end, count(*)
from sales s cross join lateral sales_fine_value_buckets(s.sales, s.transactions, s.margin) b
group by 1, 2, 3, 4;
alter table sales_value_counts add primary key (measure, bucket, shard) include (bucket_end, row_count);

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

-- As 018's, per range and shard, locked in key order.
create or replace function sales_value_counts_apply() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into sales_value_counts as t (measure, bucket, shard, bucket_end, row_count)
    select b.measure, b.bucket, sales_kept_shard(r.store_id), b.bucket_end, -count(*)
    from old_rows r cross join lateral sales_fine_value_buckets(r.sales, r.transactions, r.margin) b
    group by 1, 2, 3, 4 order by 1, 2, 3
    on conflict (measure, bucket, shard) do update set row_count = t.row_count + excluded.row_count;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into sales_value_counts as t (measure, bucket, shard, bucket_end, row_count)
    select b.measure, b.bucket, sales_kept_shard(r.store_id), b.bucket_end, count(*)
    from new_rows r cross join lateral sales_fine_value_buckets(r.sales, r.transactions, r.margin) b
    group by 1, 2, 3, 4 order by 1, 2, 3
    on conflict (measure, bucket, shard) do update set row_count = t.row_count + excluded.row_count;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    -- Only the ranges and shards rows left can have come down to none.
    delete from sales_value_counts t
    using (select distinct b.measure, b.bucket, sales_kept_shard(r.store_id) as shard
           from old_rows r cross join lateral sales_fine_value_buckets(r.sales, r.transactions, r.margin) b) o
    where t.measure = o.measure and t.bucket = o.bucket and t.shard = o.shard and t.row_count = 0;
  end if;
  return null;
end
$$;
