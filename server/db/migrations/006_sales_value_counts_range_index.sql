-- The value counts (005) in range order for one measure: an unscoped deep page in Sales, Transactions or
-- Margin order sums them per range across every store, which the primary key (store first) serves only
-- by hashing ~24k rows (12 ms); read in range order they are summed as they come (7 ms).
create index sales_store_value_counts_range_idx on sales_store_value_counts (measure, bucket) include (bucket_end, row_count);
