-- Footer totals of the daily sales table per store, kept by statement-level triggers in the same
-- transaction as every change to sales (the table API, the seed, an import, psql). A table's totals over
-- a million rows then read ~500 rows instead: every filter the sales table offers (store scope, store
-- search) is a condition on stores, which this table still answers (server/grid/list.ts uses it when the
-- filter reads no other sales column). A store with no sales rows has no row here, so sums over nothing
-- stay NULL as they are over sales itself.
create table sales_store_totals (
  store_id integer primary key references stores (store_id),
  row_count bigint not null,
  sales numeric not null,
  transactions bigint not null,
  margin_sum numeric not null
);

insert into sales_store_totals (store_id, row_count, sales, transactions, margin_sum)
select store_id, count(*), sum(sales), sum(transactions), sum(margin) from sales group by store_id;

-- Adds the changed rows' sums (negated for rows that went away) and drops stores left with no rows.
-- Stores are locked in id order, so two transactions touching many stores cannot deadlock on them.
create function sales_store_totals_apply() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into sales_store_totals as t (store_id, row_count, sales, transactions, margin_sum)
    select store_id, -count(*), -sum(sales), -sum(transactions), -sum(margin) from old_rows group by store_id order by store_id
    on conflict (store_id) do update set row_count = t.row_count + excluded.row_count, sales = t.sales + excluded.sales,
      transactions = t.transactions + excluded.transactions, margin_sum = t.margin_sum + excluded.margin_sum;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into sales_store_totals as t (store_id, row_count, sales, transactions, margin_sum)
    select store_id, count(*), sum(sales), sum(transactions), sum(margin) from new_rows group by store_id order by store_id
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
