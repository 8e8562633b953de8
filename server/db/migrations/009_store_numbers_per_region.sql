-- Store numbers are unique within a region (the store's group), not across the chain. A regional user sees
-- only their region's stores; with one chain-wide number space, adding a store under a number another
-- region uses was refused as "not unique", which told them that store exists. Within a region the refusal
-- names only a store they can see. Lists still sort and search by number: it keeps an index of its own.
alter table stores drop constraint stores_store_number_key;
alter table stores add constraint stores_number_in_region_key unique (group_id, store_number);
create index stores_store_number_idx on stores (store_number);
