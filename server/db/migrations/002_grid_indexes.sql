-- Indexes for the table API (server/grid): every sortable column of a large table has a btree index that
-- ends with the key, so a page in any order (and a keyset step from the last row) is an index range;
-- searchable text has pg_trgm GIN indexes, so ILIKE '%abc%' does not scan the table.

-- Daily sales: the big table. The key as the last column makes (column, key) orders index-only to walk.
drop index if exists sales_date_idx;
create index sales_date_key_idx on sales (sale_date, sale_id);
create index sales_sales_key_idx on sales (sales, sale_id);
create index sales_transactions_key_idx on sales (transactions, sale_id);
create index sales_margin_key_idx on sales (margin, sale_id);
create index sales_store_key_idx on sales (store_id, sale_id);

-- Stores: sorted by name (also the outer side of sales ordered by store) and searched by name and city.
create index stores_name_idx on stores (name, store_id);
create index stores_city_idx on stores (city, store_id);
create index stores_open_date_idx on stores (open_date, store_id);
create index stores_name_trgm_idx on stores using gin (name gin_trgm_ops);
create index stores_city_trgm_idx on stores using gin (city gin_trgm_ops);

-- Users, inbox, client errors and the audit log grow with use: their sorted and searched text.
create index users_last_name_idx on users (last_name, user_id);
create index users_user_name_trgm_idx on users using gin (user_name gin_trgm_ops);
create index users_last_name_trgm_idx on users using gin (last_name gin_trgm_ops);
create index inbox_title_trgm_idx on inbox using gin (title gin_trgm_ops);
create index user_errors_message_trgm_idx on user_errors using gin (message gin_trgm_ops);
create index user_errors_page_trgm_idx on user_errors using gin (page gin_trgm_ops);
create index audit_log_row_key_trgm_idx on audit_log using gin (row_key gin_trgm_ops);
create index audit_log_at_key_idx on audit_log (at, audit_id);
