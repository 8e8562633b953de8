-- The sales sort indexes carry store_id, so a store-scoped list (every user below head office, and any
-- search on store names: server/grid/filter.ts turns both into `store_id = any(ids)`) filters inside an
-- index-only scan instead of visiting each row: a scoped deep page or sort reads no table pages. The key
-- stays last of the ordered columns, so keyset paging works as before.
drop index if exists sales_date_key_idx;
drop index if exists sales_sales_key_idx;
drop index if exists sales_transactions_key_idx;
drop index if exists sales_margin_key_idx;
create index sales_date_key_idx on sales (sale_date, sale_id) include (store_id);
create index sales_sales_key_idx on sales (sales, sale_id) include (store_id);
create index sales_transactions_key_idx on sales (transactions, sale_id) include (store_id);
create index sales_margin_key_idx on sales (margin, sale_id) include (store_id);
