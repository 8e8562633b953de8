-- Row counts of the daily sales table per value range of each amount column over all stores, finer than the
-- per-store counts of 005 and kept the same way (statement-level triggers). A list whose filter names no
-- store (an admin's, unsearched) finds its page's range here: at 10M rows the per-store counts of one amount
-- are ~250k rows to sum (30-80 ms) and a range holds ~150k sales to step over (~45 ms); these are ~3,000
-- rows and ranges of at most ~6,000 sales (Transactions: each whole value, ~28,000). Store-scoped lists keep
-- the per-store counts. Like the per-day totals (017), an insert updates rows every store shares (one a
-- measure), so concurrent writers of sales in the same ranges queue on them until each commits: in 017's
-- measurement (8 clients writing single sales), ~1,750 transactions/s with both tables, ~2,000 with 017's alone.
-- A range with no sales rows has no row here.
create table sales_value_counts (
  measure text not null,
  -- The range's first value and the first value past it.
  bucket numeric not null,
  bucket_end numeric not null,
  row_count bigint not null,
  primary key (measure, bucket) include (bucket_end, row_count)
);

-- The range of each amount column a sales row falls in, over all stores; the one place these widths are
-- written. Margins are kept to 4 places, so 0.0001 is each value's own range.
create function sales_fine_value_buckets(sales numeric, transactions integer, margin numeric)
returns table (measure text, bucket numeric, bucket_end numeric) language sql immutable as $$
  values
    ('sales', floor(sales / 5) * 5, floor(sales / 5) * 5 + 5),
    ('transactions', transactions::numeric, transactions::numeric + 1),
    ('margin', floor(margin / 0.0001) * 0.0001, floor(margin / 0.0001) * 0.0001 + 0.0001)
$$;

insert into sales_value_counts (measure, bucket, bucket_end, row_count)
select b.measure, b.bucket, b.bucket_end, count(*)
from sales s cross join lateral sales_fine_value_buckets(s.sales, s.transactions, s.margin) b
group by 1, 2, 3;

-- Adds the changed rows' counts (negated for rows that went away) and drops ranges left with no rows. Rows
-- are locked in key order, so two transactions touching many ranges cannot deadlock on them.
create function sales_value_counts_apply() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into sales_value_counts as t (measure, bucket, bucket_end, row_count)
    select b.measure, b.bucket, b.bucket_end, -count(*)
    from old_rows r cross join lateral sales_fine_value_buckets(r.sales, r.transactions, r.margin) b
    group by 1, 2, 3 order by 1, 2
    on conflict (measure, bucket) do update set row_count = t.row_count + excluded.row_count;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into sales_value_counts as t (measure, bucket, bucket_end, row_count)
    select b.measure, b.bucket, b.bucket_end, count(*)
    from new_rows r cross join lateral sales_fine_value_buckets(r.sales, r.transactions, r.margin) b
    group by 1, 2, 3 order by 1, 2
    on conflict (measure, bucket) do update set row_count = t.row_count + excluded.row_count;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    -- Only the ranges rows left can have come down to none.
    delete from sales_value_counts t
    using (select distinct b.measure, b.bucket from old_rows r cross join lateral sales_fine_value_buckets(r.sales, r.transactions, r.margin) b) o
    where t.measure = o.measure and t.bucket = o.bucket and t.row_count = 0;
  end if;
  return null;
end
$$;

create function sales_value_counts_clear() returns trigger language plpgsql as $$
begin
  delete from sales_value_counts;
  return null;
end
$$;

create trigger sales_value_counts_insert after insert on sales
  referencing new table as new_rows for each statement execute function sales_value_counts_apply();
create trigger sales_value_counts_update after update on sales
  referencing old table as old_rows new table as new_rows for each statement execute function sales_value_counts_apply();
create trigger sales_value_counts_delete after delete on sales
  referencing old table as old_rows for each statement execute function sales_value_counts_apply();
create trigger sales_value_counts_truncate after truncate on sales
  for each statement execute function sales_value_counts_clear();
