-- Row counts of the daily sales table per store and value range of each amount column (Sales, Transactions,
-- Margin), kept by statement-level triggers in the same transaction as every change to sales, as the month
-- totals are (003). A deep page in one of those orders finds its range from the counts and reads from that
-- range's edge (server/grid/positions.ts): a store-scoped user's page in the middle of 220k rows by Sales
-- otherwise steps over ~450k index entries (the scope filters inside the scan), ~40 ms.
-- Ranges are fixed-width, ~60 over each column's spread in the chain's data: the counts a page reads grow
-- with the number of ranges, the rows it skips inside its range with their width. Other data only makes
-- pages slower or quicker, never wrong: a row's range is computed exactly (numeric arithmetic).
-- A store and range with no sales rows has no row here.
create table sales_store_value_counts (
  measure text not null,
  store_id integer not null references stores (store_id),
  -- The range's first value and the first value past it.
  bucket numeric not null,
  bucket_end numeric not null,
  row_count bigint not null,
  primary key (measure, store_id, bucket) include (bucket_end, row_count)
);

-- The range of each amount column a sales row falls in; the one place the widths are written.
create function sales_value_buckets(sales numeric, transactions integer, margin numeric)
returns table (measure text, bucket numeric, bucket_end numeric) language sql immutable as $$
  values
    ('sales', floor(sales / 250) * 250, floor(sales / 250) * 250 + 250),
    ('transactions', floor(transactions / 6.0) * 6, floor(transactions / 6.0) * 6 + 6),
    ('margin', floor(margin / 0.005) * 0.005, floor(margin / 0.005) * 0.005 + 0.005)
$$;

insert into sales_store_value_counts (measure, store_id, bucket, bucket_end, row_count)
select b.measure, s.store_id, b.bucket, b.bucket_end, count(*)
from sales s cross join lateral sales_value_buckets(s.sales, s.transactions, s.margin) b
group by 1, 2, 3, 4;

-- Adds the changed rows' counts (negated for rows that went away) and drops ranges left with no rows. Rows
-- are locked in key order, so two transactions touching many stores cannot deadlock on them.
create function sales_store_value_counts_apply() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into sales_store_value_counts as t (measure, store_id, bucket, bucket_end, row_count)
    select b.measure, r.store_id, b.bucket, b.bucket_end, -count(*)
    from old_rows r cross join lateral sales_value_buckets(r.sales, r.transactions, r.margin) b
    group by 1, 2, 3, 4 order by 1, 2, 3
    on conflict (measure, store_id, bucket) do update set row_count = t.row_count + excluded.row_count;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into sales_store_value_counts as t (measure, store_id, bucket, bucket_end, row_count)
    select b.measure, r.store_id, b.bucket, b.bucket_end, count(*)
    from new_rows r cross join lateral sales_value_buckets(r.sales, r.transactions, r.margin) b
    group by 1, 2, 3, 4 order by 1, 2, 3
    on conflict (measure, store_id, bucket) do update set row_count = t.row_count + excluded.row_count;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    -- Only the ranges rows left can have come down to none (not a scan of the whole table per statement).
    delete from sales_store_value_counts t
    using (select distinct b.measure, r.store_id, b.bucket from old_rows r cross join lateral sales_value_buckets(r.sales, r.transactions, r.margin) b) o
    where t.measure = o.measure and t.store_id = o.store_id and t.bucket = o.bucket and t.row_count = 0;
  end if;
  return null;
end
$$;

create function sales_store_value_counts_clear() returns trigger language plpgsql as $$
begin
  delete from sales_store_value_counts;
  return null;
end
$$;

create trigger sales_store_value_counts_insert after insert on sales
  referencing new table as new_rows for each statement execute function sales_store_value_counts_apply();
create trigger sales_store_value_counts_update after update on sales
  referencing old table as old_rows new table as new_rows for each statement execute function sales_store_value_counts_apply();
create trigger sales_store_value_counts_delete after delete on sales
  referencing old table as old_rows for each statement execute function sales_store_value_counts_apply();
create trigger sales_store_value_counts_truncate after truncate on sales
  for each statement execute function sales_store_value_counts_clear();

-- The month totals (003) dropped emptied months with a scan of the whole table on every statement (a
-- single-row edit read ~30k rows): now only the months the old rows were in.
create or replace function sales_store_month_totals_apply() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into sales_store_month_totals as t (store_id, month, row_count, sales, transactions, margin_sum)
    select store_id, date_trunc('month', sale_date)::date, -count(*), -sum(sales), -sum(transactions), -sum(margin)
    from old_rows group by 1, 2 order by 1, 2
    on conflict (store_id, month) do update set row_count = t.row_count + excluded.row_count, sales = t.sales + excluded.sales,
      transactions = t.transactions + excluded.transactions, margin_sum = t.margin_sum + excluded.margin_sum;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into sales_store_month_totals as t (store_id, month, row_count, sales, transactions, margin_sum)
    select store_id, date_trunc('month', sale_date)::date, count(*), sum(sales), sum(transactions), sum(margin)
    from new_rows group by 1, 2 order by 1, 2
    on conflict (store_id, month) do update set row_count = t.row_count + excluded.row_count, sales = t.sales + excluded.sales,
      transactions = t.transactions + excluded.transactions, margin_sum = t.margin_sum + excluded.margin_sum;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    delete from sales_store_month_totals t
    using (select distinct store_id, date_trunc('month', sale_date)::date as month from old_rows) o
    where t.store_id = o.store_id and t.month = o.month and t.row_count = 0;
  end if;
  return null;
end
$$;
