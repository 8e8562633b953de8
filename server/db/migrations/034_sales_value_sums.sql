-- The daily sales table's sums per value range of each amount column, in the ranges of 018
-- (sales_fine_value_buckets: Sales 5 wide, each whole Transactions value, each Margin value), kept by
-- statement-level triggers as 017 and 018 keep theirs. The footer totals of a filter on one amount's range
-- (an admin's "Transactions 100 to 110") add up the ranges wholly inside it and read from the sales only the
-- rows of the ranges it cuts (server/table-api/list/value-sums.ts): at 10M rows "Transactions 100 to 110"
-- read ~300k sales rows one by one (1.8 s cold) where it now sums ~90 rows.
-- Each range's sums are split over 8 shards by store (store_id % 8), so the close of day, 5,000 stores
-- writing the same day at once, does not queue every store whose amounts fall in a range on one row: a
-- statement updates its stores' shards only. Readers sum the shards (8 rows a range).
-- A range with no sales rows has no row here, so sums over nothing stay NULL as over sales.
create table sales_value_sums (
  measure text not null,
  -- The range's first value and the first value past it.
  bucket numeric not null,
  shard smallint not null,
  bucket_end numeric not null,
  row_count bigint not null,
  sales numeric not null,
  transactions bigint not null,
  margin_sum numeric not null,
  primary key (measure, bucket, shard)
);

-- The shard a store's sums are kept in is the day totals' (migration 030's sales_kept_shard).

insert into sales_value_sums (measure, bucket, shard, bucket_end, row_count, sales, transactions, margin_sum)
select b.measure, b.bucket, sales_kept_shard(s.store_id), b.bucket_end, count(*), sum(s.sales), sum(s.transactions), sum(s.margin)
from sales s cross join lateral sales_fine_value_buckets(s.sales, s.transactions, s.margin) b
group by 1, 2, 3, 4;

-- Adds the changed rows' sums (negated for rows that went away) and drops ranges left with no rows. Rows are
-- locked in key order, so two transactions touching many ranges cannot deadlock on them.
create function sales_value_sums_apply() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into sales_value_sums as t (measure, bucket, shard, bucket_end, row_count, sales, transactions, margin_sum)
    select b.measure, b.bucket, sales_kept_shard(r.store_id), b.bucket_end, -count(*), -sum(r.sales), -sum(r.transactions), -sum(r.margin)
    from old_rows r cross join lateral sales_fine_value_buckets(r.sales, r.transactions, r.margin) b
    group by 1, 2, 3, 4 order by 1, 2, 3
    on conflict (measure, bucket, shard) do update set row_count = t.row_count + excluded.row_count, sales = t.sales + excluded.sales,
      transactions = t.transactions + excluded.transactions, margin_sum = t.margin_sum + excluded.margin_sum;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into sales_value_sums as t (measure, bucket, shard, bucket_end, row_count, sales, transactions, margin_sum)
    select b.measure, b.bucket, sales_kept_shard(r.store_id), b.bucket_end, count(*), sum(r.sales), sum(r.transactions), sum(r.margin)
    from new_rows r cross join lateral sales_fine_value_buckets(r.sales, r.transactions, r.margin) b
    group by 1, 2, 3, 4 order by 1, 2, 3
    on conflict (measure, bucket, shard) do update set row_count = t.row_count + excluded.row_count, sales = t.sales + excluded.sales,
      transactions = t.transactions + excluded.transactions, margin_sum = t.margin_sum + excluded.margin_sum;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    -- Only the ranges rows left can have come down to none.
    delete from sales_value_sums t
    using (
      select distinct b.measure, b.bucket, sales_kept_shard(r.store_id) as shard
      from old_rows r cross join lateral sales_fine_value_buckets(r.sales, r.transactions, r.margin) b
    ) o
    where t.measure = o.measure and t.bucket = o.bucket and t.shard = o.shard and t.row_count = 0;
  end if;
  return null;
end
$$;

create function sales_value_sums_clear() returns trigger language plpgsql as $$
begin
  delete from sales_value_sums;
  return null;
end
$$;

create trigger sales_value_sums_insert after insert on sales
  referencing new table as new_rows for each statement execute function sales_value_sums_apply();
create trigger sales_value_sums_update after update on sales
  referencing old table as old_rows new table as new_rows for each statement execute function sales_value_sums_apply();
create trigger sales_value_sums_delete after delete on sales
  referencing old table as old_rows for each statement execute function sales_value_sums_apply();
create trigger sales_value_sums_truncate after truncate on sales
  for each statement execute function sales_value_sums_clear();
