-- Column filters on daily sales (common/table-filters.ts): a filter on one column and a sort on another. A
-- range of days sorted by an amount walks the amount's index from its end and keeps the rows of those days:
-- with the day carried in the index it keeps them inside an index-only scan (6k rows checked in 1 ms, where
-- each was a heap visit: 18 ms); likewise an amount range in the default order by day walks the day index
-- and checks the amounts there. A few stores' sales (a store name filter) sorted by amount read those
-- stores' entries in amount order from (store_id, sales) instead of walking every store's in the amount
-- index: 3 stores of 500 left 24k entries to skip (12 ms).
drop index if exists sales_date_key_idx;
drop index if exists sales_sales_key_idx;
drop index if exists sales_transactions_key_idx;
drop index if exists sales_margin_key_idx;
create index sales_date_key_idx on sales (sale_date, sale_id) include (store_id, sales, transactions, margin);
create index sales_sales_key_idx on sales (sales, sale_id) include (store_id, sale_date);
create index sales_transactions_key_idx on sales (transactions, sale_id) include (store_id, sale_date);
create index sales_margin_key_idx on sales (margin, sale_id) include (store_id, sale_date);
create index sales_store_sales_idx on sales (store_id, sales, sale_id);
