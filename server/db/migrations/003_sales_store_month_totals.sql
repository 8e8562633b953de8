-- Footer totals and row counts of the daily sales table per store and month, kept by statement-level
-- triggers in the same transaction as every change to sales (the table API, the seed, an import, psql).
-- Every filter the sales table offers (store scope, store search) is a condition on stores, which this
-- table still answers, so (server/grid/list.ts, positions.ts):
-- - a table's totals over a million rows add up ~30k rows instead;
-- - a deep page in date order finds its month from the counts and reads only that month's rows, where an
--   OFFSET would step over every row before it.
-- A store and month with no sales rows has no row here, so sums over nothing stay NULL as over sales.
create table sales_store_month_totals (
  store_id integer not null references stores (store_id),
  month date not null,
  row_count bigint not null,
  sales numeric not null,
  transactions bigint not null,
  margin_sum numeric not null,
  primary key (store_id, month)
);
create index sales_store_month_totals_month_idx on sales_store_month_totals (month, store_id) include (row_count);

insert into sales_store_month_totals (store_id, month, row_count, sales, transactions, margin_sum)
select store_id, date_trunc('month', sale_date)::date, count(*), sum(sales), sum(transactions), sum(margin)
from sales group by 1, 2;

-- Adds the changed rows' sums (negated for rows that went away) and drops months left with no rows. Rows
-- are locked in key order, so two transactions touching many stores cannot deadlock on them.
create function sales_store_month_totals_apply() returns trigger language plpgsql as $$
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
  delete from sales_store_month_totals where row_count = 0;
  return null;
end
$$;

create function sales_store_month_totals_clear() returns trigger language plpgsql as $$
begin
  delete from sales_store_month_totals;
  return null;
end
$$;

create trigger sales_store_month_totals_insert after insert on sales
  referencing new table as new_rows for each statement execute function sales_store_month_totals_apply();
create trigger sales_store_month_totals_update after update on sales
  referencing old table as old_rows new table as new_rows for each statement execute function sales_store_month_totals_apply();
create trigger sales_store_month_totals_delete after delete on sales
  referencing old table as old_rows for each statement execute function sales_store_month_totals_apply();
create trigger sales_store_month_totals_truncate after truncate on sales
  for each statement execute function sales_store_month_totals_clear();
