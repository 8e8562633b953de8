-- The sales table's sums per store over all its days, kept by statement-level triggers as migration 003 keeps
-- them per store and month. At a chain's size (5,000 stores, 10M daily sales) the month table holds some
-- 350,000 rows, and a list's footer totals, count and groups by store or state summed them all when not kept
-- (0.1-0.45 s); here they sum one row a store. The month table still answers deep pages in date order
-- (its buckets) and the summaries of a cycle.
create table sales_store_totals (
  store_id integer primary key references stores (store_id),
  row_count bigint not null,
  sales numeric not null,
  transactions bigint not null,
  margin_sum numeric not null
);

insert into sales_store_totals (store_id, row_count, sales, transactions, margin_sum)
select store_id, count(*), sum(sales), sum(transactions), sum(margin)
from sales group by 1;

-- Adds the changed rows' sums (negated for rows that went away) and drops stores left with no rows. Rows are
-- locked in key order, so two transactions touching many stores cannot deadlock on them.
create function sales_store_totals_apply() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into sales_store_totals as t (store_id, row_count, sales, transactions, margin_sum)
    select store_id, -count(*), -sum(sales), -sum(transactions), -sum(margin)
    from old_rows group by 1 order by 1
    on conflict (store_id) do update set row_count = t.row_count + excluded.row_count, sales = t.sales + excluded.sales,
      transactions = t.transactions + excluded.transactions, margin_sum = t.margin_sum + excluded.margin_sum;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into sales_store_totals as t (store_id, row_count, sales, transactions, margin_sum)
    select store_id, count(*), sum(sales), sum(transactions), sum(margin)
    from new_rows group by 1 order by 1
    on conflict (store_id) do update set row_count = t.row_count + excluded.row_count, sales = t.sales + excluded.sales,
      transactions = t.transactions + excluded.transactions, margin_sum = t.margin_sum + excluded.margin_sum;
  end if;
  delete from sales_store_totals where row_count = 0;
  return null;
end
$$;

create function sales_store_totals_clear() returns trigger language plpgsql as $$
begin
  delete from sales_store_totals;
  return null;
end
$$;

create trigger sales_store_totals_insert after insert on sales
  referencing new table as new_rows for each statement execute function sales_store_totals_apply();
create trigger sales_store_totals_update after update on sales
  referencing old table as old_rows new table as new_rows for each statement execute function sales_store_totals_apply();
create trigger sales_store_totals_delete after delete on sales
  referencing old table as old_rows for each statement execute function sales_store_totals_apply();
create trigger sales_store_totals_truncate after truncate on sales
  for each statement execute function sales_store_totals_clear();
