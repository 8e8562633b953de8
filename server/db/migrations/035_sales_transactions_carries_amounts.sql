-- Footer totals of daily sales filtered on a Transactions range together with another filter (a range of
-- another amount, some stores) are summed over the rows themselves (the kept sums of 034 answer one range
-- alone): the planner reads the Transactions range along its index, the narrowest candidate set, and each
-- entry's other amounts were a heap visit (306k rows for "Transactions 100 to 110" at 10M: 1.7 s, most of it
-- reading the table's pages). Carrying the amounts in the index keeps the whole sum inside an index-only scan,
-- as 019 did for Sales. Margin's index keeps its narrow shape: its ranges people filter by are few rows.
drop index if exists sales_transactions_key_idx;
create index sales_transactions_key_idx on sales (transactions, sale_id) include (store_id, sale_date, sales, margin);
