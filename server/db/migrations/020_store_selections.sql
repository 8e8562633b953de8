-- Store selections too long for a URL, held by the server under a short reference (issue 34): a page asks
-- for a table, a summary or an export with `stores=@<reference>` instead of thousands of ids, which would pass
-- Node's 16 KB header limit (431) and a proxy's. The reference is the SHA-256 of the sorted ids
-- (server/store-selections/selection-reference.ts), so the same list always has the same reference, on every
-- instance, whoever registered it; it names stores and grants nothing (each use is intersected with its
-- user's own stores). `used_at` is moved on by use (at most daily) and by registering the list again; a
-- selection unused for STORE_SELECTION_UNUSED_DAYS is removed a few at a time as new ones are registered.
-- `created_by` and `created_at` bound how many new selections one user may register a day.
create table store_selections (
  reference text primary key,
  store_ids integer[] not null,
  created_by integer references users (user_id) on delete set null,
  created_at timestamptz not null default now(),
  used_at timestamptz not null default now()
);
create index store_selections_used_idx on store_selections (used_at);
create index store_selections_creator_idx on store_selections (created_by, created_at);
