-- The per-store totals (016) dropped stores left with no sales with a scan of the whole table on every
-- statement that wrote sales, an insert included: at close of day each feed request's one new sale read every
-- store's row. Measured (EXPLAIN ANALYZE of a one-sale insert, warm, 1,444 stores' rows): the trigger took
-- 0.23-0.25 ms of the insert's 0.67-0.71 ms, and 0.03 ms without the scan (a chain's 5,000 rows: ~3.5 times
-- the scan). Now only the stores the old rows were in, and only when rows went away or moved (as 005 made
-- the month totals'); an insert cannot bring a store's count down.
create or replace function sales_store_totals_apply() returns trigger language plpgsql as $$
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
  if tg_op in ('UPDATE', 'DELETE') then
    delete from sales_store_totals t using (select distinct store_id from old_rows) o
    where t.store_id = o.store_id and t.row_count = 0;
  end if;
  return null;
end
$$;
